import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutError } from './errors';
import { createCheckout } from './index';
import { challengeResult, validRequest } from './test-support/fixtures';
import {
  engineDialog,
  engineFrames,
  flush,
  post,
  useFrameTestEnvironment,
} from './test-support/frames';
import { HOST_TAG } from './threeds/shadow-host';
import type { CheckoutEvent, CheckoutOptions, MountOptions } from './types';

const BASE = 'https://api.example';
const ACS = 'https://acs.example';
const ID = 'auth_42';

type Route = (body: Record<string, unknown>) => { status?: number; body: unknown } | Promise<never>;

/** A fake service: one handler per path, each answering in turn. */
function service(routes: Record<string, Route[]>) {
  const calls: { path: string; body: Record<string, unknown>; headers: Headers }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    calls.push({ path, body, headers: new Headers(init?.headers) });
    const route = routes[path]?.shift();
    if (!route) throw new Error(`unexpected ${path}`);
    const answer = await route(body);
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

const answer =
  (body: unknown, status = 200): Route =>
  () => ({ status, body });
const hang: Route = () => new Promise<never>(() => {});

function make(options: Partial<CheckoutOptions> = {}) {
  const events: CheckoutEvent[] = [];
  const checkout = createCheckout({
    publishableKey: 'pk_test_sandbox',
    baseUrl: BASE,
    onEvent: (event) => events.push(event),
    ...options,
  });
  return { checkout, events };
}

describe('createCheckout: options', () => {
  it.each([
    [{ publishableKey: 'sk_test_sandbox' }, 'configuration'],
    [{ publishableKey: '' }, 'configuration'],
    [{ publishableKey: 'pk test' }, 'configuration'],
    [{ baseUrl: '' }, 'configuration'],
    [{ baseUrl: 'http://api.example' }, 'insecure_url'],
    [{ baseUrl: 'javascript:alert(1)' }, 'insecure_url'],
    [{ baseUrl: '/v1' }, 'insecure_url'],
    [{ baseUrl: 'https://api.example/?v=1' }, 'configuration'],
    [{ baseUrl: 'https://api.example/#x' }, 'configuration'],
    [{ fingerprintTimeoutMs: 0 }, 'configuration'],
    [{ fingerprintTimeoutMs: Number.POSITIVE_INFINITY }, 'configuration'],
    [{ challengeWindowSize: '06' }, 'configuration'],
    [{ onEvent: 'nope' }, 'configuration'],
  ])('%o → %s, before any request', (bad, code) => {
    const { fetch } = service({});
    expect(() => make(bad as Partial<CheckoutOptions>)).toThrow(expect.objectContaining({ code }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a secret key with a typed error that says why', () => {
    try {
      make({ publishableKey: 'sk_live_abc' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CheckoutError);
      expect((error as CheckoutError).message).toMatch(/secret key/);
    }
  });

  it('accepts http only on localhost and 127.0.0.1', () => {
    expect(() => make({ baseUrl: 'http://127.0.0.1:4010' })).not.toThrow();
    expect(() => make({ baseUrl: 'http://localhost:4010/' })).not.toThrow();
  });
});

describe('authenticate', () => {
  const liveListeners = useFrameTestEnvironment();
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('invalid input → invalid_input with issues, and no request', async () => {
    const { fetch } = service({});
    const { checkout } = make();
    const request = { ...validRequest(), amount: 0 };
    await expect(checkout.authenticate(request)).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ path: 'amount' }],
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('frictionless: Basic auth with the publishable key, browser data, threeDS returned', async () => {
    const { calls } = service({
      '/v1/three-ds/authenticate': [
        answer({ authenticationId: ID, status: 'succeeded', outcome: 'authenticated' }),
      ],
      '/v1/three-ds/challenge-result': [answer(challengeResult())],
    });
    const { checkout, events } = make({ ipAddress: '203.0.113.7' });
    await expect(checkout.authenticate(validRequest())).resolves.toEqual({
      authenticationId: ID,
      status: 'succeeded',
      outcome: 'authenticated',
      threeDS: challengeResult(),
    });
    expect(calls[0]?.headers.get('authorization')).toBe(`Basic ${btoa('pk_test_sandbox:')}`);
    expect(calls[0]?.body).toMatchObject({
      card: { number: '4111111111111111' },
      browser: { ipAddress: '203.0.113.7', javascriptEnabled: true },
    });
    expect(events.map((e) => e.type)).toEqual(['authenticate:start', 'result']);
    expect(events[1]).toMatchObject({
      authenticationId: ID,
      status: 'succeeded',
      outcome: 'authenticated',
    });
  });

  it('fingerprint then challenge, through the real frame and dialog', async () => {
    service({
      '/v1/three-ds/authenticate': [
        answer({
          authenticationId: ID,
          status: 'requires_submission',
          fingerprintingUrl: `${ACS}/fp`,
        }),
      ],
      '/v1/three-ds/submit': [
        (body) => {
          expect(body).toEqual({ authenticationId: ID, fingerprintingResult: 'ZnA=' });
          return {
            body: { authenticationId: ID, status: 'requires_challenge', challengeUrl: `${ACS}/ch` },
          };
        },
      ],
      '/v1/three-ds/challenge-result': [answer(challengeResult('failure'))],
    });
    const { checkout, events } = make();
    const flow = checkout.authenticate(validRequest());
    await vi.waitFor(() => expect(engineFrames()).toHaveLength(1));
    const [fp] = engineFrames();
    post(
      { type: 'fingerprinting_result', authenticationId: ID, fingerprintingResult: 'ZnA=' },
      ACS,
      fp?.contentWindow ?? null,
    );
    await vi.waitFor(() => expect(engineDialog()?.open).toBe(true));
    const [challenge] = engineFrames();
    post(
      { type: 'challenge_complete', authenticationId: ID },
      ACS,
      challenge?.contentWindow ?? null,
    );
    await expect(flow).resolves.toMatchObject({ status: 'failed', threeDS: { state: 'failure' } });
    expect(events.map((e) => e.type)).toEqual([
      'authenticate:start',
      'fingerprint:start',
      'fingerprint:complete',
      'challenge:shown',
      'challenge:complete',
      'result',
    ]);
    expect(
      events.slice(1).every((e) => e.authenticationId === ID && typeof e.timestamp === 'number'),
    ).toBe(true);
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(liveListeners()).toBe(0);
  });

  it('fingerprint timeout uses fingerprintTimeoutMs, then submits without a result', async () => {
    vi.useFakeTimers();
    const { calls } = service({
      '/v1/three-ds/authenticate': [
        answer({
          authenticationId: ID,
          status: 'requires_submission',
          fingerprintingUrl: `${ACS}/fp`,
        }),
      ],
      '/v1/three-ds/submit': [
        answer({ authenticationId: ID, status: 'failed', outcome: 'denied' }),
      ],
    });
    const { checkout, events } = make({ fingerprintTimeoutMs: 2_000 });
    const flow = checkout.authenticate(validRequest());
    await vi.advanceTimersByTimeAsync(1_999);
    expect(engineFrames()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(flow).resolves.toEqual({
      authenticationId: ID,
      status: 'failed',
      outcome: 'denied',
    });
    expect(calls[1]?.body).toEqual({ authenticationId: ID });
    expect(events.map((e) => e.type)).toContain('fingerprint:timeout');
    expect(engineFrames()).toHaveLength(0);
  });

  it('closing the challenge → canceled / abandoned', async () => {
    service({
      '/v1/three-ds/authenticate': [
        answer({ authenticationId: ID, status: 'requires_challenge', challengeUrl: `${ACS}/ch` }),
      ],
    });
    const { checkout, events } = make();
    const flow = checkout.authenticate(validRequest());
    await vi.waitFor(() => expect(engineDialog()?.open).toBe(true));
    engineDialog()?.querySelector('button')?.click();
    await expect(flow).resolves.toEqual({
      authenticationId: ID,
      status: 'canceled',
      outcome: 'abandoned',
    });
    expect(events.map((e) => e.type)).toEqual([
      'authenticate:start',
      'challenge:shown',
      'challenge:closed',
      'result',
    ]);
    expect(document.querySelector(HOST_TAG)).toBeNull();
  });

  it('processing: submits again with back-off on real timers (faked)', async () => {
    vi.useFakeTimers();
    const { calls } = service({
      '/v1/three-ds/authenticate': [answer({ authenticationId: ID, status: 'processing' })],
      '/v1/three-ds/submit': [
        answer({ authenticationId: ID, status: 'processing' }),
        answer({ authenticationId: ID, status: 'succeeded', outcome: 'authenticated' }),
      ],
      '/v1/three-ds/challenge-result': [answer(challengeResult())],
    });
    const { checkout } = make();
    const flow = checkout.authenticate(validRequest());
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(flow).resolves.toMatchObject({ status: 'succeeded' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a second concurrent flow is busy; the first is unaffected', async () => {
    service({
      '/v1/three-ds/authenticate': [
        answer({ authenticationId: ID, status: 'failed', outcome: 'denied' }),
      ],
    });
    const { checkout } = make();
    const first = checkout.authenticate(validRequest());
    await expect(checkout.authenticate(validRequest())).rejects.toMatchObject({ code: 'busy' });
    await expect(first).resolves.toMatchObject({ status: 'failed' });
    service({
      '/v1/three-ds/authenticate': [answer({ authenticationId: ID, status: 'canceled' })],
    });
    await expect(checkout.authenticate(validRequest())).resolves.toMatchObject({
      status: 'canceled',
    });
  });

  it('the caller’s signal aborts a request in flight → aborted, events say so', async () => {
    service({ '/v1/three-ds/authenticate': [hang] });
    const { checkout, events } = make();
    const controller = new AbortController();
    const flow = checkout.authenticate(validRequest(), { signal: controller.signal });
    await flush();
    controller.abort();
    await expect(flow).rejects.toMatchObject({ code: 'aborted' });
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'aborted' });
  });

  it('an already aborted signal → aborted, no request', async () => {
    const { fetch } = service({});
    const controller = new AbortController();
    controller.abort();
    await expect(
      make().checkout.authenticate(validRequest(), { signal: controller.signal }),
    ).rejects.toMatchObject({
      code: 'aborted',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a signal that is not an AbortSignal → invalid_input', async () => {
    service({});
    const opts = { signal: 'stop' } as unknown as { signal: AbortSignal };
    await expect(make().checkout.authenticate(validRequest(), opts)).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('destroy() during a challenge closes the dialog and settles the promise', async () => {
    service({
      '/v1/three-ds/authenticate': [
        answer({ authenticationId: ID, status: 'requires_challenge', challengeUrl: `${ACS}/ch` }),
      ],
    });
    const { checkout } = make();
    const flow = checkout.authenticate(validRequest());
    await vi.waitFor(() => expect(engineDialog()).not.toBeNull());
    checkout.destroy();
    await expect(flow).rejects.toMatchObject({ code: 'aborted' });
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(liveListeners()).toBe(0);
    await expect(checkout.authenticate(validRequest())).rejects.toMatchObject({ code: 'aborted' });
  });

  it('destroy() during fingerprinting removes the hidden frame', async () => {
    service({
      '/v1/three-ds/authenticate': [
        answer({
          authenticationId: ID,
          status: 'requires_submission',
          fingerprintingUrl: `${ACS}/fp`,
        }),
      ],
    });
    const { checkout } = make();
    const flow = checkout.authenticate(validRequest());
    await vi.waitFor(() => expect(engineFrames()).toHaveLength(1));
    checkout.destroy();
    await expect(flow).rejects.toMatchObject({ code: 'aborted' });
    expect(engineFrames()).toHaveLength(0);
    expect(liveListeners()).toBe(0);
  });

  it('API errors arrive typed, with statusCode and the spec’s message', async () => {
    service({
      '/v1/three-ds/authenticate': [
        answer(
          { statusCode: 422, message: 'sub-merchant is not active', error: 'Unprocessable Entity' },
          422,
        ),
      ],
    });
    const { checkout, events } = make();
    await expect(checkout.authenticate(validRequest())).rejects.toMatchObject({
      name: 'CheckoutError',
      code: 'unprocessable',
      statusCode: 422,
      message: 'sub-merchant is not active',
    });
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'unprocessable' });
  });

  it('a throwing onEvent does not break the flow', async () => {
    service({ '/v1/three-ds/authenticate': [answer({ authenticationId: ID, status: 'failed' })] });
    const checkout = createCheckout({
      publishableKey: 'pk_test_sandbox',
      baseUrl: BASE,
      onEvent: () => {
        throw new Error('telemetry down');
      },
    });
    await expect(checkout.authenticate(validRequest())).resolves.toMatchObject({
      status: 'failed',
    });
  });

  it('events never carry card data', async () => {
    service({
      '/v1/three-ds/authenticate': [
        answer({ authenticationId: ID, status: 'requires_challenge', challengeUrl: `${ACS}/ch` }),
      ],
    });
    const { checkout, events } = make();
    const flow = checkout.authenticate(validRequest());
    await vi.waitFor(() => expect(engineDialog()).not.toBeNull());
    checkout.destroy();
    await flow.catch(() => {});
    const text = JSON.stringify(events);
    expect(text).not.toContain('4111');
    expect(text).not.toContain('Ana Souza');
    expect(engineFrames()).toHaveLength(0);
  });

  it('mount() with bad options reports a typed error to onError (ESM: the UI loads lazily)', async () => {
    const onError = vi.fn();
    const { checkout } = make();
    const handle = checkout.mount(document.body, {
      amount: 0,
      currency: 'BRL',
      onCharge: () => {},
      onError,
    });
    expect(typeof handle.destroy).toBe('function');
    await vi.waitFor(() =>
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'invalid_input' })),
    );
    expect(document.querySelector('secure-checkout-form')).toBeNull();
  });

  it('mount() with bad options and no onError reports the typed error to console.error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { checkout } = make();
    for (const options of [
      { amount: 0, currency: 'BRL', onCharge: () => {} },
      { amount: 0, currency: 'BRL', onCharge: () => {}, onError: 'not a function' },
    ]) {
      logged.mockClear();
      checkout.mount(document.body, options as unknown as MountOptions);
      await vi.waitFor(() => expect(logged).toHaveBeenCalledOnce());
      const [error, ...rest] = logged.mock.calls[0] ?? [];
      expect(error).toBeInstanceOf(CheckoutError);
      expect(error).toMatchObject({ code: 'invalid_input' });
      expect(rest).toEqual([]);
    }
    expect(document.querySelector('secure-checkout-form')).toBeNull();
  });
});
