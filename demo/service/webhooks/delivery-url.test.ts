// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rawCard } from '../../testing/charges';
import { useSandbox } from '../../testing/sandbox';
import type { WebhookEndpoint } from './endpoints-schema';

/*
 * The rule of `refuseUrl` (allowed-hosts.ts) where a merchant gives a URL: 400 naming the field,
 * nothing stored. The attempts' side is in allowed-hosts.test.ts and postback.test.ts.
 */

const t = useSandbox();
const BASE = '/sandbox/webhook-endpoints';

const WHITESPACE = 'must not contain whitespace or control characters';
const PORT = 'must have a port from 1 to 65535';
const PRIVATE = 'must not name a private, link-local, unspecified or metadata address';

/** Each refused URL, and the start of the reason the 400 gives after the field's name. */
const REFUSED: ReadonlyArray<readonly [string, string]> = [
  [' http://127.0.0.1:9/hook', WHITESPACE],
  ['http://127.0.0.1:9/hook ', WHITESPACE],
  ['http://127.0.0.1:9/hook\r\n', WHITESPACE],
  ['http://127.0.0.1:9/ho\r\nX-Injected: 1', WHITESPACE],
  ['http://127.0.0.1:9/h\tk', WHITESPACE],
  // BEL stands for C0 here: NUL is refused earlier, at the edge, with a message of its own.
  ['http://127.0.0.1:9/\u0007', WHITESPACE],
  ['http://127.0.0.1:9/\u0085', WHITESPACE],
  ['http://127.0.0.1:9/\u2028', WHITESPACE],
  ['http://127.0.0.1:0/', PORT],
  ['http://127.0.0.1:65536/', PORT],
  ['ftp://127.0.0.1/hook', 'must use http or https'],
  ['http://user:secret@127.0.0.1/hook', 'must not carry credentials'],
  ['not-a-url', 'must be an absolute http or https URL'],
  ['//127.0.0.1:9/hook', 'must be an absolute http or https URL'],
  ['http://169.254.169.254/', PRIVATE],
  ['http://10.0.0.1/hook', PRIVATE],
  ['http://0.0.0.0:8080/', PRIVATE],
  ['http://[::]/', PRIVATE],
  ['http://example.com/hook', 'must name a host the sandbox delivers to'],
];

/** Loopback is all of 127.0.0.0/8, ::1 and localhost; any port from 1 up. */
const TAKEN = [
  'http://127.0.0.2:9/hook',
  'http://127.0.0.1:1/',
  'http://[::1]:9/',
  'http://localhost:65535/x',
];

const charge = (postbackUrl: string) =>
  t.secret('/v1/charges', {
    body: {
      amount: 10,
      currency: 'BRL',
      customer: { id: 'cus_sandbox_ana' },
      items: [{ type: 'digital' }],
      postbackUrl,
      paymentMethod: rawCard(),
    },
  });

const message = (body: unknown) => (body as { message?: string }).message ?? '';

const storedPostbacks = async (url: string) =>
  (
    await t.sandbox.database.db
      .selectFrom('charges')
      .select('id')
      .where('postback_url', '=', url)
      .execute()
  ).length;

describe("a charge's postbackUrl", () => {
  it.each(REFUSED)('%j: 400 naming postbackUrl, no charge', async (url, reason) => {
    const reply = await charge(url);
    expect(reply.status, reply.text).toBe(400);
    expect(message(reply.body)).toContain(`postbackUrl ${reason}`);
    expect(await storedPostbacks(url)).toBe(0);
  });

  it.each(TAKEN)('%s: taken, stored as given', async (url) => {
    const reply = await charge(url);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ postbackUrl: url });
  });
});

describe("a dashboard endpoint's url", () => {
  const endpoints = async () => (await t.secret<{ data: WebhookEndpoint[] }>(BASE)).body.data;

  it.each(REFUSED)(
    '%j: 400 naming url on create and on change, nothing stored',
    async (url, reason) => {
      const before = await endpoints();
      const made = await t.secret(BASE, { body: { url, events: ['*'], enabled: false } });
      expect(made.status, made.text).toBe(400);
      expect(message(made.body)).toContain(`url ${reason}`);
      expect(await endpoints()).toEqual(before);

      const ok = await t.secret<WebhookEndpoint>(BASE, {
        body: { url: 'http://127.0.0.1:9/ok', events: ['*'], enabled: false },
      });
      const changed = await t.secret(`${BASE}/${ok.body.id}`, { method: 'PATCH', body: { url } });
      expect(changed.status, changed.text).toBe(400);
      expect(message(changed.body)).toContain(`url ${reason}`);
      const kept = (await endpoints()).find((endpoint) => endpoint.id === ok.body.id);
      expect(kept?.url).toBe('http://127.0.0.1:9/ok');
      await t.secret(`${BASE}/${ok.body.id}`, { method: 'DELETE' });
    },
  );

  it.each(TAKEN)('%s: taken, stored as given', async (url) => {
    const made = await t.secret<WebhookEndpoint>(BASE, {
      body: { url, events: ['*'], enabled: false },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.url).toBe(url);
    await t.secret(`${BASE}/${made.body.id}`, { method: 'DELETE' });
  });
});
