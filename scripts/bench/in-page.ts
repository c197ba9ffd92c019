/**
 * Code that runs in the page, as plain JavaScript strings: functions passed to `page.evaluate`
 * from a tsx-compiled file may carry esbuild helpers the page does not have.
 */

/** One flow's figures, all from the page's clock (performance.now()). */
export interface PageFlow {
  ok: boolean;
  status?: string;
  error?: string;
  start: number;
  end: number;
  /** First time each event type was seen. */
  events: Record<string, number>;
  /** Requests the page made to the API origin during the flow: start and duration. */
  api: { name: string; start: number; duration: number }[];
}

export interface LongTask {
  start: number;
  duration: number;
}

/**
 * Evaluated once the page has loaded: a buffered `longtask` observer, a large resource-timing
 * buffer, and `window.__bench.start/finish` to run one `authenticate()` and time it.
 */
export const FLOW_HARNESS = `(() => {
  const longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  performance.setResourceTimingBufferSize(100000);
  let current;
  window.__bench = {
    longTasks,
    start({ api, card, timeoutMs }) {
      performance.clearResourceTimings();
      const events = {};
      const checkout = window.SecureCheckout.createCheckout({
        publishableKey: 'pk_test_sandbox',
        baseUrl: api,
        fingerprintTimeoutMs: 10000,
        onEvent: (event) => { if (!(event.type in events)) events[event.type] = performance.now(); },
      });
      let timer;
      const deadline = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('flow took longer than ' + timeoutMs + ' ms')), timeoutMs);
      });
      const start = performance.now();
      const flow = checkout.authenticate({
        amount: 120.5,
        currency: 'BRL',
        card: { number: card, expirationMonth: '12', expirationYear: '2030', holderName: 'Ana Souza' },
      });
      current = Promise.race([flow, deadline]).then(
        (result) => ({ ok: true, status: result.status, end: performance.now() }),
        (error) => ({ ok: false, error: String((error && (error.code || error.message)) || error), end: performance.now() }),
      ).then((outcome) => {
        clearTimeout(timer);
        checkout.destroy();
        const apiEntries = performance.getEntriesByType('resource')
          .filter((e) => e.name.startsWith(api + '/') && e.startTime >= start)
          .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime - start, duration: e.duration }));
        return { ...outcome, start, events, api: apiEntries };
      });
      return true;
    },
    finish() { return current; },
  };
})();`;

/**
 * For /widget.html: marks the moment the drop-in's form is in its shadow root with enabled,
 * rendered inputs (`sc:interactive`), watching the form's shadow root as it is attached, and
 * `sc:frame` after the next rendered frame.
 */
export const INTERACTIVE_PROBE = `(() => {
  const longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  window.__probe = { longTasks, inputs: 0 };
  const ready = (root) => {
    const inputs = [...root.querySelectorAll('input')];
    const usable = inputs.filter((i) => i.isConnected && !i.disabled && !i.readOnly && i.getClientRects().length > 0);
    if (usable.length === 0) return false;
    performance.mark('sc:interactive');
    window.__probe.inputs = usable.length;
    // The frame that shows it: after the next animation frame's rendering.
    requestAnimationFrame(() => setTimeout(() => performance.mark('sc:frame'), 0));
    return true;
  };
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    if (this.localName === 'secure-checkout-form') {
      const observer = new MutationObserver(() => {
        if (performance.getEntriesByName('sc:interactive').length === 0 && ready(root)) observer.disconnect();
      });
      observer.observe(root, { childList: true, subtree: true, attributes: true });
    }
    return root;
  };
})();`;

/** Prepended to the script-tag build: its first statement. */
export const SCRIPT_START = `performance.mark('sc:script-start');\n`;

/**
 * Appended to the script-tag build: marks its end, and when the page calls `mount()`
 * (a Proxy around the global; the checkout itself is untouched).
 */
export const SCRIPT_END = `
;performance.mark('sc:script-end');
SecureCheckout = new Proxy(SecureCheckout, {
  get(target, key) {
    const value = target[key];
    if (key !== 'createCheckout') return value;
    return (...args) => {
      const checkout = value(...args);
      return new Proxy(checkout, {
        get(c, k) {
          if (k !== 'mount') return c[k];
          return (...m) => { performance.mark('sc:mount-call'); return c.mount(...m); };
        },
      });
    };
  },
});
`;
