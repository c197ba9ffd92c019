/**
 * The small, driver-agnostic surface the shared engine scenarios are written against. Playwright
 * (Chromium), puppeteer-core over WebDriver BiDi (Firefox) and webdriverio over WebDriver Classic
 * (WebKitGTK) each implement it in a few lines, so the three engines run one scenario list.
 */
import type { FlowOutcome, FlowRecord } from '../page-probes';

export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** The keys the scenarios press, in Playwright's notation. */
export type Key = 'Escape' | 'Enter' | 'Tab' | 'Shift+Tab';

/**
 * Where an element lives. Our UI is in open shadow roots and the bank's page is a cross-origin
 * iframe, which each protocol reaches differently, so scenarios name the place, not the path.
 */
export type Target =
  | { in: 'page'; selector: string }
  /** Inside the open shadow root of `<secure-checkout-form>` (the drop-in card form). */
  | { in: 'form'; selector: string }
  /** Inside the open shadow root of `<secure-checkout-frame>` (our challenge dialog). */
  | { in: 'dialog'; selector: string }
  /** Inside the bank's challenge page, the iframe in our dialog (another origin). */
  | { in: 'challenge'; selector: string };

export interface EngineDriver {
  readonly engine: EngineName;
  /** A fresh page at `path` of the demo origin, with the probe (below) installed. */
  open(path: string): Promise<void>;
  /**
   * Runs `fn(arg)` in the page and returns its (awaited, JSON-serialisable) result. `fn` must be
   * self-contained: it is sent as source text.
   */
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>>;
  /** Clicks the element (as a shopper would, which also gives a cross-origin frame focus). */
  click(target: Target): Promise<void>;
  /** Clicks the element, then types `text` key by key. */
  type(target: Target, text: string): Promise<void>;
  /** Presses a key (or Shift with Tab) in whatever has focus, the bank's page included. */
  press(key: Key): Promise<void>;
}

/** A launched browser with its driver; `close` ends it and every process it started (bounded). */
export interface EngineSession {
  driver: EngineDriver;
  close(): Promise<void>;
}

/** What the probe records in the page: the flow (events, its end), CSP violations, merchant calls. */
export interface Probe extends FlowRecord {
  violations: string[];
  /** Bodies the page POSTed to its merchant server (`/merchant/…`), parsed. */
  merchantCalls: { path: string; body: unknown }[];
}

export type { FlowOutcome };

declare global {
  interface Window {
    engineProbe?: Probe;
  }
}

/**
 * Installs the probe: run before the page's scripts where the protocol allows it (Playwright,
 * BiDi preload scripts), right after load over WebDriver Classic, which has no init scripts.
 * Self-contained: it is sent to the browser as source text.
 */
export function installProbe(): void {
  if (window.engineProbe) return;
  const probe: Probe = { events: [], violations: [], merchantCalls: [] };
  window.engineProbe = probe;
  document.addEventListener('securitypolicyviolation', (event) => {
    probe.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
  // The merchant's own server calls (widget.js looks `fetch` up at call time), to check what
  // onCharge handed the merchant.
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.origin === location.origin && url.pathname.startsWith('/merchant/')) {
      let body: unknown = null;
      try {
        body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      } catch {
        body = init?.body ?? null;
      }
      probe.merchantCalls.push({ path: url.pathname, body });
    }
    return original(input, init);
  };
}

/**
 * `fn(arg)` as one expression. tsx/esbuild may wrap named inner functions in `__name(…)`, a
 * helper that exists only in Node, so the expression brings a no-op one along.
 */
export function expressionOf<A, R>(fn: (arg: A) => R, arg: A): string {
  return `(() => { const __name = (f) => f; return (${fn.toString()})(${JSON.stringify(arg) ?? 'undefined'}); })()`;
}

/** Rejects after `ms` with a message naming what was awaited; the timer never outlives it. */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
