import type { Sizes } from '../bundle-size';
import type { FlowFigures } from './flows';
import type { InteractiveFigures } from './interactive';
import { isRatioPeer, type PeerSize } from './peers';
import type { OurSizes } from './sizes';
import type { Target } from './targets';
import type { TracedTasks } from './trace';

export interface Machine {
  node: string;
  cores: number;
  cpu: string;
  os: string;
  browser: string;
  latencyMs: number;
  /** 1-minute load average when the bench started and ended: other work on the machine. */
  load: [number, number];
}

export interface BenchResult {
  machine: Machine;
  sizes: OurSizes & { peers: PeerSize[]; adyenCss: Sizes & { file: string } };
  flows: FlowFigures[];
  interactive: InteractiveFigures;
  trace: TracedTasks | null;
  targets: Target[];
}

const n = (value: number | null | undefined): string =>
  value === null || value === undefined || Number.isNaN(value)
    ? '—'
    : value.toLocaleString('en-US');
const ms = (value: number): string => value.toFixed(1);
const ratio = (a: number, b: number): string => (a / b).toFixed(2);

/** A Markdown table, columns padded so it also reads as plain text. */
function table(head: string[], rows: string[][], right: boolean[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (right[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (right[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}

function sizesSection(result: BenchResult): string {
  const { rows, esmChunks, peers, adyenCss } = result.sizes;
  const ours = table(
    ['ours', 'bytes', 'gzip -9', 'brotli 11', 'what'],
    rows.map((r) => [r.label, n(r.bytes), n(r.gzip), n(r.brotli), r.note]),
    [false, true, true, true, false],
  );
  const mine = (kind: PeerSize['kind']) =>
    rows.find((r) => r.id === (kind === 'drop-in' ? 'drop-in' : 'headless')) as Sizes;
  const peerRows = peers.map((p) => {
    const us = mine(p.kind);
    const counted = isRatioPeer(p);
    return [
      p.kind,
      p.label,
      p.version,
      n(p.bytes),
      n(p.gzip),
      n(p.brotli),
      n(p.reference),
      n(us.gzip),
      counted ? ratio(us.gzip, p.gzip) : `(${ratio(us.gzip, p.gzip)})`,
      counted ? ratio(us.brotli, p.brotli) : `(${ratio(us.brotli, p.brotli)})`,
    ];
  });
  const peerTable = table(
    [
      '',
      'peer (esbuild, minified)',
      'version',
      'bytes',
      'gzip -9',
      'brotli 11',
      'reference gzip',
      'ours gzip',
      'ours/peer gzip',
      'ours/peer brotli',
    ],
    peerRows,
    [false, false, false, true, true, true, true, true, true, true],
  );
  const css = peers.reduce((sum, p) => sum + p.cssImports, 0);
  return [
    '### Sizes (esbuild bundle, minified, gzip -9, brotli quality 11)',
    '',
    ours,
    '',
    `ESM entry: imports ${esmChunks.static.join(', ') || 'no chunk'} statically; ${esmChunks.dynamic.join(', ') || 'nothing'} on the first mount().`,
    '',
    peerTable,
    '',
    `Peers' \`*.css\` imports are marked external (${css} found in these entries). Adyen's components need ${adyenCss.file} on top: ${n(adyenCss.gzip)} B gzip, ${n(adyenCss.brotli)} B brotli. Ours carries its CSS inside the JavaScript.`,
    'Ours as drop-in is the esbuild drop-in row; as headless the headless row. Bracketed ratios: braintree-web imported as `braintree-web/<module>` (its browser field: standalone bundles that each repeat shared code), for reference; the ratios without brackets use `<module>/index.js`, the smaller figure.',
  ].join('\n');
}

function flowsSection(flows: FlowFigures[], latencyMs: number): string {
  const flowTable = table(
    [
      'flow',
      'runs',
      'median',
      'delays on the path',
      'overhead',
      'ratio',
      "bank's pages",
      'outside them: median',
      'delays',
      'overhead',
      'ratio',
      'API net. (server) / our JS',
      'long tasks',
    ],
    flows.map((f) => [
      f.label,
      String(f.runs),
      ms(f.medianMs),
      `${f.delaysMs} = ${f.apiRequests} API × ${latencyMs}${f.pageWaitMs ? ` + ${f.pageWaitMs} page wait` : ''}`,
      ms(f.overheadMs),
      f.ratio.toFixed(2),
      f.outsideBank.windowMs > 0 ? ms(f.outsideBank.windowMs) : '—',
      ms(f.outsideBank.medianMs),
      String(f.outsideBank.delaysMs),
      ms(f.outsideBank.overheadMs),
      f.outsideBank.ratio.toFixed(2),
      `${ms(f.breakdown.apiNetworkMs)} (${ms(f.breakdown.serverMs)}) / ${ms(f.breakdown.clientMs)}`,
      f.longTasks.count === 0
        ? 'none'
        : `${f.longTasks.count}, longest ${ms(f.longTasks.longestMs)}`,
    ]),
    [false, true, true, false, true, true, true, true, true, true, true, true, false],
  );
  const preflights = flows.map((f) => `${f.label} ${f.preflights} of ${f.apiRequests}`).join(', ');
  return [
    `### Flows (ms; headless Chromium, sandbox latency ${latencyMs} ms, medians after one warm-up)`,
    '',
    flowTable,
    '',
    "Times are the page's performance.now() from calling authenticate() to its result. Delays: API requests counted in the sandbox's log (CORS preflights, which it does not delay, left out) × latency, plus the fingerprinting page's own wait before it posts (its data-delay-ms). Bank's pages: fingerprint:start → fingerprint:complete and challenge:shown → challenge:complete — the bank's page loads, its wait, and for the challenge the bench typing the code and submitting; outside them only our code and the API calls remain. API net.: the API requests' durations in the page (resource timing) beyond the latency, preflights included; (server): the sandbox's own share of it, from its log; our JS: the rest of the time outside the bank's pages.",
    `API requests preceded by a CORS preflight (most in one run): ${preflights}.`,
  ].join('\n');
}

function interactiveSection(i: InteractiveFigures, trace: TracedTasks | null): string {
  const rows = [
    ['script start → form interactive (end to end)', ms(i.medianMs)],
    ["  the widget's own (evaluation + mount() → inputs)", ms(i.widgetMs)],
    ['  script evaluation', ms(i.parts.evaluateMs)],
    ["  the demo page's code until mount() (awaits /demo-config.json)", ms(i.parts.pageMs)],
    ['  mount() → inputs in the shadow root, enabled, laid out', ms(i.parts.mountMs)],
    ['  → after the next rendered frame', ms(i.parts.frameMs)],
    [
      'long tasks while loading the page (longtask observer)',
      i.longTasks.count === 0
        ? 'none'
        : `${i.longTasks.count}, longest ${ms(i.longTasks.longestMs)}`,
    ],
  ];
  return [
    `### Script-to-interactive (ms; ${i.page}, median of ${i.loads} loads) and long tasks`,
    '',
    table(['', 'ms'], rows, [false, true]),
    '',
    `Marks: sc:script-start is the first statement of dist/secure-checkout.js (prepended by the bench), sc:interactive the moment its shadow root holds ${i.inputs} enabled, rendered inputs. Typing into the card number field after load ${i.acceptsInput ? 'changed its value' : 'did NOT change its value'}.`,
    ...(trace ? ['', traceTable(trace)] : []),
  ].join('\n');
}

/** Trace event names, in words. */
const STARTERS: Record<string, string> = {
  BlinkScheduler_PerformMicrotaskCheckpoint: 'microtasks (a promise settled)',
  'Receive mojo message': 'a browser message (e.g. postMessage, DevTools)',
};

function traceTable(trace: TracedTasks): string {
  return [
    `Longest main-thread task in a Chromium trace of ${trace.runsPerFlow} more runs per flow (tracing slows the page: upper bounds) and what it spent its time on; last column, from DevTools network timings: the median time from fetch() to an API request going out — the CORS preflight's round trip, mostly.`,
    '',
    table(
      [
        'flow',
        'longest',
        '> 50',
        'iframe creation',
        'style',
        'layout',
        'new script contexts',
        'started by',
        'fetch → sent',
      ],
      trace.flows.map((f) => [
        f.label,
        ms(f.longestMs),
        String(f.over50),
        ms(f.inside.iframeCreationMs),
        ms(f.inside.styleMs),
        ms(f.inside.layoutMs),
        `${f.inside.contexts}: ${ms(f.inside.contextMs)}`,
        STARTERS[f.inside.startedBy] ?? f.inside.startedBy,
        ms(f.beforeSendMs),
      ]),
      [false, true, true, true, true, true, true, false, true],
    ),
  ].join('\n');
}

function targetsSection(targets: Target[]): string {
  return [
    '### Targets',
    '',
    table(
      ['target', 'measured', '', 'what'],
      targets.map((t) => [
        t.target,
        t.id === 'long-task' && t.value === 0
          ? 'none'
          : `${t.unit === 'B' ? n(t.value) : ms(t.value)} ${t.unit}`,
        t.met ? 'met' : 'not reached',
        t.detail,
      ]),
      [false, true, false, false],
    ),
  ].join('\n');
}

export function formatReport(result: BenchResult): string {
  const m = result.machine;
  return [
    `## secure-checkout bench — Node ${m.node}, ${m.cores} cores (${m.cpu}), ${m.os}, Chromium ${m.browser}; load average ${m.load[0].toFixed(2)} at the start, ${m.load[1].toFixed(2)} at the end`,
    '',
    sizesSection(result),
    '',
    flowsSection(result.flows, m.latencyMs),
    '',
    interactiveSection(result.interactive, result.trace),
    '',
    targetsSection(result.targets),
    '',
  ].join('\n');
}
