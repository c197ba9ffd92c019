import type { Page } from '@playwright/test';
import { type BenchEnv, waitInPage } from './env';
import { INTERACTIVE_PROBE, type LongTask, SCRIPT_END, SCRIPT_START } from './in-page';
import { median, round1 } from './stats';

export interface InteractiveFigures {
  page: string;
  loads: number;
  /** sc:script-start → sc:interactive: the script's first statement to a form that takes input. */
  medianMs: number;
  /** The widget's own share: script evaluation + mount() → interactive (the page's code between left out). */
  widgetMs: number;
  parts: {
    /** sc:script-start → sc:script-end. */
    evaluateMs: number;
    /** sc:script-end → sc:mount-call: the demo page's own code, its fetch of /demo-config.json included. */
    pageMs: number;
    /** sc:mount-call → sc:interactive. */
    mountMs: number;
    /** sc:interactive → after the next rendered frame. */
    frameMs: number;
  };
  inputs: number;
  /** Typing into the card number field changed its value (checked once, untimed). */
  acceptsInput: boolean;
  longTasks: { count: number; longestMs: number };
}

const MARKS = ['sc:script-start', 'sc:script-end', 'sc:mount-call', 'sc:interactive', 'sc:frame'];
type Marks = Record<string, number>;

const READ_MARKS = `(() => {
  const marks = {};
  for (const name of ${JSON.stringify(MARKS)}) marks[name] = performance.getEntriesByName(name)[0]?.startTime;
  return { marks, inputs: window.__probe.inputs, longTasks: window.__probe.longTasks };
})()`;

/** /widget.html with the script-tag build marked at its first and last statement. */
async function openWidget(env: BenchEnv): Promise<Page> {
  const page = await env.browser.newPage();
  page.setDefaultTimeout(15_000);
  await page.addInitScript(INTERACTIVE_PROBE);
  await page.route('**/dist/secure-checkout.js', async (route) => {
    const response = await route.fetch({ timeout: 15_000 });
    const body = `${SCRIPT_START}${await response.text()}${SCRIPT_END}`;
    const headers = { ...response.headers() };
    delete headers['content-length'];
    await route.fulfill({ response, body, headers });
  });
  return page;
}

async function loadOnce(page: Page, url: string) {
  await page.goto(url);
  await waitInPage(page, 'performance.getEntriesByName("sc:frame").length > 0', 15_000);
  return (await page.evaluate(READ_MARKS)) as {
    marks: Marks;
    inputs: number;
    longTasks: LongTask[];
  };
}

const need = (marks: Marks, name: string): number => {
  const value = marks[name];
  if (value === undefined) throw new Error(`the page never reached ${name}`);
  return value;
};

/** Loads the drop-in page `loads` times after a warm-up, each a fresh navigation. */
export async function measureInteractive(
  env: BenchEnv,
  loads: number,
): Promise<InteractiveFigures> {
  const page = await openWidget(env);
  const url = `${env.sandbox.demoUrl}/widget.html`;
  try {
    await loadOnce(page, url); // warm-up
    const all: { marks: Marks; inputs: number; longTasks: LongTask[] }[] = [];
    for (let i = 0; i < loads; i++) all.push(await loadOnce(page, url));
    const field = page.locator('secure-checkout-form input').first();
    await field.pressSequentially('4000');
    const acceptsInput = (await field.inputValue()).replace(/\D/g, '') === '4000';
    const between = (from: string, to: string) =>
      round1(median(all.map(({ marks }) => need(marks, to) - need(marks, from))));
    const parts = {
      evaluateMs: between('sc:script-start', 'sc:script-end'),
      pageMs: between('sc:script-end', 'sc:mount-call'),
      mountMs: between('sc:mount-call', 'sc:interactive'),
      frameMs: between('sc:interactive', 'sc:frame'),
    };
    const widget = all.map(
      ({ marks }) =>
        need(marks, 'sc:script-end') -
        need(marks, 'sc:script-start') +
        need(marks, 'sc:interactive') -
        need(marks, 'sc:mount-call'),
    );
    const tasks = all.flatMap((load) => load.longTasks);
    return {
      page: '/widget.html',
      loads,
      medianMs: between('sc:script-start', 'sc:interactive'),
      widgetMs: round1(median(widget)),
      parts,
      inputs: Math.min(...all.map((load) => load.inputs)),
      acceptsInput,
      longTasks: {
        count: tasks.length,
        longestMs: round1(Math.max(0, ...tasks.map((t) => t.duration))),
      },
    };
  } finally {
    await page.close().catch(() => {});
  }
}
