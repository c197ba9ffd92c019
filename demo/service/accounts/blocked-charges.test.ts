// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPLE_PAY_TOKEN,
  BROWSER,
  charge,
  pixCharge,
  rawCard,
  savedCard,
} from '../../testing/charges';
import { bearerCalls } from '../../testing/logins';
import {
  dumpDatabase,
  expectNotActive,
  type Refusals,
  setSubMerchantStatus,
} from '../../testing/not-active';
import { authenticateBody, type Reply, useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS as IDS } from './seed';

// Its own database (`useSandbox`): Sub Ativa is blocked here and nowhere else.
const t = useSandbox();
const as = bearerCalls(t);
const SUB = 'sk_test_sub';
const sub = <T = Record<string, unknown>>(path: string, body?: unknown, method?: string) =>
  t.api<T>(path, { key: SUB, ...(body === undefined ? { method: method ?? 'POST' } : { body }) });

/** What Sub Ativa made while active, each something a refused operation would have moved on. */
const made = {
  paid: '',
  managed: '',
  pix: '',
  expiring: '',
  saved: '',
  pending: '',
  pendingValue: '',
  spare: '',
};

async function create(path: string, body: unknown): Promise<Record<string, unknown>> {
  const reply = await sub(path, body);
  if (reply.status !== 201) throw new Error(`${path}: ${reply.status} ${reply.text}`);
  return reply.body;
}

beforeAll(async () => {
  made.paid = (await create('/v1/charges', charge())).id as string;
  // Frictionless: its authentication is finished, so resume-3ds would pay it.
  const managed = rawCard({ number: '4000000000000010', threeDSMode: 'managed', browser: BROWSER });
  made.managed = (await create('/v1/charges', charge({ paymentMethod: managed }))).id as string;
  made.pix = (await create('/v1/charges', pixCharge())).id as string;
  made.expiring = (await create('/v1/charges', pixCharge())).id as string;
  const card = { number: '4111111111111111', holderName: 'Helena Prado' };
  const expiry = { expirationMonth: '12', expirationYear: '2030' };
  made.saved = (await create('/v1/cards', { ...card, ...expiry })).id as string;
  made.spare = (await create('/v1/cards', { ...card, ...expiry })).id as string;
  const pending = await create('/v1/cards', { ...card, ...expiry, validateCard: true });
  made.pending = pending.id as string;
  made.pendingValue = pending.validationAmount as string;
  await setSubMerchantStatus(t, IDS.subAtiva, 'blocked');
});

describe('a blocked sub-merchant may not move money', () => {
  it('is refused every charge, resume-3ds, refund, PIX payment, card and 3DS call; nothing is written', async () => {
    const before = await dumpDatabase(t.sandbox.database.db);
    const wallet = {
      type: 'credit_card',
      installments: 1,
      wallet: { type: 'apple_pay', token: APPLE_PAY_TOKEN },
    };
    const card = {
      number: '4111111111111111',
      holderName: 'Helena Prado',
      expirationMonth: '12',
      expirationYear: '2030',
    };
    const refusals: Refusals = [];
    const refused = async (operation: string, reply: Promise<Reply<unknown>>) => {
      refusals.push([operation, await reply]);
    };
    for (const body of [
      charge(), // the reproduction: a raw card, no threeDS
      charge({ paymentMethod: savedCard(made.saved) }),
      charge({ paymentMethod: wallet }),
      pixCharge(),
      charge({ paymentMethod: rawCard({ threeDSMode: 'managed', browser: BROWSER }) }),
    ]) {
      await refused('POST /v1/charges', sub('/v1/charges', body));
    }
    await refused(
      'POST /v1/charges/{id}/resume-3ds',
      sub(`/v1/charges/${made.managed}/resume-3ds`),
    );
    await refused('POST /v1/charges/{id}/refund', sub(`/v1/charges/${made.paid}/refund`));
    await refused(
      'POST /sandbox/charges/{id}/pix/pay',
      sub(`/sandbox/charges/${made.pix}/pix/pay`),
    );
    await refused('POST /v1/cards', sub('/v1/cards', card));
    await refused('POST /v1/cards', sub('/v1/cards', { ...card, validateCard: true }));
    await refused(
      'POST /v1/cards/{id}/activate',
      sub(`/v1/cards/${made.pending}/activate`, { activationValue: made.pendingValue }),
    );
    for (const key of ['pk_test_sub', SUB]) {
      const body = authenticateBody('4000000000000010');
      await refused(
        'POST /v1/three-ds/authenticate',
        t.api('/v1/three-ds/authenticate', { key, body }),
      );
    }
    await refused(
      'POST /v1/submerchants/{merchantId}/payout-requests',
      as('subAtiva', `/v1/submerchants/${IDS.subAtiva}/payout-requests`, { body: { amount: 10 } }),
    );
    await expectNotActive(t, refusals);

    expect(await dumpDatabase(t.sandbox.database.db)).toEqual(before);
  });

  it('reads stay 200: charges, cards, customers, events, clock, fees, wallets, payouts', async () => {
    const reads = [
      `/v1/charges/${made.paid}`,
      `/v1/charges/${made.pix}`,
      '/v1/cards',
      '/v1/customers',
      '/v1/customers/cus_sub_helena',
      '/sandbox/events',
      '/sandbox/clock',
      `/v1/connect/sub-accounts/${IDS.subAtiva}/fees-info`,
    ];
    for (const path of reads) {
      const reply = await t.api(path, { key: SUB });
      expect(reply.status, `${path}: ${reply.text}`).toBe(200);
    }
    for (const path of ['/v1/wallets', '/v1/payout-requests']) {
      const reply = await as('subAtiva', path);
      expect(reply.status, `${path}: ${reply.text}`).toBe(200);
    }
    // The refused operations left them as they were.
    const paid = await t.api(`/v1/charges/${made.paid}`, { key: SUB });
    expect(paid.body.status).toBe('paid');
    const managed = await t.api(`/v1/charges/${made.managed}`, { key: SUB });
    expect(managed.body.status).toBe('authentication_required');
    const pix = await t.api(`/v1/charges/${made.pix}`, { key: SUB });
    expect(pix.body.status).toBe('pending');
  });

  it('may still stop billing: expire a PIX code, delete a card', async () => {
    const expired = await sub(`/sandbox/charges/${made.expiring}/pix/expire`);
    expect(expired.status, expired.text).toBe(200);
    expect(expired.body.status).toBe('expired');
    const deleted = await sub(`/v1/cards/${made.spare}`, undefined, 'DELETE');
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toMatchObject({ id: made.spare, deleted: true });
  });

  it('its master is not held back: Loja Exemplo charges', async () => {
    const reply = await t.secret('/v1/charges', { body: charge() });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.status).toBe('paid');
  });
});

describe('made active again', () => {
  it('charges, refunds and pays PIX again', async () => {
    await setSubMerchantStatus(t, IDS.subAtiva, 'active');
    const created = await sub('/v1/charges', charge());
    expect(created.status, created.text).toBe(201);
    expect(created.body.status).toBe('paid');
    const refunded = await sub(`/v1/charges/${made.paid}/refund`);
    expect(refunded.body.status).toBe('refunded');
    const pix = await sub(`/sandbox/charges/${made.pix}/pix/pay`);
    expect(pix.body.status).toBe('paid');
    const resumed = await sub(`/v1/charges/${made.managed}/resume-3ds`);
    expect(resumed.body.status).toBe('paid');
  });
});
