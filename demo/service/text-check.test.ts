// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { charge, rawCard } from '../testing/charges';
import { countRows } from '../testing/database';
import { KEYS, useSandbox } from '../testing/sandbox';
import { SEED_SUBSCRIPTION_IDS as SUBSCRIPTIONS } from './subscriptions/seed';

const t = useSandbox();
const badRequest = (message: string) => ({ statusCode: 400, message, error: 'Bad Request' });
const NUL = '\u0000';

/** A body sent byte for byte (not UTF-8, or JSON.stringify's own escapes). */
async function postBytes(path: string, bytes: Buffer | string) {
  const response = await fetch(t.sandbox.apiUrl + path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Basic ${btoa(`${KEYS.secret}:`)}`,
    },
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  });
  return { status: response.status, body: await response.json() };
}

const bytesOf = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))),
  );

describe('a NUL anywhere is a 400 naming the field, never a 500', () => {
  it.each([
    ['a query parameter', '/v1/customers?search=%00', 'search'],
    ['a query parameter among others', '/v1/customers?limit=5&email=a%00b', 'email'],
    ['a query parameter, + for spaces', '/v1/subscriptions?search=a+%00', 'search'],
    ['a path id', '/v1/customers/cus%00x', 'path parameter id'],
    ['a card filter', '/v1/cards?customerId=%00', 'customerId'],
    ['a charge id', '/v1/charges/ch_%00', 'path parameter id'],
    ['a path that is no route', '/v1/nothing%00', 'path'],
  ])('in %s', async (_, path, field) => {
    const reply = await t.secret(path);
    expect(reply.body).toEqual(badRequest(`${field} must not contain a NUL character`));
  });

  it('a query parameter name, quoted as sent', async () => {
    const reply = await t.secret('/v1/customers?se%00arch=x');
    expect(reply.body).toEqual(
      badRequest('query parameter name se%00arch must not contain a NUL character'),
    );
  });

  it.each([
    ['a value', { customer: { name: `Ana${NUL}` } }, 'customer.name must'],
    ['a key', { [`x${NUL}y`]: 1 }, 'field name x\\u0000y must'],
    [
      'a nested key',
      { paymentMethod: { a: { [NUL]: 1 } } },
      'field name paymentMethod.a.\\u0000 must',
    ],
    ['an item of an array', { items: [{ type: 'physical' }, { name: NUL }] }, 'items[1].name must'],
    ['a webhook URL', { postbackUrl: `http://127.0.0.1/${NUL}` }, 'postbackUrl must'],
  ])('in %s of a JSON body', async (_, fields, named) => {
    const reply = await t.secret('/v1/charges', { body: charge(fields) });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(badRequest(`${named} not contain a NUL character`));
  });

  it('in metadata, a plan name, a PIX customer, an event filter and a webhook endpoint', async () => {
    const metadata = await t.secret(`/v1/subscriptions/${SUBSCRIPTIONS.active}`, {
      method: 'PATCH',
      body: { metadata: { order: `4${NUL}2` } },
    });
    expect(metadata.body).toEqual(badRequest('metadata.order must not contain a NUL character'));
    const plan = await t.secret('/v1/subscription-plans', {
      body: { name: `Plano${NUL}`, price: 10, currency: 'BRL', recurrenceType: 'monthly' },
    });
    expect(plan.body).toEqual(badRequest('name must not contain a NUL character'));
    const pix = await t.secret('/v1/charges', {
      body: charge({ paymentMethod: { type: 'pix' }, customer: { name: NUL, email: 'a@b.co' } }),
    });
    expect(pix.body).toEqual(badRequest('customer.name must not contain a NUL character'));
    const events = await t.secret('/sandbox/events?event=charge.paid%00');
    expect(events.body).toEqual(badRequest('event must not contain a NUL character'));
    const endpoint = await t.secret('/sandbox/webhook-endpoints', {
      body: { url: `http://127.0.0.1:9/${NUL}`, events: ['*'] },
    });
    expect(endpoint.body).toEqual(badRequest('url must not contain a NUL character'));
  });

  it('login, without a key, before any account is looked up', async () => {
    const body = { email: `admin@sandbox.test${NUL}`, password: 'sandbox' };
    const reply = await t.api('/v1/auth/login', { key: null, body });
    expect(reply.body).toEqual(badRequest('email must not contain a NUL character'));
  });

  it('names every field at fault at once, six at most', async () => {
    const reply = await t.secret('/v1/customers?search=%00&email=%00&document=%00');
    expect(reply.body).toEqual(
      badRequest(
        ['search', 'email', 'document']
          .map((f) => `${f} must not contain a NUL character`)
          .join('; '),
      ),
    );
  });
});

