/**
 * A fake Payments Service for whole-flow tests of `createCheckout(…).authenticate(…)`: each 3DS
 * path answers from its own queue, with a reply (status, body) or a handler that misbehaves the
 * way networks do. Plus what every hostile-world test asserts at the end: nothing left behind.
 * Test support only: never imported by the library.
 */
import nodeConsole from 'node:console';
import { expect, vi } from 'vitest';
import { createCheckout } from '../checkout';
import { HOST_TAG } from '../threeds/shadow-host';
import type { CheckoutEvent, CheckoutOptions } from '../types';
import { type Endpoint, type Reply, toResponse } from './arbitraries';
import { engineDialog, engineFrames, post } from './frames';

export const BASE_URL = 'https://api.example';
export const PATHS: Record<Endpoint, string> = {
  authenticate: '/v1/three-ds/authenticate',
  submit: '/v1/three-ds/submit',
  challengeResult: '/v1/three-ds/challenge-result',
};

export type Handler = (init: RequestInit) => Promise<Response>;
export type Answer = Reply | Handler;

/** The connection is refused: fetch rejects with a TypeError, as browsers do. */
export const refused: Handler = async () => {
  throw new TypeError('Failed to fetch');
};

/** A server that never answers: like a real fetch, it settles only when its signal aborts. */
export const hanging: Handler = (init) =>
  new Promise((_resolve, reject) => {
    const fail = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (init.signal?.aborted) fail();
    init.signal?.addEventListener('abort', fail);
  });

export const json = (body: unknown, status = 200): Reply => ({
  status,
  body: JSON.stringify(body),
  contentType: 'application/json',
});

/**
 * Stubs the global fetch. Each request takes the next answer of its path's queue, or
 * `fallback[path]` once the queue is empty; `served` counts answers taken from the queues.
 */
export function fakeService(
  answers: Partial<Record<Endpoint, Answer[]>>,
  fallback: Partial<Record<Endpoint, Answer>> = {},
) {
  const endpoints = Object.keys(PATHS) as Endpoint[];
  const queues = Object.fromEntries(endpoints.map((e) => [e, [...(answers[e] ?? [])]]));
  const served = Object.fromEntries(endpoints.map((e) => [e, 0])) as Record<Endpoint, number>;
  const requests: { endpoint: Endpoint; signal: AbortSignal }[] = [];
  // Not async: a handler that throws at once must throw out of fetch itself.
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = new URL(String(input)).pathname;
    const endpoint = endpoints.find((e) => PATHS[e] === path);
    if (!endpoint) return Promise.reject(new Error(`unexpected request to ${path}`));
    requests.push({ endpoint, signal: init.signal as AbortSignal });
    const queued = queues[endpoint]?.shift();
    if (queued) served[endpoint]++;
    const answer = queued ?? fallback[endpoint];
    if (!answer) return Promise.reject(new Error(`unexpected ${endpoint} request`));
    return typeof answer === 'function' ? answer(init) : Promise.resolve(toResponse(answer));
  });
  vi.stubGlobal('fetch', fetch);
  const count = (endpoint: Endpoint) => requests.filter((r) => r.endpoint === endpoint).length;
  return { fetch, requests, served, count };
}

/** A checkout on the fake service; `events` records every event before `options.onEvent` sees it. */
export function checkoutWithEvents(options: Partial<CheckoutOptions> = {}) {
  const events: CheckoutEvent[] = [];
  const checkout = createCheckout({
    publishableKey: 'pk_test_hostile',
    baseUrl: BASE_URL,
    ...options,
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
  });
  return { checkout, events };
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };
type OnFrame = (frame: HTMLIFrameElement, dialog: HTMLDialogElement | null) => boolean;

/** Our frame's message: the fingerprinting result, or the challenge completed. */
export const answerFrame =
  (authenticationId: unknown): OnFrame =>
  (frame, dialog) => {
    const data = dialog
      ? { type: 'challenge_complete', authenticationId }
      : { type: 'fingerprinting_result', authenticationId, fingerprintingResult: 'ZnV6eg==' };
    post(data, new URL(frame.src).origin, frame.contentWindow);
    return true;
  };

/**
 * Runs a flow on fake time until it settles (or fails the test): lets answered requests through,
 * hands each new engine frame once to `onFrame` (true: it acted, look again before time passes),
 * and otherwise jumps to the next timer. `onStep` runs at each look and may act too.
 */
export async function drive<T>(
  flow: Promise<T>,
  onFrame: OnFrame,
  onStep: () => boolean = () => false,
): Promise<{ outcome: Outcome<T>; elapsed: number }> {
  let outcome: Outcome<T> | undefined;
  flow.then(
    (value) => {
      outcome = { ok: true, value };
    },
    (error: unknown) => {
      outcome = { ok: false, error };
    },
  );
  // The challenge dialog's module loads in real time (a first import reads files), which fake
  // time does not wait for: have it before time passes, or the flow's load deadline would.
  await import('../threeds/challenge-dialog');
  const start = Date.now();
  const seen = new Set<HTMLIFrameElement>();
  for (let step = 0; step < 60 && !outcome; step++) {
    await vi.advanceTimersByTimeAsync(0);
    if (outcome || onStep()) continue;
    const [frame] = engineFrames();
    if (frame && !seen.has(frame)) {
      seen.add(frame);
      if (onFrame(frame, engineDialog())) continue;
    }
    await vi.advanceTimersToNextTimerAsync();
  }
  expect(outcome, 'the flow settled').toBeDefined();
  return { outcome: outcome as Outcome<T>, elapsed: Date.now() - start };
}

/** Every element of the tags asked for that the page created, however briefly it lived. */
export function recordCreated(...tags: string[]): Element[] {
  const created: Element[] = [];
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation(((tag: string, options?: object) => {
    const element = create(tag, options);
    if (tags.includes(tag.toLowerCase())) created.push(element);
    return element;
  }) as typeof document.createElement);
  return created;
}

/** No host, iframe or dialog of the engine in the page, and (if counted) no message listener. */
export function expectNothingLeft(liveListeners?: () => number): void {
  expect(document.querySelector(HOST_TAG)).toBeNull();
  expect(document.querySelectorAll('iframe, dialog')).toHaveLength(0);
  if (liveListeners) expect(liveListeners()).toBe(0);
}

/**
 * happy-dom loads no iframe page and reports each one on the console it was given (Node's, out
 * of reach of vitest's filter); hundreds of fuzzed frames would bury the test output.
 */
export function muteFrameLoadErrors(): void {
  const error = nodeConsole.error.bind(nodeConsole);
  vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('Iframe page loading is disabled')) error(...args);
  });
}
