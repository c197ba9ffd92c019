import { type Browser, chromium, type Page } from '@playwright/test';
import { type Sandbox, startSandbox } from '../../demo/sandbox';
import { CHROMIUM_LAUNCH } from '../../e2e/chromium-launch';

export const LATENCY_MS = 100;

/** One request as the sandbox logged it: `api POST /v1/three-ds/submit 200 103ms`. */
export interface LoggedRequest {
  origin: 'api' | '3ds' | 'demo';
  method: string;
  path: string;
  status: number;
  ms: number;
}

const LINE = /^(api|3ds|demo) ([A-Z]+) (\S+) (\d{3}) (\d+)ms$/;

export interface BenchEnv {
  browser: Browser;
  sandbox: Sandbox;
  /** Every request the sandbox served since the last `take()`. */
  requests: { take(): LoggedRequest[] };
  browserVersion: string;
  close(): Promise<void>;
}

/** The sandbox in this process (ports picked by the OS) with 100 ms latency, and Chromium. */
export async function startEnv(log: (line: string) => void): Promise<BenchEnv> {
  let seen: LoggedRequest[] = [];
  const sandbox = await startSandbox({
    apiPort: 0,
    threeDsPort: 0,
    demoPort: 0,
    latencyMs: LATENCY_MS,
    log: (line) => {
      const match = LINE.exec(line);
      if (!match) return;
      const [, origin, method, path, status, ms] = match;
      seen.push({
        origin: origin as LoggedRequest['origin'],
        method: method as string,
        path: path as string,
        status: Number(status),
        ms: Number(ms),
      });
    },
  });
  let browser: Browser;
  try {
    browser = await chromium.launch({
      ...CHROMIUM_LAUNCH,
      timeout: 30_000,
    });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  log(`sandbox ${sandbox.apiUrl} ${sandbox.threeDsUrl} ${sandbox.demoUrl}; ${browser.version()}`);
  return {
    browser,
    sandbox,
    requests: {
      take() {
        const taken = seen;
        seen = [];
        return taken;
      },
    },
    browserVersion: browser.version(),
    async close() {
      await Promise.allSettled([
        withTimeout(browser.close(), 15_000, 'closing the browser'),
        withTimeout(sandbox.close(), 15_000, 'closing the sandbox'),
      ]);
    },
  };
}

/** Rejects when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Waits until `condition` (a JavaScript expression) is true in the page, polling every 5 ms, at
 * most `ms`. (Playwright's waitForFunction evaluates strings with eval, which the demo's CSP forbids.)
 */
export async function waitInPage(page: Page, condition: string, ms: number): Promise<void> {
  const ok = await page.evaluate(`new Promise((resolve) => {
    const deadline = performance.now() + ${ms};
    const poll = () => {
      if (${condition}) resolve(true);
      else if (performance.now() > deadline) resolve(false);
      else setTimeout(poll, 5);
    };
    poll();
  })`);
  if (ok !== true) throw new Error(`the page did not reach ${condition} within ${ms} ms`);
}
