// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  APPLE_PAY_TOKEN,
  BROWSER,
  charge,
  rawCard,
  savedCard,
  threeDsFor,
} from '../testing/charges';
import { countRows } from '../testing/database';
import { LOGINS } from '../testing/logins';
import { type CallInit, KEYS, useSandbox } from '../testing/sandbox';
import { SEED_MERCHANT_IDS as IDS } from './accounts/seed';
import { SEED_PLAN_IDS as PLANS } from './plans/seed';
import { SEED_SUBSCRIPTION_IDS as SUBSCRIPTIONS } from './subscriptions/seed';

const t = useSandbox();
const badRequest = (message: string) => ({ statusCode: 400, message, error: 'Bad Request' });
const PROBE = 'sandboxProbe';

interface Operation {
  method: string;
  path: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, unknown> };
}

/** Every operation with a JSON request body, from the served document. */
async function jsonBodyOperations(): Promise<Operation[]> {
  const doc = await t.api<{
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  }>('/openapi.json');
  return Object.entries(doc.body.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => op.requestBody?.content['application/json'] !== undefined)
      .map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
}

const card = {
  number: '4111111111111111',
  holderName: 'Ana Souza',
  expirationMonth: '12',
  expirationYear: '2030',
};

/**
 * A valid body (and path) per operation, so the probe is the only fault named. An operation
 * missing here still gets `{ sandboxProbe: 1 }` alone, and the probe among the faults named.
 */
const MINIMAL: Record<string, { body: Record<string, unknown>; path?: string }> = {
  'POST /v1/three-ds/authenticate': {
    body: { amount: 10, currency: 'BRL', card, browser: BROWSER },
  },
  'POST /v1/three-ds/submit': { body: { authenticationId: 'auth_x' } },
  'POST /v1/three-ds/challenge-result': { body: { authenticationId: 'auth_x' } },
  'POST /v1/charges': { body: charge() },
  'POST /v1/cards': { body: card },
  'POST /v1/cards/{id}/activate': { body: { activationValue: '1.00' } },
  'POST /v1/submerchants/{merchantId}/payout-requests': {
    body: { amount: 10 },
    path: `/v1/submerchants/${IDS.subAtiva}/payout-requests`,
  },
  'POST /v1/payout-requests/{id}/approve': { body: {} },
  'POST /v1/payout-requests/{id}/reject': { body: { reason: 'no' } },
  'POST /sandbox/clock/advance': { body: { days: 1 } },
  'POST /sandbox/submerchants/{id}/status': { body: { status: 'active' } },
  'POST /v1/subscription-plans': {
    body: { name: 'P', price: 10, currency: 'BRL', recurrenceType: 'monthly' },
  },
  'PATCH /v1/subscription-plans/{id}/status': { body: { status: 'active' } },
  'POST /v1/subscriptions': {
    body: {
      planId: PLANS.monthly,
      customer: { name: 'A', email: 'a@b.co' },
      paymentMethod: rawCard(),
    },
  },
  'PATCH /v1/subscriptions/{id}': { body: { billingDay: 1 } },
  'POST /sandbox/webhook-endpoints': { body: { url: 'http://127.0.0.1:9/h', events: ['*'] } },
  'PATCH /sandbox/webhook-endpoints/{id}': { body: { enabled: false } },
  'PUT /sandbox/latency': { body: { ms: 0 } },
  'POST /v1/auth/login': { body: { email: 'a@b.co', password: 'p' } },
};

/** The credentials the operation documents: the secret key, or a login with one of its roles. */
async function credentialsOf(op: Operation): Promise<Pick<CallInit, 'key' | 'bearer'>> {
  const scheme = op.security?.[0] ?? {};
  const roles = scheme.bearerAuth;
  if (roles !== undefined) {
    return { bearer: await t.token(roles.includes('merchant') ? LOGINS.subAtiva : LOGINS.admin) };
  }
  return scheme.basicAuth !== undefined ? { key: KEYS.secret } : {};
}

const RAW =
  'a raw card payment method takes only type, number, holderName, expirationMonth, expirationYear, cvv, installments, threeDSMode, browser and threeDS';
const SAVED =
  'a saved card payment method (with cardTokenId) takes only type, cardTokenId, cvv, installments, threeDSMode, browser and threeDS';

