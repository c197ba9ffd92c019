import { describe, expect, it } from 'vitest';
import {
  bounded,
  isLogged,
  loggedBody,
  MAX_LOGGED_BODY_CHARS,
  maskCardNumbers,
  redact,
  redactedQuery,
} from './rules';

describe('redact', () => {
  it('cuts card numbers to their last 4 and masks secrets, at any depth', () => {
    const body = {
      amount: 120.5,
      paymentMethod: {
        type: 'credit_card',
        number: '4111 1111 1111 1111',
        cvv: '123',
        holderName: 'Ana Souza',
      },
      card: { number: 5555555555554444 },
      logins: [{ email: 'a@b.c', password: 'sandbox', accessToken: 'eyJ.x.y' }],
      Authorization: 'Basic c2tfdGVzdDo=',
    };
    expect(redact(body)).toEqual({
      amount: 120.5,
      paymentMethod: {
        type: 'credit_card',
        number: '****1111',
        cvv: '***',
        holderName: 'Ana Souza',
      },
      card: { number: '****4444' },
      logins: [{ email: 'a@b.c', password: '***', accessToken: '***' }],
      Authorization: '***',
    });
  });

  it('keeps a `number` that is no card number (an address’s)', () => {
    expect(redact({ address: { street: 'Rua A', number: '120' } })).toEqual({
      address: { street: 'Rua A', number: '120' },
    });
  });

  it('finds card numbers in free text, but not in ids, codes or other numbers', () => {
    expect(maskCardNumbers('paid with 4111-1111-1111-1111 today')).toBe('paid with ****1111 today');
    expect(maskCardNumbers('pix4111111111111111BR')).toBe('pix4111111111111111BR');
    // 16 digits failing the Luhn check: no card number.
    expect(maskCardNumbers('1234567812345678')).toBe('1234567812345678');
    expect(redact({ metadata: { note: '4111111111111111' } })).toEqual({
      metadata: { note: '****1111' },
    });
  });

  it('a `__proto__` member stays a member', () => {
    const copy = redact(JSON.parse('{"__proto__": {"cvv": "1"}}')) as object;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"cvv":"***"}}');
  });
});

describe('the log’s other fields', () => {
  it('queries: one value as a string, repeated as a list, redacted', () => {
    const search = new URLSearchParams('status=paid&status=failed&page=2&password=x');
    expect(redactedQuery(search)).toEqual({
      status: ['paid', 'failed'],
      page: '2',
      password: '***',
    });
  });

  it('bodies: JSON redacted, other text with card numbers cut, nothing as null', () => {
    expect(loggedBody('{"cvv":"123"}')).toEqual({ cvv: '***' });
    expect(loggedBody('{oops 4111111111111111')).toBe('{oops ****1111');
    expect(loggedBody(null)).toBeNull();
    expect(loggedBody('')).toBeNull();
  });

  it('a body too large is kept as a note of its size', () => {
    const big = 'x'.repeat(MAX_LOGGED_BODY_CHARS);
    expect(bounded({ big })).toBe(`(${MAX_LOGGED_BODY_CHARS + 10} characters, not kept)`);
    expect(bounded({ small: 1 })).toEqual({ small: 1 });
  });

  it('logs /v1 and /sandbox, not its own reads', () => {
    expect(isLogged('POST', '/v1/charges')).toBe(true);
    expect(isLogged('GET', '/sandbox/events')).toBe(true);
    expect(isLogged('GET', '/sandbox/requests')).toBe(false);
    expect(isLogged('GET', '/openapi.json')).toBe(false);
    expect(isLogged('GET', '/v10/x')).toBe(false);
  });
});
