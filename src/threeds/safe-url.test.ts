import { describe, expect, it } from 'vitest';
import { CheckoutError } from '../api/errors';
import { checkServiceUrl, unsafeUrlReason } from './safe-url';

const allowed = [
  'https://acs.example.com/fingerprint?id=1',
  'https://api.example.com',
  'https://10.0.0.1/x',
  'HTTPS://ACS.EXAMPLE.COM/Challenge',
  'http://localhost/x',
  'http://localhost:4011/challenge',
  'http://127.0.0.1:4010',
  'http://LOCALHOST:4011/',
];

const refused: [string, unknown][] = [
  ['javascript:', 'javascript:alert(1)'],
  ['javascript: in mixed case with spaces', '  JavaScript:alert(document.cookie)'],
  ['javascript: with an embedded tab', 'java\tscript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['blob:', 'blob:https://acs.example.com/5f0c3a1e-0000-4000-8000-000000000000'],
  ['file:', 'file:///etc/passwd'],
  ['ftp:', 'ftp://acs.example.com/x'],
  ['ws:', 'ws://localhost:4011/x'],
  ['about:blank', 'about:blank'],
  ['http to a private IP', 'http://10.0.0.1/x'],
  ['http to a public host', 'http://example.com/x'],
  ['http to a look-alike of localhost', 'http://localhost.evil.com/x'],
  ['http to a look-alike of 127.0.0.1', 'http://127.0.0.1.nip.io/x'],
  ['http to another loopback address', 'http://127.0.0.2/x'],
  ['http to 0.0.0.0', 'http://0.0.0.0/x'],
  ['relative path', '/x'],
  ['relative name', 'x'],
  ['protocol-relative', '//evil.com/x'],
  ['empty', ''],
  ['blank', '   '],
  ['credentials', 'https://user:pass@acs.example.com/x'],
  ['a user name only', 'https://user@acs.example.com/x'],
  ['localhost as a user name', 'http://localhost@evil.com/x'],
  ['undefined', undefined],
  ['null', null],
  ['a number', 42],
  ['an object', { href: 'https://acs.example.com' }],
  ['a URL object', new URL('https://acs.example.com')],
];

describe('unsafeUrlReason', () => {
  it.each(allowed)('allows %s', (url) => {
    expect(unsafeUrlReason(url)).toBeNull();
  });

  it.each(refused)('refuses %s', (_what, url) => {
    const reason = unsafeUrlReason(url);
    expect(typeof reason).toBe('string');
    expect(reason).not.toBe('');
  });

  it('explains a disallowed scheme by naming it', () => {
    expect(unsafeUrlReason('javascript:alert(1)')).toContain('javascript:');
    expect(unsafeUrlReason('http://example.com')).toContain('http:');
  });
});

describe('checkServiceUrl', () => {
  it('returns the parsed URL when it is allowed', () => {
    const url = checkServiceUrl('https://acs.example.com/fp?x=1', 'fingerprinting URL');
    expect(url).toBeInstanceOf(URL);
    expect(url.href).toBe('https://acs.example.com/fp?x=1');
    expect(url.origin).toBe('https://acs.example.com');
  });

  it('accepts the sandbox addresses', () => {
    expect(checkServiceUrl('http://127.0.0.1:4010', 'base URL').origin).toBe(
      'http://127.0.0.1:4010',
    );
    expect(checkServiceUrl('http://localhost:4011/challenge', 'challenge URL').host).toBe(
      'localhost:4011',
    );
  });

  it.each(refused)('throws insecure_url for %s', (_what, url) => {
    let caught: unknown;
    try {
      checkServiceUrl(url, 'challenge URL');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CheckoutError);
    expect(caught).toMatchObject({ code: 'insecure_url' });
    expect((caught as CheckoutError).message).toContain('challenge URL');
  });

  it.each(['base URL', 'fingerprinting URL', 'challenge URL'])('names the URL kind: %s', (what) => {
    expect(() => checkServiceUrl('data:text/html,x', what)).toThrow(what);
  });
});