describe('every body-taking operation refuses an unknown field, naming it', () => {
  it('the document lists the operations (every JSON body of /v1 and /sandbox)', async () => {
    const keys = (await jsonBodyOperations()).map((op) => `${op.method} ${op.path}`);
    expect(keys.filter((key) => !/ \/(v1|sandbox)\//.test(key))).toEqual([]);
    expect(keys).toEqual(expect.arrayContaining(Object.keys(MINIMAL)));
  });

  it('each operation of the document: 400 "sandboxProbe is not a known field"', async () => {
    const failures: string[] = [];
    for (const op of await jsonBodyOperations()) {
      const key = `${op.method} ${op.path}`;
      const minimal = MINIMAL[key];
      const path = minimal?.path ?? op.path.replace(/\{[^}]+\}/g, 'x');
      const body = { ...minimal?.body, [PROBE]: 1 };
      const reply = await t.api(path, { method: op.method, body, ...(await credentialsOf(op)) });
      const message = String(reply.body.message);
      const named =
        minimal === undefined
          ? message.split('; ').includes(`${PROBE} is not a known field`)
          : message === `${PROBE} is not a known field`;
      if (reply.status !== 400 || !named) failures.push(`${key}: ${reply.status} ${reply.text}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('POST /v1/charges: unknown fields at any depth', () => {
  it('threeDS at the top level is refused, not dropped: no charge is made without 3-D Secure', async () => {
    const charges = await countRows(t.sandbox.database.db, 'charges');
    const threeDS = { eci: '05', cryptogram: 'x', version: '2.2.0' };
    const reply = await t.secret('/v1/charges', { body: charge({ threeDS }) });
    expect(reply.body).toEqual(badRequest('threeDS is not a known field'));
    expect(await countRows(t.sandbox.database.db, 'charges')).toBe(charges);
  });

  it.each([
    [
      'a raw card',
      { paymentMethod: rawCard({ foo: 1 }) },
      `paymentMethod.foo is not a known field; ${RAW}`,
    ],
    [
      'variant B with a card number',
      { paymentMethod: savedCard('card_sandbox_visa', { number: '4111111111111111' }) },
      `paymentMethod.number is not a known field; ${SAVED}`,
    ],
    [
      'a wallet with a CVV',
      {
        paymentMethod: {
          type: 'credit_card',
          installments: 1,
          cvv: '123',
          wallet: { type: 'apple_pay', token: APPLE_PAY_TOKEN },
        },
      },
      'paymentMethod.cvv is not a known field; a wallet payment method (with wallet) takes only type, installments and wallet',
    ],
    [
      'the wallet itself',
      {
        paymentMethod: {
          type: 'credit_card',
          installments: 1,
          wallet: { type: 'apple_pay', token: APPLE_PAY_TOKEN, id: 1 },
        },
      },
      'paymentMethod.wallet.id is not a known field',
    ],
    [
      'the browser',
      { paymentMethod: rawCard({ threeDSMode: 'managed', browser: { ...BROWSER, foo: 1 } }) },
      'paymentMethod.browser.foo is not a known field',
    ],
    [
      'the customer',
      { customer: { name: 'Ana', email: 'a@b.co', foo: 1 } },
      'customer.foo is not a known field',
    ],
    [
      'the document',
      {
        customer: {
          name: 'Ana',
          email: 'a@b.co',
          document: { type: 'passport', id: 'X1', country: 'BR' },
        },
      },
      'customer.document.country is not a known field',
    ],
    [
      'the address',
      { customer: { name: 'Ana', email: 'a@b.co', address: { country: 'BRA', city: 'SP' } } },
      'customer.address.city is not a known field',
    ],
    [
      'an item',
      { items: [{ type: 'physical' }, { type: 'digital', sku: 'x' }] },
      'items[1].sku is not a known field',
    ],
  ])('in %s', async (_, fields, message) => {
    const reply = await t.secret('/v1/charges', { body: charge(fields) });
    expect(reply.body).toEqual(badRequest(message));
  });

  it('in the threeDS a card carries', async () => {
    const threeDS = { ...(await threeDsFor(t)), foo: 1 };
    const body = charge({ paymentMethod: rawCard({ threeDS }) });
    const reply = await t.secret('/v1/charges', { body });
    expect(reply.body).toEqual(badRequest('paymentMethod.threeDS.foo is not a known field'));
  });

  it('__proto__ and constructor are named like any other key, at the top and nested', async () => {
    const body = JSON.stringify(charge())
      .replace(/^\{/, '{"__proto__":{"amount":1},"constructor":1,')
      .replace('"installments":1', '"installments":1,"__proto__":{}');
    const reply = await t.secret('/v1/charges', { body });
    expect(reply.body).toEqual(
      badRequest(
        [
          `paymentMethod.__proto__ is not a known field; ${RAW}`,
          '__proto__ is not a known field',
          'constructor is not a known field',
        ].join('; '),
      ),
    );
  });
});

describe('the other operations: nested fields', () => {
  const subscription = (fields: Record<string, unknown>) => ({
    planId: PLANS.monthly,
    customer: { name: 'A', email: 'a@b.co' },
    paymentMethod: rawCard(),
    ...fields,
  });
  it.each([
    [
      '/v1/three-ds/authenticate',
      'card.cvv is not a known field',
      { amount: 10, currency: 'BRL', card: { ...card, cvv: '123' }, browser: BROWSER },
    ],
    [
      '/v1/three-ds/authenticate',
      'browser.foo is not a known field',
      { amount: 10, currency: 'BRL', card, browser: { ...BROWSER, foo: 1 } },
    ],
    [
      '/v1/subscriptions',
      'customer.foo is not a known field',
      subscription({ customer: { name: 'A', email: 'a@b.co', foo: 1 } }),
    ],
    [
      '/v1/subscriptions',
      `paymentMethod.foo is not a known field; ${RAW}`,
      subscription({ paymentMethod: rawCard({ foo: 1 }) }),
    ],
  ])('%s: %s', async (path, message, body) => {
    const reply = await t.secret(path, { body });
    expect(reply.body).toEqual(badRequest(message));
  });

  it('a subscription’s metadata stays free-form, but never __proto__', async () => {
    const path = `/v1/subscriptions/${SUBSCRIPTIONS.active}`;
    const open = await t.secret(path, {
      method: 'PATCH',
      body: { metadata: { 'any key': 'v', constructor: 'c' } },
    });
    expect(open.status, open.text).toBe(200);
    expect(open.body.metadata).toMatchObject({ 'any key': 'v', constructor: 'c' });
    const proto = await t.secret(path, { method: 'PATCH', body: '{"metadata":{"__proto__":"x"}}' });
    expect(proto.body).toEqual(
      badRequest('metadata.__proto__ is not allowed: __proto__ is a reserved name'),
    );
  });
});
