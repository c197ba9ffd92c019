// Functions that run inside the page, shared by the Playwright specs and the Firefox/WebKit
// drivers: each must be self-contained (it is serialised and evaluated in the browser).
import type { AuthenticationResult, CheckoutEvent, CheckoutOptions } from '../src/types';

export type FlowOutcome =
  | { ok: true; result: AuthenticationResult }
  | { ok: false; code: string; message: string; statusCode?: number };

/**
 * What the page records of the flow a test started: `window.e2e` (Playwright specs) and
 * `window.engineProbe` (the engine drivers) are each one.
 */
export interface FlowRecord {
  events: CheckoutEvent[];
  flow?: Promise<FlowOutcome>;
  /** Set once the flow settled, with how long it took (ms). */
  outcome?: FlowOutcome;
  settled?: boolean;
  settleMs?: number;
  /** The flow's own AbortController, and the checkout's destroy(). */
  abort?(): void;
  destroy?(): void;
}

export interface FlowStart {
  api: string;
  card: string;
  record: 'e2e' | 'engineProbe';
  options?: Partial<
    Pick<
      CheckoutOptions,
      | 'baseUrl'
      | 'fingerprintTimeoutMs'
      | 'requestTimeoutMs'
      | 'challengeWindowSize'
      | 'locale'
      | 'publishableKey'
    >
  >;
}

/**
 * Starts `authenticate()` with a sandbox card and records it in `window[record]`. Returns at once
 * (not the flow: a driver would wait for it); the test reads `flow` or `outcome`.
 */
export function startFlowInPage({ api, card, record, options }: FlowStart): true {
  const sink = window[record] as FlowRecord;
  const controller = new AbortController();
  const checkout = window.SecureCheckout.createCheckout({
    publishableKey: 'pk_test_sandbox',
    baseUrl: api,
    onEvent: (event) => sink.events.push(event),
    ...options,
  });
  const started = performance.now();
  sink.settled = false;
  sink.outcome = undefined;
  sink.abort = () => controller.abort();
  sink.destroy = () => checkout.destroy();
  const request = {
    amount: 120.5,
    currency: 'BRL',
    card: { number: card, expirationMonth: '12', expirationYear: '2030', holderName: 'Ana Souza' },
  };
  sink.flow = checkout
    .authenticate(request, { signal: controller.signal })
    .then(
      (result): FlowOutcome => ({ ok: true, result }),
      (error): FlowOutcome => ({
        ok: false,
        code: error.code,
        message: error.message,
        statusCode: error.statusCode,
      }),
    )
    .then((outcome) => {
      sink.outcome = outcome;
      sink.settled = true;
      sink.settleMs = performance.now() - started;
      return outcome;
    });
  return true;
}

export interface Leftovers {
  iframes: number;
  dialogs: number;
  hosts: number;
}

/** iframes, dialogs and engine hosts anywhere in the page, shadow roots included. */
export function countLeftovers(): Leftovers {
  const all: Element[] = [];
  const walk = (root: Document | ShadowRoot) => {
    for (const element of root.querySelectorAll('*')) {
      all.push(element);
      if (element.shadowRoot) walk(element.shadowRoot);
    }
  };
  walk(document);
  return {
    iframes: all.filter((e) => e.localName === 'iframe').length,
    dialogs: all.filter((e) => e.localName === 'dialog').length,
    hosts: all.filter((e) => e.localName === 'secure-checkout-frame').length,
  };
}
