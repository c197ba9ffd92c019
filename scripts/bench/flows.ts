import type { Page, Response } from '@playwright/test';
import { CHALLENGE_CODE, SCENARIOS } from '../../demo/service/three-ds/scenarios';
import { type BenchEnv, LATENCY_MS, waitInPage, withTimeout } from './env';
import { FLOW_HARNESS, type LongTask, type PageFlow } from './in-page';
import { median, round1, round2, theOne } from './stats';

export interface FlowSpec {
  id: 'frictionless' | 'fingerprint' | 'challenge';
  label: string;
  /** The sandbox scenario whose card drives it. */
  scenario: string;
  challenge: boolean;
}

export const FLOWS: readonly FlowSpec[] = [
  { id: 'frictionless', label: 'frictionless', scenario: 'Frictionless success', challenge: false },
  {
    id: 'fingerprint',
    label: 'fingerprint + frictionless',
    scenario: 'Fingerprint then frictionless',
    challenge: false,
  },
  { id: 'challenge', label: 'challenge (approved)', scenario: 'Direct challenge', challenge: true },
];

const FLOW_TIMEOUT_MS = 15_000;

/** One run, in the page's milliseconds. */
export interface FlowRun {
  total: number;
  /** Time inside the bank's pages: fingerprint:start → complete, challenge:shown → complete. */
  window: number;
  /** API requests that went through the sandbox's latency (everything but CORS preflights). */
  apiRequests: number;
  preflights: number;
  /** The fingerprinting page's own wait before it posts (its `data-delay-ms`), 0 without one. */
  pageWaitMs: number;
  /** Durations of the API requests as the page saw them (resource timing), added up. */
  apiTime: number;
  /** The sandbox's own time on them beyond the latency (its log, whole ms), added up. */
  serverExtra: number;
  start: number;
  end: number;
}

const cardOf = (spec: FlowSpec): string => {
  const scenario = SCENARIOS.find((s) => s.name === spec.scenario);
  if (!scenario) throw new Error(`no sandbox scenario named ${spec.scenario}`);
  return scenario.card;
};

/** The engine page with the bench's harness; the script-tag build loaded. */
export async function openFlowPage(env: BenchEnv): Promise<Page> {
  const page = await env.browser.newPage();
  page.setDefaultTimeout(FLOW_TIMEOUT_MS);
  await page.goto(`${env.sandbox.demoUrl}/engine.html`);
  await waitInPage(page, 'typeof window.SecureCheckout?.createCheckout === "function"', 15_000);
  // Not an init script: Playwright runs those in every frame, the flows' iframes included,
  // which would add its own work to the very tasks we time.
  await page.evaluate(FLOW_HARNESS);
  return page;
}

/** One `authenticate()` from call to result; a challenge is answered with the right code. */
export async function runFlowOnce(page: Page, env: BenchEnv, spec: FlowSpec): Promise<FlowRun> {
  env.requests.take();
  const waits: Promise<number>[] = [];
  const onResponse = (response: Response) => {
    if (!/\/3ds\/fingerprint(\?|$)/.test(response.url())) return;
    waits.push(
      response.text().then((html) => Number(/data-delay-ms="(\d+)"/.exec(html)?.[1] ?? 0)),
    );
  };
  page.on('response', onResponse);
  try {
    const args = { api: env.sandbox.apiUrl, card: cardOf(spec), timeoutMs: FLOW_TIMEOUT_MS };
    await page.evaluate(`window.__bench.start(${JSON.stringify(args)})`);
    if (spec.challenge) {
      const frame = page.frameLocator('dialog iframe');
      await frame.locator('#acs-code').fill(CHALLENGE_CODE);
      await frame.locator('#acs-submit').click();
    }
    const flow = (await withTimeout(
      page.evaluate('window.__bench.finish()'),
      FLOW_TIMEOUT_MS + 5_000,
      `the ${spec.label} flow`,
    )) as PageFlow;
    if (!flow.ok || flow.status !== 'succeeded')
      throw new Error(`the ${spec.label} flow ended ${flow.status ?? flow.error}`);
    const requests = env.requests.take().filter((r) => r.origin === 'api');
    const delayed = requests.filter((r) => r.method !== 'OPTIONS');
    const tooFast = delayed.find((r) => r.ms < LATENCY_MS);
    if (tooFast) throw new Error(`${tooFast.path} answered in ${tooFast.ms} ms, under the latency`);
    const pageWaits = await withTimeout(Promise.all(waits), 5_000, 'reading the fingerprint page');
    const e = flow.events;
    const span = (from?: number, to?: number) =>
      from !== undefined && to !== undefined ? to - from : 0;
    return {
      total: flow.end - flow.start,
      window:
        span(e['fingerprint:start'], e['fingerprint:complete']) +
        span(e['challenge:shown'], e['challenge:complete']),
      apiRequests: delayed.length,
      preflights: requests.length - delayed.length,
      pageWaitMs: pageWaits.reduce((a, b) => a + b, 0),
      apiTime: flow.api.reduce((sum, r) => sum + r.duration, 0),
      serverExtra: delayed.reduce((sum, r) => sum + r.ms - LATENCY_MS, 0),
      start: flow.start,
      end: flow.end,
    };
  } finally {
    page.off('response', onResponse);
  }
}

