import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCheckout, provideChallenge } from './checkout';
import { deferred } from './test-support/checkout-ui';
import { challengeResult, validRequest } from './test-support/fixtures';
import { engineDialog, engineFrames, post, useFrameTestEnvironment } from './test-support/frames';
import type { showChallenge } from './threeds/challenge-dialog';
import { HOST_TAG } from './threeds/shadow-host';
import type { CheckoutEvent } from './types';

const BASE = 'https://api.example';
const ACS = 'https://acs.example';
const ID = 'auth_7';

type Show = typeof showChallenge;
const realChunk = (): Promise<Show> =>
  import('./threeds/challenge-dialog').then((chunk) => chunk.showChallenge);

/** authenticate asks for a challenge, challenge-result says it succeeded; each answered once. */
function challengingService() {
  const answers: Record<string, unknown> = {
    '/v1/three-ds/authenticate': {
      authenticationId: ID,
      status: 'requires_challenge',
      challengeUrl: `${ACS}/ch`,
    },
    '/v1/three-ds/challenge-result': challengeResult(),
  };
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    const body = answers[path];
    if (!body) throw new Error(`unexpected ${path}`);
    delete answers[path];
    return Response.json(body);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function start(requestTimeoutMs?: number) {
  const events: CheckoutEvent[] = [];
  const checkout = createCheckout({
    publishableKey: 'pk_test_sandbox',
    baseUrl: BASE,
    onEvent: (event) => events.push(event),
    ...(requestTimeoutMs && { requestTimeoutMs }),
  });
  return { checkout, events };
}

describe('the challenge dialog, a chunk loaded as the flow starts', () => {
  const liveListeners = useFrameTestEnvironment();
  afterEach(() => {
    provideChallenge(realChunk);
    vi.unstubAllGlobals();
  });

  it('is asked for before any request, and the challenge runs once it arrives', async () => {
    const fetch = challengingService();
    const arrival = deferred<void>();
    const load = vi.fn(() => arrival.promise.then(realChunk));
    provideChallenge(load);
    const { checkout, events } = start();
    const flow = checkout.authenticate(validRequest());
    expect(load).toHaveBeenCalledOnce();
    expect(load.mock.invocationCallOrder[0]).toBeLessThan(
      fetch.mock.invocationCallOrder[0] ?? Number.POSITIVE_INFINITY,
    );
    // The service asked for the challenge; the dialog waits for its chunk.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(engineDialog()).toBeNull();
    arrival.resolve();
    await vi.waitFor(() => expect(engineDialog()?.open).toBe(true));
    post(
      { type: 'challenge_complete', authenticationId: ID },
      ACS,
      engineFrames()[0]?.contentWindow ?? null,
    );
    await expect(flow).resolves.toMatchObject({
      status: 'succeeded',
      threeDS: { state: 'success' },
    });
    expect(events.map((e) => e.type)).toEqual([
      'authenticate:start',
      'challenge:shown',
      'challenge:complete',
      'result',
    ]);
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(liveListeners()).toBe(0);
  });

  it('a chunk that fails to load fails the flow with `network`, and leaves nothing', async () => {
    challengingService();
    const failure = new TypeError('Failed to fetch dynamically imported module');
    provideChallenge(() => Promise.reject(failure));
    const { checkout, events } = start();
    await expect(checkout.authenticate(validRequest())).rejects.toMatchObject({
      code: 'network',
      message: 'The challenge dialog could not load',
      cause: failure,
    });
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'network' });
    expect(document.querySelector(HOST_TAG)).toBeNull();
    // The next flow asks again: the failure is not kept.
    challengingService();
    provideChallenge(realChunk);
    const again = checkout.authenticate(validRequest());
    await vi.waitFor(() => expect(engineDialog()?.open).toBe(true));
    engineDialog()?.querySelector('button')?.click();
    await expect(again).resolves.toMatchObject({ status: 'canceled' });
  });

  it('a flow without a challenge never needs the chunk, even one that cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ authenticationId: ID, status: 'failed', outcome: 'denied' }),
      ),
    );
    provideChallenge(() => Promise.reject(new TypeError('offline')));
    await expect(start().checkout.authenticate(validRequest())).resolves.toMatchObject({
      status: 'failed',
    });
  });

  it('a chunk that never arrives: `timeout` after requestTimeoutMs, nothing in the page', async () => {
    vi.useFakeTimers();
    challengingService();
    provideChallenge(() => new Promise<never>(() => {}));
    const { checkout } = start(5_000);
    const flow = checkout.authenticate(validRequest());
    const settled = expect(flow).rejects.toMatchObject({ code: 'timeout' });
    await vi.advanceTimersByTimeAsync(5_000);
    await settled;
    expect(document.querySelector(HOST_TAG)).toBeNull();
  });

  it('destroy() while the chunk loads ends the flow with `aborted`', async () => {
    const fetch = challengingService();
    provideChallenge(() => new Promise<never>(() => {}));
    const { checkout } = start();
    const flow = checkout.authenticate(validRequest());
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    checkout.destroy();
    await expect(flow).rejects.toMatchObject({ code: 'aborted' });
    expect(document.querySelector(HOST_TAG)).toBeNull();
  });
});
