import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutError } from '../errors';
import { createApiClient, errorCodeForStatus } from './client';

/** Error statuses, network failures, the per-request timeout and the caller's AbortSignal. */

const TIMEOUT_MS = 5_000;
const submitOk = { authenticationId: 'auth_1', status: 'succeeded', outcome: 'authenticated' };

function clientWith(fetchFn: typeof fetch) {
  return createApiClient({
    baseUrl: new URL('https://api.example.com'),
    publishableKey: 'pk_test_abc',
    timeoutMs: TIMEOUT_MS,
    fetch: fetchFn,
  });
}

const answering =
  (response: () => Response): typeof fetch =>
  async () =>
    response();

/** Like a real fetch that never gets an answer: it only settles when its signal aborts. */
const hangingFetch = vi.fn<typeof fetch>(
  (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      const requestSignal = init?.signal;
      const fail = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (requestSignal?.aborted) fail();
      requestSignal?.addEventListener('abort', fail);
    }),
);

const submit = (fetchFn: typeof fetch, signal = new AbortController().signal) =>
  clientWith(fetchFn).submit({ authenticationId: 'auth_1' }, signal);

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('errorCodeForStatus', () => {
  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [422, 'unprocessable'],
    [400, 'unprocessable'],
    [409, 'unprocessable'],
    [429, 'unprocessable'],
    [500, 'server_error'],
    [502, 'server_error'],
    [503, 'server_error'],
    [504, 'server_error'],
    [300, 'bad_response'],
    [304, 'bad_response'],
  ])('%i → %s', (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });
});

describe('error responses carry the spec body', () => {
  it.each([
    [401, { statusCode: 401, message: 'Unauthorized' }, 'unauthorized'],
    [403, { statusCode: 403, message: 'Forbidden' }, 'forbidden'],
    [404, { statusCode: 404, message: 'card not found' }, 'not_found'],
    [
      422,
      { statusCode: 422, message: 'sub-merchant is not active', error: 'Unprocessable Entity' },
      'unprocessable',
    ],
    [500, { statusCode: 500, message: 'Internal server error' }, 'server_error'],
    [502, { statusCode: 502, message: 'Bad gateway' }, 'server_error'],
    [503, { statusCode: 503, message: 'Service unavailable' }, 'server_error'],
    [400, { statusCode: 400, message: 'invalid activation value' }, 'unprocessable'],
    [409, { statusCode: 409, message: 'conflict' }, 'unprocessable'],
  ])('%i → %s with the message passed through', async (status, body, code) => {
    const error = await errorOf(
      submit(answering(() => new Response(JSON.stringify(body), { status }))),
    );
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error).toMatchObject({ code, statusCode: status, message: body.message });
  });

  it('401 → unauthorized, "Unauthorized", statusCode 401, on every endpoint', async () => {
    const client = clientWith(
      answering(
        () =>
          new Response(JSON.stringify({ statusCode: 401, message: 'Unauthorized' }), {
            status: 401,
          }),
      ),
    );
    const expected = { code: 'unauthorized', message: 'Unauthorized', statusCode: 401 };
    const s = new AbortController().signal;
    await expect(client.submit({ authenticationId: 'a' }, s)).rejects.toMatchObject(expected);
    await expect(client.challengeResult({ authenticationId: 'a' }, s)).rejects.toMatchObject(
      expected,
    );
  });

  it.each([500, 502, 503])(
    '%i with an HTML body → server_error with a generic message',
    async (status) => {
      const html = '<html><body><script>alert(1)</script>Bad Gateway</body></html>';
      const error = await errorOf(submit(answering(() => new Response(html, { status }))));
      expect(error).toMatchObject({ code: 'server_error', statusCode: status });
      const { message } = error as CheckoutError;
      expect(message.length).toBeGreaterThan(0);
      expect(message).not.toContain('<');
      expect(message).toContain(String(status));
    },
  );

  it('a 3xx fetch hands back (nothing to follow) → bad_response with its status', async () => {
    const error = await errorOf(submit(answering(() => new Response(null, { status: 304 }))));
    expect(error).toMatchObject({ code: 'bad_response', statusCode: 304 });
  });

  it('an error status with an empty body still maps by status', async () => {
    const error = await errorOf(submit(answering(() => new Response('', { status: 403 }))));
    expect(error).toMatchObject({ code: 'forbidden', statusCode: 403 });
  });

  it('an error status whose JSON is not the spec shape gets a generic message', async () => {
    const error = await errorOf(
      submit(answering(() => new Response(JSON.stringify({ oops: true }), { status: 404 }))),
    );
    expect(error).toMatchObject({ code: 'not_found', statusCode: 404 });
    expect((error as CheckoutError).message).not.toBe('');
  });
});

