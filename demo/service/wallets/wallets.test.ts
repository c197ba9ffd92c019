// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { charge, rawCard } from '../../testing/charges';
import { KEYS, useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import { type Wallet, walletListSchema } from './schema';

const t = useSandbox();

const LOJA = 'merchant@sandbox.test';
const OUTRA = 'noconnect@sandbox.test';
const SUB = 'sub@sandbox.test';
const INACTIVE = 'inactive@sandbox.test';
const ADMIN = 'admin@sandbox.test';

/** `GET /v1/wallets` as `email`; every 200 is checked against the documented schema. */
async function wallets(email: string, query = '') {
  const reply = await t.as<Wallet[]>(email, `/v1/wallets${query}`);
  if (reply.status === 200) walletListSchema.parse(reply.body);
  return reply;
}

/** `reserved`: what the seeded pending payout requests hold (`demo/service/payouts/seed.ts`), and in USD. */
const brl = (
  available: number,
  pending: number,
  usd: [number, number],
  withdrawal = false,
  reserved: [number, number] = [0, 0],
) => ({
  currency: 'BRL',
  isWithdrawalEnabled: withdrawal,
  balance: { available, pending, reserved: reserved[0] },
  usdBalance: { available: usd[0], pending: usd[1], reserved: reserved[1] },
});

const LOJA_BRL = brl(5432.1, 1250, [1086.42, 250]);
const SUB_BRL = brl(1000, 250, [200, 50], true, [365.9, 73.18]);
const ZERO_BRL = brl(0, 0, [0, 0]);
const UNKNOWN = '0000000000000000000000000AA';

describe('GET /v1/wallets: whose wallets', () => {
  it('a merchant token without merchantId: its own (seeded) wallets, USD at R$ 5,00 = US$ 1', async () => {
    expect((await wallets(LOJA)).body).toEqual([LOJA_BRL]);
    expect((await wallets(LOJA, `?merchantId=${IDS.lojaExemplo}`)).body).toEqual([LOJA_BRL]);
  });

  it('isWithdrawalEnabled only for an active sub-merchant; BRL answers with zeros when empty', async () => {
    expect((await wallets(SUB)).body).toEqual([SUB_BRL]);
    expect((await wallets(INACTIVE)).body).toEqual([ZERO_BRL]);
    expect((await wallets(OUTRA)).body).toEqual([ZERO_BRL]);
  });

  it("a master reads its own sub-merchants' wallets", async () => {
    expect((await wallets(LOJA, `?merchantId=${IDS.subAtiva}`)).body).toEqual([SUB_BRL]);
    expect((await wallets(LOJA, `?merchantId=${IDS.subInativa}`)).body).toEqual([ZERO_BRL]);
    const other = await wallets(OUTRA, `?merchantId=${IDS.subDaOutra}`);
    expect(other.body).toEqual([brl(310.75, 0, [62.15, 0], true, [130, 26])]);
  });

  const notMine = 'merchantId is neither this merchant nor one of its sub-merchants';
  const subOnly = 'a sub-merchant reads only its own wallets';
  it.each([
    ['Outra Loja', OUTRA, "Loja Exemplo's sub", 'subAtiva', notMine],
    ['Outra Loja', OUTRA, 'Loja Exemplo', 'lojaExemplo', notMine],
    ['Loja Exemplo', LOJA, "Outra Loja's sub", 'subDaOutra', notMine],
    ['Loja Exemplo', LOJA, 'Outra Loja', 'outraLoja', notMine],
    ['Sub Ativa', SUB, 'its master', 'lojaExemplo', subOnly],
    ['Sub Ativa', SUB, 'a sibling', 'subInativa', subOnly],
  ] as const)('%s reading %s: 403 naming why', async (_who, email, _whose, slug, why) => {
    const reply = await wallets(email, `?merchantId=${IDS[slug]}`);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ statusCode: 403, message: 'Forbidden', error: why });
  });

  it('the administrator must name merchantId (400), and reads any merchant', async () => {
    const bare = await wallets(ADMIN);
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({
      statusCode: 400,
      message: 'merchantId is required for the administrator',
      error: 'Bad Request',
    });
    expect((await wallets(ADMIN, `?merchantId=${IDS.subAtiva}`)).body).toEqual([SUB_BRL]);
    expect((await wallets(ADMIN, `?merchantId=${IDS.lojaExemplo}`)).body).toEqual([LOJA_BRL]);
  });

  it('an unknown merchant id: 404 with the spec’s body, before any 403', async () => {
    const body = { statusCode: 404, message: 'Unauthorized', error: 'merchant not found' };
    for (const email of [ADMIN, LOJA, SUB, OUTRA]) {
      const reply = await wallets(email, `?merchantId=${UNKNOWN}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(body);
    }
  });

  it.each([
    ['?merchantId=abc', 'merchantId must be a merchant id (27 letters and digits)'],
    ['?merchantId=<28 characters>', 'merchantId must be a merchant id (27 letters and digits)'],
    ['?merchantId=<26 and a dash>', 'merchantId must be a merchant id'],
    ['?merchantId=', 'merchantId must be a merchant id'],
    ['?currency=brl', 'currency must be an ISO 4217 currency code in capitals, e.g. BRL'],
    ['?currency=XYZ', 'currency must be an ISO 4217 currency code'],
    ["?currency=REAL&merchantId=<Outra Loja's sub>", 'currency must be an ISO 4217'],
  ])('400 for %s, naming the parameter, before 404 and 403', async (label, message) => {
    const query = label
      .replace('<28 characters>', `${IDS.subAtiva}x`)
      .replace('<26 and a dash>', `${IDS.subAtiva.slice(1)}-`)
      .replace("<Outra Loja's sub>", IDS.subDaOutra);
    const reply = await wallets(LOJA, query);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect((reply.body as unknown as { message: string }).message).toContain(message);
  });

  it('Bearer only: a key, or no credentials, is 401', async () => {
    const unauthorized = { statusCode: 401, message: 'Unauthorized' };
    for (const key of [KEYS.secret, null]) {
      const reply = await t.api('/v1/wallets', { key });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(unauthorized);
    }
  });
});

describe('GET /v1/wallets: currencies', () => {
  it('one wallet per currency with ledger entries, sorted, BRL always; currency picks one', async () => {
    const key = 'sk_test_noconnect';
    for (const [amount, currency] of [
      [100, 'USD'],
      [250.5, 'EUR'],
      [1000, 'MXN'],
    ] as const) {
      const created = await t.api('/v1/charges', {
        key,
        body: charge({ amount, currency, paymentMethod: rawCard() }),
      });
      expect(created.body).toMatchObject({ status: 'paid', currency });
    }
    const pending = (currency: string, amount: number, usd: number) => ({
      currency,
      isWithdrawalEnabled: false,
      balance: { available: 0, pending: amount, reserved: 0 },
      usdBalance: { available: 0, pending: usd, reserved: 0 },
    });
    const all = await wallets(OUTRA);
    expect(all.body).toEqual([
      ZERO_BRL,
      pending('EUR', 250.5, 270.54),
      pending('MXN', 1000, 58),
      pending('USD', 100, 100),
    ]);
    expect((await wallets(OUTRA, '?currency=EUR')).body).toEqual([pending('EUR', 250.5, 270.54)]);
    expect((await wallets(OUTRA, '?currency=BRL')).body).toEqual([ZERO_BRL]);
    expect((await wallets(OUTRA, '?currency=GBP')).body).toEqual([]);
    expect((await wallets(LOJA, '?currency=USD')).body).toEqual([]);
  });
});
