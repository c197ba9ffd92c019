import { describe, expect, it } from 'vitest';
import { ApiError } from '../kernel/http/errors';
import {
  expiresAt,
  fingerprint,
  INVALID_KEY,
  inProgress,
  isKept,
  KEPT_MS,
  mustBeValidKey,
  repeatOf,
  takesKey,
  usedWithAnotherRequest,
} from './rules';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('which requests take a key', () => {
  it('POST, PATCH and DELETE under /v1', () => {
    for (const method of ['POST', 'PATCH', 'DELETE', 'post']) {
      expect(takesKey(method, '/v1/charges')).toBe(true);
    }
  });

  it('not GET, not the sandbox helpers, not /v1 alone', () => {
    expect(takesKey('GET', '/v1/charges')).toBe(false);
    expect(takesKey('PUT', '/v1/charges')).toBe(false);
    expect(takesKey('POST', '/sandbox/clock/advance')).toBe(false);
    expect(takesKey('POST', '/v1')).toBe(false);
    expect(takesKey('POST', '/v10/charges')).toBe(false);
  });
});

describe('a valid key', () => {
  it('1 to 255 visible ASCII characters', () => {
    for (const key of ['a', 'x'.repeat(255), 'order-8812/try:1', '!~', crypto.randomUUID()]) {
      expect(mustBeValidKey(key)).toBe(key);
    }
  });

  it.each([
    ['empty', ''],
    ['too long', 'x'.repeat(256)],
    ['a space', 'order 8812'],
    ['a tab', 'a\tb'],
    ['a control', 'a\u0001'],
    ['not ASCII', 'pedido-ção'],
    ['DEL', 'a\u007f'],
  ])('%s: 400 naming the header', (_, key) => {
    let error: unknown;
    try {
      mustBeValidKey(key);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual({
      statusCode: 400,
      message: INVALID_KEY,
      error: 'Bad Request',
    });
    expect(INVALID_KEY).toContain('Idempotency-Key');
  });
});

describe('the same request', () => {
  const base = fingerprint('POST', '/v1/charges', bytes('{"amount":1}'), 'application/json');

  it('same method, path and bytes: the same fingerprint (the method in any case)', () => {
    expect(fingerprint('post', '/v1/charges', bytes('{"amount":1}'), 'application/json')).toBe(
      base,
    );
  });

  it('another method, path, query or body: another fingerprint', () => {
    const others = [
      fingerprint('PATCH', '/v1/charges', bytes('{"amount":1}')),
      fingerprint('POST', '/v1/cards', bytes('{"amount":1}')),
      fingerprint('POST', '/v1/charges?x=1', bytes('{"amount":1}')),
      fingerprint('POST', '/v1/charges', bytes('{"amount":2}')),
      fingerprint('POST', '/v1/charges', bytes('{"amount":1} ')),
      fingerprint('POST', '/v1/charges', bytes('')),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it('no ambiguity between the path and the body', () => {
    expect(fingerprint('POST', '/v1/a', bytes('b'))).not.toBe(
      fingerprint('POST', '/v1/ab', bytes('')),
    );
  });

  it('a multipart body is compared without its boundary', () => {
    const form = (boundary: string, content: string) =>
      bytes(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\n${content}\r\n--${boundary}--\r\n`,
      );
    const one = fingerprint(
      'POST',
      '/v1/subscription-plans/p/image',
      form('AaB03x', 'PNG'),
      'multipart/form-data; boundary=AaB03x',
    );
    const two = fingerprint(
      'POST',
      '/v1/subscription-plans/p/image',
      form('----formdata-undici-0123', 'PNG'),
      'multipart/form-data; boundary="----formdata-undici-0123"',
    );
    const changed = fingerprint(
      'POST',
      '/v1/subscription-plans/p/image',
      form('AaB03x', 'JPG'),
      'multipart/form-data; boundary=AaB03x',
    );
    expect(two).toBe(one);
    expect(changed).not.toBe(one);
  });

  it('binary bytes are compared as bytes', () => {
    const a = new Uint8Array([0xff, 0xfe, 0x00]);
    const b = new Uint8Array([0xff, 0xfd, 0x00]);
    expect(fingerprint('POST', '/v1/x', a)).not.toBe(fingerprint('POST', '/v1/x', b));
  });
});

describe('a repeat', () => {
  it('the same request: replayed once answered, in progress before', () => {
    expect(repeatOf({ fingerprint: 'f', statusCode: 201 }, 'f')).toBe('replay');
    expect(repeatOf({ fingerprint: 'f', statusCode: 404 }, 'f')).toBe('replay');
    expect(repeatOf({ fingerprint: 'f', statusCode: null }, 'f')).toBe('in_progress');
  });

  it('another request: refused, answered or not', () => {
    expect(repeatOf({ fingerprint: 'f', statusCode: 201 }, 'g')).toBe('another_request');
    expect(repeatOf({ fingerprint: 'f', statusCode: null }, 'g')).toBe('another_request');
  });

  it("the spec's bodies", () => {
    expect(usedWithAnotherRequest()).toEqual({
      statusCode: 422,
      message: 'Idempotency-Key was used with another request',
      error: 'Unprocessable Entity',
    });
    expect(inProgress()).toEqual({
      statusCode: 409,
      message: 'a request with this Idempotency-Key is in progress',
      error: 'Conflict',
    });
  });
});

describe('what is kept', () => {
  it('answers below 500: successes and refusals', () => {
    for (const status of [200, 201, 204, 400, 404, 409, 422, 499])
      expect(isKept(status)).toBe(true);
  });

  it('500 and above: not kept, a retry runs again', () => {
    for (const status of [500, 502, 503, 504, 599]) expect(isKept(status)).toBe(false);
  });

  it('for 24 hours of the merchant clock', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(KEPT_MS).toBe(86_400_000);
    expect(expiresAt(now).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });
});