describe('network failures', () => {
  it('fetch rejecting with TypeError → network', async () => {
    const cause = new TypeError('Failed to fetch');
    const error = await errorOf(
      submit(async () => {
        throw cause;
      }),
    );
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error).toMatchObject({ code: 'network' });
    expect((error as CheckoutError).cause).toBe(cause);
  });

  it('a body that fails to read → network', async () => {
    const broken = {
      ok: true,
      status: 200,
      text: () => Promise.reject(new TypeError('network error')),
    } as unknown as Response;
    await expect(submit(async () => broken)).rejects.toMatchObject({ code: 'network' });
  });
});

describe('per-request timeout', () => {
  it('a request that never answers → timeout after timeoutMs, not before', async () => {
    vi.useFakeTimers();
    let settled = false;
    const pending = submit(hangingFetch);
    const outcome = errorOf(pending).finally(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(vi.getTimerCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error).toMatchObject({ code: 'timeout' });
    expect(hangingFetch.mock.calls.at(-1)?.[1]?.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  // docs/protocol.md: "Every wait has one of these bounds" — even when a page script wrapped fetch and the
  // wrapper ignores the signal.
  it('a fetch that ignores its signal still ends in timeout', async () => {
    vi.useFakeTimers();
    const deaf: typeof fetch = () => new Promise<Response>(() => {});
    const outcome = errorOf(submit(deaf));
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    await expect(outcome).resolves.toMatchObject({ code: 'timeout' });
  });

  it('a body that never finishes reading ends in timeout', async () => {
    vi.useFakeTimers();
    const stalled = {
      ok: true,
      status: 200,
      text: () => new Promise<string>(() => {}),
    } as unknown as Response;
    const outcome = errorOf(submit(async () => stalled));
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    await expect(outcome).resolves.toMatchObject({ code: 'timeout' });
  });

  it('clears its timer after a normal response', async () => {
    vi.useFakeTimers();
    await expect(submit(answering(() => Response.json(submitOk)))).resolves.toMatchObject({
      status: 'succeeded',
    });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its timer after an error response', async () => {
    vi.useFakeTimers();
    await expect(submit(answering(() => new Response('', { status: 500 })))).rejects.toMatchObject({
      code: 'server_error',
    });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("the caller's AbortSignal", () => {
  it('already aborted before the request → aborted, and no request is made at all', async () => {
    const controller = new AbortController();
    controller.abort();
    // A page script's fetch wrapper may ignore signals: it must not even be called.
    const deafFetch = vi.fn<typeof fetch>(async () => Response.json(submitOk));
    const error = await errorOf(submit(deafFetch, controller.signal));
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error).toMatchObject({ code: 'aborted' });
    expect(deafFetch).not.toHaveBeenCalled();
  });

  it('aborted during the request → aborted, and fetch sees its signal abort', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const outcome = errorOf(submit(hangingFetch, controller.signal));
    await vi.advanceTimersByTimeAsync(100);
    const fetchSignal = hangingFetch.mock.calls.at(-1)?.[1]?.signal;
    expect(fetchSignal?.aborted).toBe(false);

    controller.abort();
    const error = await outcome;
    expect(error).toMatchObject({ code: 'aborted' });
    expect(fetchSignal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('aborted during the request settles even when fetch ignores its signal', async () => {
    const controller = new AbortController();
    const outcome = errorOf(submit(() => new Promise<Response>(() => {}), controller.signal));
    controller.abort();
    await expect(outcome).resolves.toMatchObject({ code: 'aborted' });
  });

  it('an abort after the answer changes nothing', async () => {
    const controller = new AbortController();
    const result = await submit(
      answering(() => Response.json(submitOk)),
      controller.signal,
    );
    controller.abort();
    expect(result).toEqual(submitOk);
  });
});
