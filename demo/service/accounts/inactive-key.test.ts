// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  APPLE_PAY_TOKEN,
  BROWSER,
  charge,
  pixCharge,
  rawCard,
  savedCard,
} from '../../testing/charges';
import { dumpDatabase, expectNotActive, type Refusals } from '../../testing/not-active';
import { planBody } from '../../testing/plans';
import { useSandbox } from '../../testing/sandbox';
import { PATH, subscriptionBody } from '../../testing/subscriptions';

// Sub Inativa is `inactive` in the seed: its key is refused from the first request.
const t = useSandbox();
const KEY = 'sk_test_inactive';
const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  t.api<T>(path, { key: KEY, method, ...(body === undefined ? {} : { body }) });

const WALLET = {
  type: 'credit_card',
  installments: 1,
  wallet: { type: 'apple_pay', token: APPLE_PAY_TOKEN },
};
const CARD = {
  number: '4111111111111111',
  holderName: 'Ana Souza',
  expirationMonth: '12',
  expirationYear: '2030',
};

/** Each refused request: the operation, method, path and body. Ids need not exist. */
const REFUSED: Array<[string, string, string, unknown?]> = [
  ['POST /v1/charges', 'POST', '/v1/charges', charge()],
  ['POST /v1/charges', 'POST', '/v1/charges', charge({ paymentMethod: savedCard('card_x') })],
  ['POST /v1/charges', 'POST', '/v1/charges', charge({ paymentMethod: WALLET })],
  ['POST /v1/charges', 'POST', '/v1/charges', pixCharge()],
  [
    'POST /v1/charges',
    'POST',
    '/v1/charges',
    charge({ paymentMethod: rawCard({ threeDSMode: 'managed', browser: BROWSER }) }),
  ],
  ['POST /v1/charges/{id}/resume-3ds', 'POST', '/v1/charges/ch_x/resume-3ds'],
  ['POST /v1/charges/{id}/refund', 'POST', '/v1/charges/ch_x/refund'],
  ['POST /sandbox/charges/{id}/pix/pay', 'POST', '/sandbox/charges/ch_x/pix/pay'],
  ['POST /v1/cards', 'POST', '/v1/cards', CARD],
  ['POST /v1/cards', 'POST', '/v1/cards', { ...CARD, validateCard: true }],
  ['POST /v1/cards/{id}/activate', 'POST', '/v1/cards/card_x/activate', { activationValue: '1' }],
  ['POST /v1/subscription-plans', 'POST', '/v1/subscription-plans', planBody()],
  [
    'PATCH /v1/subscription-plans/{id}/status',
    'PATCH',
    '/v1/subscription-plans/plan_x/status',
    { status: 'active' },
  ],
  ['POST /v1/subscriptions', 'POST', PATH, subscriptionBody('plan_x')],
  ['POST /v1/subscriptions/{id}/resume', 'POST', `${PATH}/sub_x/resume`],
];

describe('sk_test_inactive (Sub Inativa, inactive)', () => {
  it('is refused every operation that moves money or creates billing, before anything is looked up; nothing is written', async () => {
    const before = await dumpDatabase(t.sandbox.database.db);
    const refusals: Refusals = [];
    for (const [operation, method, path, body] of REFUSED) {
      refusals.push([operation, await call(method, path, body)]);
    }
    await expectNotActive(t, refusals);
    expect(await dumpDatabase(t.sandbox.database.db)).toEqual(before);
  });

  it('reads stay 200', async () => {
    for (const path of [
      '/v1/cards',
      '/v1/customers',
      '/v1/subscription-plans',
      PATH,
      '/sandbox/events',
      '/sandbox/clock',
      '/sandbox/deliveries',
    ]) {
      const reply = await call('GET', path);
      expect(reply.status, `${path}: ${reply.text}`).toBe(200);
    }
  });

  it('what only stops billing passes the rule (and finds nothing to stop here)', async () => {
    const stops: Array<[string, string, unknown?]> = [
      ['PATCH', '/v1/subscription-plans/plan_x/status', { status: 'inactive' }],
      ['POST', `${PATH}/sub_x/cancel`],
      ['POST', `${PATH}/sub_x/pause`],
      ['DELETE', '/v1/cards/card_x'],
      ['POST', '/sandbox/charges/ch_x/pix/expire'],
    ];
    for (const [method, path, body] of stops) {
      const reply = await call(method, path, body);
      expect(reply.status, `${method} ${path}: ${reply.text}`).toBe(404);
    }
  });
});
