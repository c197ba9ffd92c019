import { expect, type Frame, type Locator, type Page } from '@playwright/test';

/** What the init script of `installProbe` records in the top window. */
export interface Probe {
  /** `message` listeners on `window` right now, and the most there ever were. */
  live: number;
  peak: number;
  /** Pending `setTimeout` timers of the page (neither fired nor cleared), and the most. */
  timers: number;
  timerPeak: number;
  /** Messages delivered to the top window, by sender: `page` (the window itself) or origin. */
  received: Record<string, number>;
  /** Every console call of the top window, arguments serialized. */
  console: string[];
}

declare global {
  interface Window {
    probe: Probe;
  }
}

/**
 * Before any script of the page: counts live `message` listeners on window (add/remove, `signal`
 * and `once` honoured), pending timers, delivered messages, and spies on every console method.
 */
export async function installProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.top !== window) return;
    const probe: Probe = { live: 0, peak: 0, timers: 0, timerPeak: 0, received: {}, console: [] };
    window.probe = probe;
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    type Options = boolean | AddEventListenerOptions | undefined;
    const registered = new Map<unknown, Map<boolean, boolean>>(); // listener → capture → once
    const captureOf = (o: Options) => (typeof o === 'boolean' ? o : Boolean(o?.capture));
    const forget = (listener: unknown, capture: boolean) => {
      if (registered.get(listener)?.delete(capture)) probe.live--;
    };
    EventTarget.prototype.addEventListener = function (type, listener, options?: Options) {
      const o = typeof options === 'object' ? options : undefined;
      if (this === window && type === 'message' && listener && !o?.signal?.aborted) {
        const captures = registered.get(listener) ?? new Map<boolean, boolean>();
        const capture = captureOf(options);
        if (!captures.has(capture)) {
          captures.set(capture, Boolean(o?.once));
          registered.set(listener, captures);
          probe.live++;
          probe.peak = Math.max(probe.peak, probe.live);
          o?.signal?.addEventListener('abort', () => forget(listener, capture));
        }
      }
      return add.call(this, type, listener, options);
    };
    EventTarget.prototype.removeEventListener = function (type, listener, options?: Options) {
      if (this === window && type === 'message') forget(listener, captureOf(options));
      return remove.call(this, type, listener, options);
    };
    // Ours, not counted; at target, capture listeners run first, so `once` ones are about to go.
    add.call(
      window,
      'message',
      (event: Event) => {
        const { source, origin } = event as MessageEvent;
        const from = source === window ? 'page' : origin;
        probe.received[from] = (probe.received[from] ?? 0) + 1;
        for (const [listener, captures] of registered)
          for (const [capture, once] of captures) if (once) forget(listener, capture);
      },
      true,
    );

    const pending = new Set<number>();
    const { setTimeout: set, clearTimeout: clear } = window;
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      if (typeof handler !== 'function') return set(handler, delay, ...rest);
      const id = set(
        (...args: unknown[]) => {
          pending.delete(id);
          probe.timers = pending.size;
          handler(...args);
        },
        delay,
        ...rest,
      );
      pending.add(id);
      probe.timers = pending.size;
      probe.timerPeak = Math.max(probe.timerPeak, pending.size);
      return id;
    }) as typeof setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) pending.delete(id);
      probe.timers = pending.size;
      clear(id);
    }) as typeof clearTimeout;

    const text = (value: unknown): string => {
      if (value instanceof Error) return `${value.name}: ${value.message} ${value.stack ?? ''}`;
      if (typeof value !== 'object' || value === null) return String(value);
      try {
        return JSON.stringify(value);
      } catch {
        return String(value);
      }
    };
    const methods = console as unknown as Record<string, unknown>;
    for (const name of Object.keys(methods)) {
      const original = methods[name];
      if (typeof original !== 'function') continue;
      methods[name] = (...args: unknown[]) => {
        probe.console.push(`${name}: ${args.map(text).join(' ')}`);
        return original.apply(console, args);
      };
    }
  });
}

export const readProbe = (page: Page): Promise<Probe> =>
  page.evaluate(() => structuredClone(window.probe));

/** Aborts the running flow and says how long the promise took to settle after it (ms). */
export async function abortFlow(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const at = performance.now();
    window.e2e.abort?.();
    await window.e2e.flow;
    return performance.now() - at;
  });
}

/** The authenticationId of the first event of this type, once it happened (bounded). */
export async function eventId(page: Page, type: string): Promise<string> {
  const handle = await page.waitForFunction(
    (t) => window.e2e.events.find((e) => e.type === t)?.authenticationId,
    type,
    { timeout: 15_000 },
  );
  return String(await handle.jsonValue());
}

/** A test card that is no scenario (any Luhn-valid number is a frictionless success). */
export function randomCard(): string {
  const digits = `4${Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('')}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** The Playwright frame inside an iframe element. */
export async function frameOf(iframe: Locator): Promise<Frame> {
  const frame = await (await iframe.elementHandle({ timeout: 10_000 }))?.contentFrame();
  if (!frame) throw new Error('the iframe has no frame');
  return frame;
}

/** The iframe of the running step (fingerprint or challenge) that the widget opened. */
export const widgetIframe = (page: Page): Locator => page.locator('secure-checkout-frame iframe');

/** Expects no leftovers and the message listeners and timers back where they were. */
export async function expectProbeAtBaseline(page: Page, baseline: Probe): Promise<void> {
  await expect
    .poll(async () => {
      const { live, timers } = await readProbe(page);
      return { live, timers };
    })
    .toEqual({ live: baseline.live, timers: baseline.timers });
}
