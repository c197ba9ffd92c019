// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bearerCalls } from '../../testing/logins';
import { useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import { merchantNow } from '../kernel/clock';
import { balances } from '../wallets/ledger';
import type { PayoutRequest } from './schema';

const t = useSandbox();
const as = bearerCalls(t);

const pathOf = (merchantId: string) => `/v1/submerchants/${merchantId}/payout-requests`;
const forbidden = (error: string) => ({ statusCode: 403, message: 'Forbidden', error });

/** The merchant's BRL wallet now, in cents. */
async function wallet(merchantId: string) {
  const { db } = t.sandbox.database;
  const [found] = await balances(db, merchantId, await merchantNow(db, merchantId), 'BRL');
  return found;
}

describe('POST /v1/submerchants/{merchantId}/payout-requests: who may ask', () => {
  it('no token, or a key instead of a token: 401', async () => {
    const body = { amount: 10 };
    const none = await t.api(pathOf(IDS.subAtiva), { body });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    const key = await t.api(pathOf(IDS.subAtiva), { body, key: 'sk_test_sub' });
    expect(key.status).toBe(401);
  });

  it.each([
    ['admin', IDS.subAtiva, 'the administrator does not request payouts; the sub-merchant does'],
    ['subAtiva', IDS.subDaOutra, 'only the sub-merchant itself requests its payouts'],
    ['lojaExemplo', IDS.subAtiva, 'only the sub-merchant itself requests its payouts'],
    ['lojaExemplo', IDS.lojaExemplo, 'payouts are for sub-merchants, not for a master'],
  ] as const)('%s at %s: 403 saying why, nothing moves', async (who, merchantId, error) => {
    const before = await wallet(IDS.subAtiva);
    const reply = await as(who, pathOf(merchantId), { body: { amount: 10 } });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual(forbidden(error));
    expect(await wallet(IDS.subAtiva)).toEqual(before);
  });

  it('a sub-merchant that is not active: the spec’s 422', async () => {
    const reply = await as('subInativa', pathOf(IDS.subInativa), { body: { amount: 10 } });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      statusCode: 422,
      message: 'sub-merchant is not active',
      error: 'Unprocessable Entity',
    });
  });
});

describe('POST …/payout-requests: the amount', () => {
  it.each([
    [{}, 'amount is required'],
    [{ amount: '10' }, 'amount must be a number'],
    [{ amount: null }, 'amount must be a number'],
    [{ amount: 0.99 }, 'amount must be at least 1'],
    [{ amount: -5 }, 'amount must be at least 1'],
    [{ amount: 10.001 }, 'amount must have at most 2 decimal places'],
    [{ amount: 1_000_000_000.01 }, 'amount must be at most 1000000000'],
    [{ amount: 10, currency: 'USD' }, 'currency is not a known field'],
  ])('%j: 400 %s', async (body, message) => {
    const reply = await as('subAtiva', pathOf(IDS.subAtiva), { body });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
  });

  it('above what is available: 422 insufficient balance, nothing moves', async () => {
    const before = await wallet(IDS.subAtiva);
    const amount = ((before?.available ?? 0) + 1) / 100;
    const reply = await as('subAtiva', pathOf(IDS.subAtiva), { body: { amount } });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      statusCode: 422,
      message: 'insufficient balance',
      error: 'Unprocessable Entity',
    });
    expect(await wallet(IDS.subAtiva)).toEqual(before);
  });
});

describe('POST …/payout-requests: a request', () => {
  it('201 { id }; the record: fee, net amount, PIX key = company tax id; available → reserved', async () => {
    const before = await wallet(IDS.subAtiva);
    expect(before?.available).toBe(1_000_00);
    const reply = await as<{ id: string }>('subAtiva', pathOf(IDS.subAtiva), {
      body: { amount: 250.5 },
    });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body)).toEqual(['id']);
    expect(reply.body.id).toMatch(/^po_[0-9a-f]{24}$/);

    const detail = await as<PayoutRequest>('admin', `/v1/payout-requests/${reply.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual({
      id: reply.body.id,
      merchantId: IDS.subAtiva,
      amount: 250.5,
      currency: 'BRL',
      payoutFee: 2.51,
      netAmount: 247.99,
      status: 'pending',
      externalAccountDetails: { type: 'pix', pixKey: '34567890000130' },
      rejectionReason: null,
      processedAt: null,
      createdAt: expect.any(String),
      updatedAt: detail.body.createdAt,
      merchantLegalName: 'Sub Ativa Artesanato Ltda',
      merchantEmail: 'sub@sandbox.test',
    });
    expect(await wallet(IDS.subAtiva)).toEqual({
      ...before,
      available: 1_000_00 - 250_50,
      reserved: (before?.reserved ?? 0) + 250_50,
    });
  });

  it('all of what is available may be asked for (the fee comes out of it)', async () => {
    const available = (await wallet(IDS.subAtiva))?.available ?? 0;
    const reply = await as<{ id: string }>('subAtiva', pathOf(IDS.subAtiva), {
      body: { amount: available / 100 },
    });
    expect(reply.status).toBe(201);
    const detail = await as<PayoutRequest>('admin', `/v1/payout-requests/${reply.body.id}`);
    expect(detail.body.payoutFee).toBe(7.5);
    expect(detail.body.netAmount).toBe(742);
    expect((await wallet(IDS.subAtiva))?.available).toBe(0);
    const more = await as('subAtiva', pathOf(IDS.subAtiva), { body: { amount: 1 } });
    expect(more.status).toBe(422);
  });
});

describe('concurrent requests never overdraw', () => {
  it('two at once whose sum exceeds what is available: exactly one succeeds', async () => {
    const available = (await wallet(IDS.subDaOutra))?.available ?? 0;
    expect(available).toBe(310_75);
    const ask = () => as('subDaOutra', pathOf(IDS.subDaOutra), { body: { amount: 200 } });
    const replies = await Promise.all([ask(), ask()]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 422]);
    expect((await wallet(IDS.subDaOutra))?.available).toBe(110_75);
  });

  it('ten at once of R$ 20 on R$ 110,75: five succeed, R$ 10,75 stays', async () => {
    const ask = () => as('subDaOutra', pathOf(IDS.subDaOutra), { body: { amount: 20 } });
    const replies = await Promise.all(Array.from({ length: 10 }, ask));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(5);
    expect(replies.filter((r) => r.status === 422)).toHaveLength(5);
    const after = await wallet(IDS.subDaOutra);
    expect(after?.available).toBe(10_75);
    expect(after?.reserved).toBe(130_00 + 200_00 + 5 * 20_00);
  });
});