describe('text that is not UTF-8, or an unpaired surrogate, is a 400: never stored as U+FFFD', () => {
  it.each([
    ['%FF in a query parameter', '/v1/customers?search=%FF', 'search must be valid UTF-8'],
    ['%C3%28 in a query parameter', '/v1/customers?search=%C3%28', 'search must be valid UTF-8'],
    ['an overlong form', '/v1/customers?search=%C0%AF', 'search must be valid UTF-8'],
    ['an encoded surrogate', '/v1/customers?search=%ED%A0%80', 'search must be valid UTF-8'],
    ['%FF in a path id', '/v1/customers/cus_%FF', 'path parameter id must be valid UTF-8'],
  ])('%s', async (_, path, message) => {
    const reply = await t.secret(path);
    expect(reply.body).toEqual(badRequest(message));
  });

  it('a JSON body whose bytes are not UTF-8: the value or key where they stand', async () => {
    const value = await postBytes(
      '/v1/charges',
      bytesOf('{"customer":{"name":"Ana ', [0xff], '"}}'),
    );
    expect(value.body).toEqual(badRequest('customer.name must be valid UTF-8'));
    const key = await postBytes('/v1/charges', bytesOf('{"a', [0xc3, 0x28], '":1}'));
    expect(key.body).toEqual(badRequest('field name a\ufffd( must be valid UTF-8'));
    const notJson = await postBytes('/v1/charges', bytesOf('{', [0xff]));
    expect(notJson.body).toEqual(badRequest('body must be valid UTF-8'));
  });

  it('a lone surrogate in a JSON body, as a value or a key; nothing is created', async () => {
    const customers = await countRows(t.sandbox.database.db, 'customers');
    const body = charge({ customer: { name: 'Ana \ud800', email: 'lone@example.com' } });
    const reply = await t.secret('/v1/charges', { body });
    expect(reply.body).toEqual(
      badRequest('customer.name must not contain an unpaired UTF-16 surrogate'),
    );
    expect(await countRows(t.sandbox.database.db, 'customers')).toBe(customers);
    const key = await postBytes('/v1/charges', '{"metadata":{"\\udc00":"x"}}');
    expect(key.body).toEqual(
      badRequest('field name metadata.\\udc00 must not contain an unpaired UTF-16 surrogate'),
    );
    // A pair is a character (U+1F600), not a fault.
    const pair = await t.secret('/v1/charges', {
      body: charge({ customer: { name: 'Ana \ud83d\ude00', email: 'pair@example.com' } }),
    });
    expect(pair.status).toBe(201);
  });
});

describe('what the check leaves alone', () => {
  it('plain text passes: accents, emoji, a % that is no escape', async () => {
    const reply = await t.secret('/v1/customers?search=Jos%C3%A9+%F0%9F%98%80&email=100%');
    expect(reply.status).toBe(200);
  });

  it('a body that is not JSON is the route’s (the plan image reads its file part only)', async () => {
    const form = new FormData();
    form.set('note', `text${NUL}`);
    const response = await fetch(`${t.sandbox.apiUrl}/v1/subscription-plans/plan_x/image`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`${KEYS.secret}:`)}` },
      body: form,
    });
    expect(response.status).toBe(404);
  });

  it('a valid charge passes', async () => {
    const reply = await t.secret('/v1/charges', { body: charge({ paymentMethod: rawCard() }) });
    expect(reply.status).toBe(201);
  });
});
