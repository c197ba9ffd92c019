// @vitest-environment node
/**
 * The server client against a real sandbox over HTTP: charges (managed 3DS, refund), the 3DS
 * steps, cards, customers, payment methods, and the spec's error bodies as `ServerApiError`.
 */
import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../../demo/service/three-ds/scenarios';
import { BROWSER } from '../../demo/testing/browser';
import { KEYS, useSandbox } from '../../demo/testing/sandbox';
import type { ChargeCreateRequest, PaymentMethodInput } from './api-types';
import { createServerClient, ServerApiError } from './index';

const t = useSandbox();

const clientWith = (secretKey: string = KEYS.secret, fetchImpl?: typeof fetch) =>
  createServerClient({
    secretKey,
    baseUrl: t.sandbox.apiUrl,
    ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }),
  });

const CARD = {
  number: '4111111111111111',
  holderName: 'Ana Souza',
  expirationMonth: '12',
  expirationYear: '2030',
};
const cardOf = (name: string) => SCENARIOS.find((s) => s.name === name)?.card ?? '';

const chargeBody = (paymentMethod: PaymentMethodInput): ChargeCreateRequest => ({
  amount: 120.5,
  currency: 'BRL',
  customer: { name: 'Test Buyer', email: 'buyer@example.com' },
  paymentMethod,
  items: [{ type: 'physical', name: 'Mug', quantity: 1, amount: 120.5 }],
});
const rawCard = { type: 'credit_card', ...CARD, cvv: '123', installments: 1 } as const;

/** A fetch that counts the GETs of `path` before handing them to the real one. */
function countingFetch(path: string) {
  const seen: string[] = [];
  const wrapped: typeof fetch = (input, init) => {
    const url = new URL(String(input));
    if (url.pathname === path) seen.push(url.search);
    return fetch(input, init);
  };
  return { fetch: wrapped, seen };
}

describe('charges', () => {
  it('create (paid), get, refund', async () => {
    const client = clientWith();
    const paid = await client.charges.create(chargeBody(rawCard));
    expect(paid).toMatchObject({ status: 'paid', amount: 120.5, currency: 'BRL' });
    expect(await client.charges.get(paid.id)).toEqual(paid);
    const refunded = await client.charges.refund(paid.id);
    expect(refunded).toMatchObject({ id: paid.id, status: 'refunded' });
    expect((await client.charges.get(paid.id)).status).toBe('refunded');
  });

  it('managed 3DS: authentication_required, then resume3ds pays it', async () => {
    const client = clientWith();
    const created = await client.charges.create(
      chargeBody({ ...rawCard, threeDSMode: 'managed', browser: BROWSER }),
    );
    expect(created.status).toBe('authentication_required');
    expect(created.nextAction).toMatchObject({ type: 'three_ds', status: 'succeeded' });
    const resumed = await client.charges.resume3ds(created.id);
    expect(resumed).toMatchObject({ id: created.id, status: 'paid' });
    expect(resumed.threeDS?.state).toBe('success');
  });

  it('caller-run 3DS with the secret key: authenticate, submit, challenge-result, then charge', async () => {
    const client = clientWith();
    const started = await client.threeDS.authenticate({
      amount: 120.5,
      currency: 'BRL',
      card: { ...CARD, number: cardOf('Fingerprint then frictionless') },
      browser: BROWSER,
    });
    expect(started.status).toBe('requires_submission');
    const submitted = await client.threeDS.submit({ authenticationId: started.authenticationId });
    expect(submitted.authenticationId).toBe(started.authenticationId);
    const frictionless = await client.threeDS.authenticate({
      amount: 120.5,
      currency: 'BRL',
      card: CARD,
      browser: BROWSER,
    });
    const threeDS = await client.threeDS.challengeResult({
      authenticationId: frictionless.authenticationId,
    });
    expect(threeDS.state).toBe('success');
    const charged = await client.charges.create(chargeBody({ ...rawCard, threeDS }));
    expect(charged).toMatchObject({ status: 'paid', threeDS });
  });
});

