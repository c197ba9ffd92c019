import type { CDPSession, Page } from '@playwright/test';
import type { BenchEnv } from './env';
import { FLOWS, type FlowSpec, openFlowPage, runFlowOnce } from './flows';
import { median, round1 } from './stats';

/** The longest main-thread task of one kind of flow, and what it spent its time on. */
export interface TracedFlow {
  id: FlowSpec['id'];
  label: string;
  longestMs: number;
  over50: number;
  /**
   * Median, per API request, from the page asking for it to Chromium sending it (DevTools network
   * timings): the CORS preflight's round trip, mostly.
   */
  beforeSendMs: number;
  /** Inside the longest task. */
  inside: {
    iframeCreationMs: number;
    styleMs: number;
    layoutMs: number;
    /** Script contexts created for a new frame (Playwright adds its own world to every frame). */
    contexts: number;
    contextMs: number;
    /** What started it: a microtask checkpoint (a resolved fetch), a message event, DevTools… */
    startedBy: string;
  };
}

export interface TracedTasks {
  /** Flows of each kind run while tracing. */
  runsPerFlow: number;
  longestMs: number;
  flows: TracedFlow[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { frames?: { url: string; processId: number }[] } };
}

const CATEGORIES = [
  'toplevel',
  'blink',
  'v8',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
];

async function traced(env: BenchEnv, page: Page, run: () => Promise<void>): Promise<TraceEvent[]> {
  await env.browser.startTracing(page, { categories: CATEGORIES });
  let raw: Buffer;
  try {
    await run();
  } finally {
    raw = await env.browser.stopTracing();
  }
  const parsed = JSON.parse(raw.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

/** Complete events on the engine page's main thread. */
function mainThread(events: TraceEvent[]): TraceEvent[] {
  const pid = events
    .filter((e) => e.name === 'TracingStartedInBrowser')
    .flatMap((e) => e.args?.data?.frames ?? [])
    .find((f) => f.url.endsWith('/engine.html'))?.processId;
  if (pid === undefined) throw new Error('the trace does not name the engine page');
  const main = events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.pid === pid &&
      e.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error("the trace has no main thread for the page's renderer");
  return events.filter((e) => e.ph === 'X' && e.pid === pid && e.tid === main.tid);
}

const ms = (us: number | undefined) => (us ?? 0) / 1000;

interface SentRequest {
  requestId: string;
  timestamp: number;
  request: { url: string; method: string };
}
interface ReceivedResponse {
  requestId: string;
  response: { timing?: { requestTime: number; sendStart: number } };
}

/** For every API request but preflights: ms from `requestWillBeSent` to the request going out. */
async function recordSends(cdp: CDPSession, apiUrl: string): Promise<() => number[]> {
  const asked = new Map<string, number>();
  const waits: number[] = [];
  cdp.on('Network.requestWillBeSent', (event: SentRequest) => {
    if (event.request.url.startsWith(apiUrl) && event.request.method !== 'OPTIONS')
      asked.set(event.requestId, event.timestamp);
  });
  cdp.on('Network.responseReceived', (event: ReceivedResponse) => {
    const at = asked.get(event.requestId);
    const timing = event.response.timing;
    if (at === undefined || !timing) return;
    waits.push(timing.requestTime * 1000 + timing.sendStart - at * 1000);
  });
  await cdp.send('Network.enable');
  return () => waits.splice(0);
}

function summarizeTrace(spec: FlowSpec, events: TraceEvent[], waits: number[]): TracedFlow {
  const tasks = events.filter((e) => e.name === 'RunTask').sort((a, b) => ms(b.dur) - ms(a.dur));
  const longest = tasks[0];
  const within = longest
    ? events.filter(
        (e) =>
          e !== longest &&
          e.ts >= longest.ts &&
          e.ts + (e.dur ?? 0) <= longest.ts + (longest.dur ?? 0),
      )
    : [];
  const total = (name: string) =>
    round1(within.filter((e) => e.name === name).reduce((sum, e) => sum + ms(e.dur), 0));
  const contexts = within.filter((e) => e.name === 'LocalWindowProxy::Initialize');
  const first = within
    .filter((e) => e.name !== 'ThreadControllerImpl::RunTask')
    .sort((a, b) => a.ts - b.ts)[0];
  return {
    id: spec.id,
    label: spec.label,
    longestMs: round1(ms(longest?.dur)),
    over50: tasks.filter((t) => ms(t.dur) > 50).length,
    beforeSendMs: round1(median(waits)),
    inside: {
      iframeCreationMs: total('WebLocalFrameImpl::createChildframe'),
      styleMs: total('UpdateLayoutTree'),
      layoutMs: total('Layout'),
      contexts: contexts.length,
      contextMs: round1(contexts.reduce((sum, e) => sum + ms(e.dur), 0)),
      startedBy: first?.name ?? 'unknown',
    },
  };
}

/**
 * The long-task observer only reports tasks of 50 ms and more; a Chromium trace gives the longest
 * task whatever its length, and what it did. Run apart from the timed runs: tracing slows the
 * page (its figures are upper bounds).
 */
export async function traceLongestTask(env: BenchEnv, runsPerFlow: number): Promise<TracedTasks> {
  const page = await openFlowPage(env);
  try {
    const cdp = await page.context().newCDPSession(page);
    const sends = await recordSends(cdp, env.sandbox.apiUrl);
    const flows: TracedFlow[] = [];
    for (const spec of FLOWS) {
      await runFlowOnce(page, env, spec); // warm-up, untraced
      sends();
      const events = await traced(env, page, async () => {
        for (let i = 0; i < runsPerFlow; i++) await runFlowOnce(page, env, spec);
      });
      flows.push(summarizeTrace(spec, mainThread(events), sends()));
    }
    return {
      runsPerFlow,
      longestMs: Math.max(...flows.map((f) => f.longestMs)),
      flows,
    };
  } finally {
    await page.close().catch(() => {});
  }
}
