import type { FlowFigures } from './flows';
import type { InteractiveFigures } from './interactive';
import type { OurSize } from './sizes';
import type { TracedTasks } from './trace';

export interface Target {
  id: string;
  target: string;
  limit: number;
  /** The figure judged against `limit`. */
  value: number;
  unit: 'B' | 'ms';
  met: boolean;
  /** What the figure is, and what else was measured beside it. */
  detail: string;
}

/** The size and speed targets (judged by the benchmark, not by tests; the size ceilings are tests). */
export const LIMITS = {
  dropInGzip: 22 * 1024,
  headlessGzip: 10 * 1024,
  overheadMs: 30,
  interactiveMs: 30,
  longTaskMs: 50,
} as const;

const row = (
  id: string,
  target: string,
  limit: number,
  value: number,
  unit: Target['unit'],
  detail: string,
): Target => ({
  id,
  target,
  limit,
  value,
  unit,
  met: value <= limit,
  detail,
});

export function judge(
  ours: OurSize[],
  flows: FlowFigures[],
  interactive: InteractiveFigures,
  traced: TracedTasks | null,
): Target[] {
  const size = (id: OurSize['id']) => ours.find((s) => s.id === id)?.gzip ?? Number.NaN;
  const dropIn = Math.max(size('drop-in'), size('script'));
  const targets = [
    row(
      'drop-in',
      'drop-in ≤ 22 KiB gzip',
      LIMITS.dropInGzip,
      dropIn,
      'B',
      `larger of esbuild drop-in ${size('drop-in')} B and dist/secure-checkout.js ${size('script')} B`,
    ),
    row(
      'headless',
      'headless ≤ 10 KiB gzip',
      LIMITS.headlessGzip,
      size('headless'),
      'B',
      'createCheckout + authenticate, esbuild, tree-shaken',
    ),
    ...flows.map((flow) =>
      row(
        `overhead-${flow.id}`,
        `overhead ≤ 30 ms: ${flow.label}`,
        LIMITS.overheadMs,
        flow.outsideBank.overheadMs,
        'ms',
        flow.outsideBank.windowMs > 0
          ? `outside the bank's pages (median ${flow.outsideBank.windowMs} ms inside them); whole flow ${flow.overheadMs} ms over ${flow.delaysMs} ms of delays`
          : `whole flow: median ${flow.medianMs} ms − ${flow.delaysMs} ms of delays`,
      ),
    ),
    row(
      'script-to-interactive',
      'script-to-interactive ≤ 30 ms',
      LIMITS.interactiveMs,
      interactive.widgetMs,
      'ms',
      `the widget's own: evaluation ${interactive.parts.evaluateMs} + mount() → inputs ${interactive.parts.mountMs} ms; end to end on ${interactive.page} ${interactive.medianMs} ms, of which ${interactive.parts.pageMs} ms the demo page's own code before it calls mount()`,
    ),
  ];
  const observed = Math.max(
    interactive.longTasks.longestMs,
    ...flows.map((flow) => flow.longTasks.longestMs),
  );
  targets.push(
    row(
      'long-task',
      'no long task over 50 ms',
      LIMITS.longTaskMs,
      observed,
      'ms',
      `longtask observer (tasks ≥ 50 ms): ${observed > 0 ? `longest ${observed} ms` : 'none'} in the timed flows and page loads; ` +
        (traced
          ? `trace of ${traced.runsPerFlow} more runs per flow: longest main-thread task ${traced.longestMs} ms (tracing inflates it)`
          : 'no trace'),
    ),
  );
  return targets;
}
