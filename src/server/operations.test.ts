// @vitest-environment node
/**
 * Every operation the client must offer (every endpoint of the service, and the sandbox's
 * operations a merchant uses) is reached by a client method: each method called on a recording fetch sends
 * its operation, every operation is in the sandbox's document, and the generator's table
 * (scripts/server-types-operations.ts) names types for exactly these operations.
 */
import { describe, expect, it } from 'vitest';
import { BROWSER, useSandbox } from '../../demo/testing/sandbox';
import { OPERATIONS } from '../../scripts/server-types-operations';
import type { ChargeCreateRequest, SubscriptionCreateRequest } from './api-types';
import { createServerClient, type ServerClient } from './index';

const t = useSandbox();

const CARD = {
  number: '4111111111111111',
  holderName: 'A',
  expirationMonth: '12',
  expirationYear: '2030',
};
const CHARGE: ChargeCreateRequest = {
  amount: 1,
  currency: 'BRL',
  customer: { email: 'a@example.com' },
  paymentMethod: { type: 'pix' },
  items: [{ type: 'digital' }],
};
const SUBSCRIPTION: SubscriptionCreateRequest = {
  planId: 'plan_1',
  customer: { email: 'a@example.com' },
  paymentMethod: { type: 'credit_card', cardTokenId: 'card_1', cvv: '123', installments: 1 },
};

type Reach = (client: ServerClient) => Promise<unknown>;

/** Each operation → the method that reaches it. */
const REACH: Record<string, Reach> = {
  // The service's endpoints.
  'POST /v1/charges': (c) => c.charges.create(CHARGE),
  'POST /v1/three-ds/authenticate': (c) =>
    c.threeDS.authenticate({ amount: 1, currency: 'BRL', card: CARD, browser: BROWSER }),
  'POST /v1/three-ds/submit': (c) => c.threeDS.submit({ authenticationId: 'auth_1' }),
  'POST /v1/three-ds/challenge-result': (c) =>
    c.threeDS.challengeResult({ authenticationId: 'auth_1' }),
  'PATCH /v1/subscription-plans/{id}/status': (c) =>
    c.subscriptionPlans.setStatus('plan_1', { status: 'inactive' }),
  'GET /v1/subscription-plans/{id}': (c) => c.subscriptionPlans.get('plan_1'),
  'POST /v1/subscription-plans/{id}/image': (c) =>
    c.subscriptionPlans.uploadImage('plan_1', new Blob([new Uint8Array([1])])),
  'GET /v1/subscriptions': (c) => c.subscriptions.list().page(2),
  'PATCH /v1/subscriptions/{id}': (c) => c.subscriptions.update('sub_1', { billingDay: 1 }),
  'GET /v1/customers': (c) => c.customers.list().page(2),
  'GET /v1/customers/{id}': (c) => c.customers.get('cus_1'),
  'GET /v1/cards': (c) => c.cards.list().toArray(),
  'POST /v1/cards/{id}/activate': (c) => c.cards.activate('card_1', { activationValue: '1.00' }),
  'DELETE /v1/cards/{id}': (c) => c.cards.delete('card_1'),
  'GET /v1/payment-methods': (c) => c.paymentMethods.list().toArray(),
  'GET /v1/wallets': (c) => c.wallets.list().toArray(),
  'POST /v1/submerchants/{merchantId}/payout-requests': (c) =>
    c.payoutRequests.create('m_1', { amount: 1 }),
  'GET /v1/payout-requests/{id}': (c) => c.payoutRequests.get('po_1'),
  'GET /v1/payout-requests': (c) => c.payoutRequests.list().page(2),
  'GET /v1/submerchants': (c) => c.submerchants.list().page(2),
  'GET /v1/connect/sub-accounts/{id}/fees-info': (c) => c.subAccounts.feesInfo('m_1'),
  // Operations the sandbox adds that a merchant uses.
  'POST /v1/auth/login': (c) => c.login({ email: 'a@example.com', password: 'p' }),
  'POST /v1/cards': (c) => c.cards.create(CARD),
  'POST /v1/charges/{id}/resume-3ds': (c) => c.charges.resume3ds('ch_1'),
  'GET /v1/charges/{id}': (c) => c.charges.get('ch_1'),
  'POST /v1/charges/{id}/refund': (c) => c.charges.refund('ch_1'),
  'POST /v1/subscription-plans': (c) =>
    c.subscriptionPlans.create({ name: 'p', price: 1, currency: 'BRL', recurrenceType: 'weekly' }),
  'GET /v1/subscription-plans': (c) => c.subscriptionPlans.list().page(2),
  'POST /v1/subscriptions': (c) => c.subscriptions.create(SUBSCRIPTION),
  'GET /v1/subscriptions/{id}': (c) => c.subscriptions.get('sub_1'),
  'POST /v1/subscriptions/{id}/cancel': (c) => c.subscriptions.cancel('sub_1'),
  'POST /v1/subscriptions/{id}/pause': (c) => c.subscriptions.pause('sub_1'),
  'POST /v1/subscriptions/{id}/resume': (c) => c.subscriptions.resume('sub_1'),
  'POST /v1/payout-requests/{id}/approve': (c) => c.payoutRequests.approve('po_1'),
  'POST /v1/payout-requests/{id}/reject': (c) => c.payoutRequests.reject('po_1', { reason: 'r' }),
};

/** The paged lists, reached above through `.page(2)`. */
const PAGED = new Set([
  'GET /v1/customers',
  'GET /v1/subscriptions',
  'GET /v1/subscription-plans',
  'GET /v1/payout-requests',
  'GET /v1/submerchants',
]);

/** `GET /v1/charges/{id}` → a pattern for `GET /v1/charges/ch_1?…`. */
const patternOf = (key: string) =>
  new RegExp(`^${key.replace(/\{[^}]+\}/g, '[^/?]+').replace(/\//g, '\\/')}(\\?.*)?$`);

/** A client whose fetch records `METHOD /path?query` and answers any call plausibly. */
async function recordingClient() {
  const sent: string[] = [];
  const client = createServerClient({
    secretKey: 'sk_test_x',
    baseUrl: 'https://api.example.test',
    fetch: async (input, init) => {
      const url = new URL(String(input));
      sent.push(`${init?.method} ${url.pathname}${url.search}`);
      return Response.json(
        url.pathname === '/v1/auth/login'
          ? { accessToken: 'token', tokenType: 'Bearer', expiresIn: 3600, role: 'admin' }
          : { data: [], meta: { totalPages: 2 }, pages: 2 },
      );
    },
  });
  await client.login({ email: 'admin@example.com', password: 'p' });
  sent.length = 0;
  return { client, sent };
}

describe('every operation is reachable', () => {
  it.each(Object.entries(REACH))('%s', async (key, reach) => {
    const { client, sent } = await recordingClient();
    await reach(client);
    const requests =
      key === 'POST /v1/auth/login' ? sent : sent.filter((s) => !s.includes('/auth/'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(patternOf(key));
    if (PAGED.has(key)) expect(requests[0]).toMatch(/[?&]page=2$/);
  });

  it('each is an operation of the sandbox document, and has generated types', async () => {
    const reply = await t.api<{ paths: Record<string, Record<string, unknown>> }>('/openapi.json');
    const documented = Object.entries(reply.body.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.length).toBeGreaterThan(Object.keys(REACH).length);
    expect(Object.keys(REACH).filter((key) => !documented.includes(key))).toEqual([]);
    expect(OPERATIONS.map((op) => op.key).sort()).toEqual(Object.keys(REACH).sort());
  });
});
