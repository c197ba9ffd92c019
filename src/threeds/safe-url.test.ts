import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutError } from '../errors';
import { type Endpoint, HOSTILE_URLS } from '../test-support/arbitraries';
import {
  type Answer,
  checkoutWithEvents,
  expectNothingLeft,
  fakeService,
  json,
  muteFrameLoadErrors,
  recordCreated,
} from '../test-support/fake-service';
import { validRequest } from '../test-support/fixtures';
import { checkServiceUrl, unsafeUrlReason } from './safe-url';
import { HOST_TAG } from './shadow-host';

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

describe('a hostile URL from the service, through the whole flow', () => {
  const ID = 'auth_url';
  let added: Node[];
  let observer: MutationObserver;
  let created: Element[];
  beforeEach(() => {
    added = [];
    observer = new MutationObserver((records) => {
      for (const record of records) added.push(...record.addedNodes);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    created = recordCreated('iframe', 'dialog', HOST_TAG);
  });
  afterEach(() => {
    observer.disconnect();
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  /** Where the URL arrives, the answers that bring it, and the request that must never follow. */
  const places: [string, (url: string) => Partial<Record<Endpoint, Answer[]>>, Endpoint][] = [
    [
      'fingerprintingUrl',
      (url) => ({
        authenticate: [
          json({ authenticationId: ID, status: 'requires_submission', fingerprintingUrl: url }),
        ],
      }),
      'submit',
    ],
    [
      'challengeUrl from authenticate',
      (url) => ({
        authenticate: [
          json({ authenticationId: ID, status: 'requires_challenge', challengeUrl: url }),
        ],
      }),
      'challengeResult',
    ],
    [
      'challengeUrl from submit',
      (url) => ({
        authenticate: [json({ authenticationId: ID, status: 'requires_submission' })],
        submit: [json({ authenticationId: ID, status: 'requires_challenge', challengeUrl: url })],
      }),
      'challengeResult',
    ],
  ];
  const cases = places.flatMap(([where, answers, never]) =>
    HOSTILE_URLS.map((url) => [where, JSON.stringify(url), answers(url), never] as const),
  );

  it.each(cases)('%s %s → insecure_url, nothing rendered', async (_where, _url, answers, never) => {
    const service = fakeService(answers);
    const { checkout, events } = checkoutWithEvents();
    await expect(checkout.authenticate(validRequest())).rejects.toMatchObject({
      code: 'insecure_url',
    });
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'insecure_url' });
    expect(service.count(never)).toBe(0);
    expect(created).toEqual([]);
    expect([...added, ...observer.takeRecords().flatMap((r) => [...r.addedNodes])]).toEqual([]);
    expectNothingLeft();
  });

  // The control: the same watchers do see a frame that is allowed to render.
  it('a safe fingerprintingUrl is rendered, and the watchers see it', async () => {
    const url = 'https://acs.example/fp';
    muteFrameLoadErrors();
    fakeService(places[0]?.[1](url) ?? {});
    const { checkout } = checkoutWithEvents();
    const flow = checkout.authenticate(validRequest()).catch((error: unknown) => error);
    await vi.waitFor(() => expect(created.map((e) => e.getAttribute('src'))).toContain(url));
    expect(added.length + observer.takeRecords().length).toBeGreaterThan(0);
    checkout.destroy();
    await expect(flow).resolves.toMatchObject({ code: 'aborted' });
    expectNothingLeft();
  });

  const baseUrls = [...HOSTILE_URLS.filter((url) => url !== ''), 'api.example', '//api.example'];
  it.each(baseUrls.map((url) => [JSON.stringify(url), url]))(
    'baseUrl %s → insecure_url from createCheckout, no request, nothing rendered',
    (_shown, baseUrl) => {
      const { fetch } = fakeService({});
      expect(() => checkoutWithEvents({ baseUrl })).toThrow(
        expect.objectContaining({ code: 'insecure_url' }),
      );
      expect(fetch).not.toHaveBeenCalled();
      expect(created).toEqual([]);
      expectNothingLeft();
    },
  );
});