export interface FlowFigures {
  id: FlowSpec['id'];
  label: string;
  card: string;
  runs: number;
  /** Median of call → result. */
  medianMs: number;
  apiRequests: number;
  preflights: number;
  pageWaitMs: number;
  /** What the sandbox made the flow wait: API requests × latency + the fingerprint page's wait. */
  delaysMs: number;
  overheadMs: number;
  ratio: number;
  /** The same with the bank's pages taken out (their loads, waits and, for a challenge, the bench's typing). */
  outsideBank: {
    windowMs: number;
    medianMs: number;
    delaysMs: number;
    overheadMs: number;
    ratio: number;
  };
  /**
   * Where the time outside the bank's pages goes (medians over runs): the API requests beyond
   * the latency as the page saw them, the sandbox's part of that, and our JavaScript (the rest).
   */
  breakdown: { apiNetworkMs: number; serverMs: number; clientMs: number };
  /** The overhead the ≤ 30 ms target is judged on. */
  judged: { overheadMs: number; basis: string };
  longTasks: { count: number; longestMs: number };
}

/** `runs` timed flows of each kind, after one warm-up each, on one engine page. */
export async function measureFlows(
  env: BenchEnv,
  runs: number,
  log: (line: string) => void,
): Promise<FlowFigures[]> {
  const page = await openFlowPage(env);
  try {
    const figures: FlowFigures[] = [];
    for (const spec of FLOWS) {
      await runFlowOnce(page, env, spec); // warm-up
      const all: FlowRun[] = [];
      for (let i = 0; i < runs; i++) all.push(await runFlowOnce(page, env, spec));
      const longTasks = (await page.evaluate('window.__bench.longTasks')) as LongTask[];
      figures.push(summarize(spec, all, longTasks));
      log(`${spec.label}: median ${round1(median(all.map((r) => r.total)))} ms over ${runs} runs`);
    }
    return figures;
  } finally {
    await page.close().catch(() => {});
  }
}

function summarize(spec: FlowSpec, runs: FlowRun[], longTasks: LongTask[]): FlowFigures {
  const apiRequests = theOne(
    runs.map((r) => r.apiRequests),
    `${spec.label}: API requests`,
  );
  const pageWaitMs = theOne(
    runs.map((r) => r.pageWaitMs),
    `${spec.label}: page wait`,
  );
  const apiDelays = apiRequests * LATENCY_MS;
  const delaysMs = apiDelays + pageWaitMs;
  const medianMs = median(runs.map((r) => r.total));
  const outsideMs = median(runs.map((r) => r.total - r.window));
  const during = longTasks.filter((t) => runs.some((r) => t.start >= r.start && t.start < r.end));
  const outsideBank = {
    windowMs: round1(median(runs.map((r) => r.window))),
    medianMs: round1(outsideMs),
    delaysMs: apiDelays,
    overheadMs: round1(outsideMs - apiDelays),
    ratio: round2(outsideMs / apiDelays),
  };
  const overheadMs = round1(medianMs - delaysMs);
  return {
    id: spec.id,
    label: spec.label,
    card: cardOf(spec),
    runs: runs.length,
    medianMs: round1(medianMs),
    apiRequests,
    preflights: Math.max(...runs.map((r) => r.preflights)),
    pageWaitMs,
    delaysMs,
    overheadMs,
    ratio: round2(medianMs / delaysMs),
    outsideBank,
    breakdown: {
      apiNetworkMs: round1(median(runs.map((r) => r.apiTime - apiDelays))),
      serverMs: round1(median(runs.map((r) => r.serverExtra))),
      clientMs: round1(median(runs.map((r) => r.total - r.window - r.apiTime))),
    },
    judged: spec.challenge
      ? { overheadMs: outsideBank.overheadMs, basis: 'outside the bank window' }
      : { overheadMs, basis: 'whole flow' },
    longTasks: {
      count: during.length,
      longestMs: round1(Math.max(0, ...during.map((t) => t.duration))),
    },
  };
}