describe('cards', () => {
  it('register with validation, activate, list by customer, delete', async () => {
    const client = clientWith();
    const created = await client.cards.create({
      ...CARD,
      customerId: 'cus_sandbox_ana',
      validateCard: true,
    });
    expect(created.status).toBe('pending_validation');
    expect(created.validationAmount).toMatch(/^\d+\.\d{2}$/);
    const activated = await client.cards.activate(created.id, {
      activationValue: created.validationAmount ?? '',
    });
    expect(activated).toMatchObject({ id: created.id, status: 'active' });

    const again = await client.cards
      .activate(created.id, { activationValue: created.validationAmount ?? '' })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ServerApiError);
    expect(again).toMatchObject({ statusCode: 400, method: 'POST' });

    const listed = await client.cards.list({ customerId: 'cus_sandbox_ana' }).toArray();
    expect(listed.map((card) => card.id)).toContain(created.id);
    const iterated: string[] = [];
    for await (const card of client.cards.list({ customerId: 'cus_sandbox_ana' })) {
      iterated.push(card.id);
    }
    expect(iterated).toEqual(listed.map((card) => card.id));

    expect(await client.cards.delete(created.id)).toMatchObject({ id: created.id, deleted: true });
    const after = await client.cards.list({ customerId: 'cus_sandbox_ana' }).toArray();
    expect(after.map((card) => card.id)).not.toContain(created.id);
  });
});

describe('customers', () => {
  it('get one; search', async () => {
    const client = clientWith();
    expect(await client.customers.get('cus_sandbox_ana')).toMatchObject({
      id: 'cus_sandbox_ana',
      name: 'Ana Souza',
      email: 'ana.souza@example.com',
    });
    const found = await client.customers.list({ search: 'lucia.fernandez' }).toArray();
    expect(found.map((c) => c.id)).toEqual(['cus_sandbox_lucia']);
  });

  it('walks every page, one request a page, and reads one page with its totals', async () => {
    const counting = countingFetch('/v1/customers');
    const client = clientWith(KEYS.secret, counting.fetch);
    const first = await client.customers.list({ limit: 2, orderBy: 'createdAt' }).page();
    expect(first.meta).toMatchObject({ page: 1, limit: 2 });
    expect(first.meta.totalPages).toBeGreaterThanOrEqual(3);
    counting.seen.length = 0;

    const all = await client.customers.list({ limit: 2, orderBy: 'createdAt' }).toArray();
    expect(all).toHaveLength(first.meta.total);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    expect(all.slice(0, 2)).toEqual(first.data);
    expect(counting.seen).toEqual(
      Array.from(
        { length: first.meta.totalPages },
        (_, i) => `?limit=2&orderBy=createdAt&page=${i + 1}`,
      ),
    );

    const third = await client.customers.list({ limit: 2, orderBy: 'createdAt' }).page(3);
    expect(third.meta.page).toBe(3);
    expect(third.data).toEqual(all.slice(4, 6));
  });

  it('a loop that stops early asks for no further page', async () => {
    const counting = countingFetch('/v1/customers');
    const client = clientWith(KEYS.secret, counting.fetch);
    for await (const customer of client.customers.list({ limit: 2 })) {
      expect(customer.id).toBeTypeOf('string');
      break;
    }
    expect(counting.seen).toHaveLength(1);
  });
});

describe('payment methods', () => {
  it('lists the catalogue, filtered by currency', async () => {
    const client = clientWith();
    const all = await client.paymentMethods.list().toArray();
    expect(all.map((m) => m.name)).toEqual(expect.arrayContaining(['credit_card', 'pix']));
    const brl = await client.paymentMethods.list({ currency: 'BRL' }).toArray();
    expect(brl.length).toBeGreaterThan(0);
    for (const method of brl) expect(method.currencies).toContain('BRL');
  });
});

describe('ServerApiError carries the spec error body and the request', () => {
  it('400: the message names the parameter', async () => {
    const error = await clientWith()
      .customers.list({ limit: 0 })
      .page()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerApiError);
    expect(error).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      method: 'GET',
      path: '/v1/customers?limit=0&page=1',
    });
    expect((error as ServerApiError).message).toMatch(/^limit /);
  });

  it('401: an unknown key', async () => {
    const error = await clientWith('sk_test_nobody')
      .customers.get('cus_sandbox_ana')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerApiError);
    expect(error).toMatchObject({
      statusCode: 401,
      message: 'Unauthorized',
      method: 'GET',
      path: '/v1/customers/cus_sandbox_ana',
    });
  });

  it('403: a publishable key outside the 3DS endpoints', async () => {
    const error = await clientWith(KEYS.publishable)
      .customers.get('cus_sandbox_ana')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 403, message: 'Forbidden' });
  });

  it('404: the spec message; the id is encoded into one path segment', async () => {
    const error = await clientWith()
      .customers.get('cus/../nobody')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerApiError);
    expect(error).toMatchObject({
      statusCode: 404,
      message: 'customer not found',
      path: '/v1/customers/cus%2F..%2Fnobody',
    });
    // `error` is the body's, when it has one (this one has none).
    const raw = await t.secret<Record<string, unknown>>('/v1/customers/cus%2F..%2Fnobody');
    expect(raw.body).toMatchObject({ statusCode: 404, message: 'customer not found' });
    expect((error as ServerApiError).error).toBe(raw.body.error);
  });
});
