// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { answerErrors } from '../../testing/openapi-answers';
import { useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS } from '../accounts/seed';
import type { FeesInfo } from './schema';

const t = useSandbox();

const OPERATION = 'GET /v1/connect/sub-accounts/{id}/fees-info';
const feesInfo = (id: string, key = 'sk_test_sandbox') =>
  t.api<FeesInfo>(`/v1/connect/sub-accounts/${id}/fees-info`, { key });

const { lojaExemplo, outraLoja, subAtiva, subInativa, subDaOutra, subExporta } = SEED_MERCHANT_IDS;

/** 12 percentages from `first`, `step` apart, as the seed writes them. */
const series = (first: number, step: number) =>
  Array.from({ length: 12 }, (_, index) => (first + index * step) / 100);

const NOT_FOUND = { statusCode: 404, message: 'sub-account not found' };

describe('GET /v1/connect/sub-accounts/{id}/fees-info: a master', () => {
  it('its sub-merchant: the merchant and its fees flat, default and brand overrides side by side, in order', async () => {
    const reply = await feesInfo(subAtiva);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      merchant: {
        id: subAtiva,
        legalName: 'Sub Ativa Artesanato Ltda',
        companyTaxId: '34567890000130',
      },
      fees: [
        {
          feeType: 'tx_spread',
          paymentMethod: 'credit_card',
          currencyCode: 'BRL',
          brand: null,
          definition: { fixed: 0.49, percentages: series(299, 30) },
        },
        {
          feeType: 'tx_spread',
          paymentMethod: 'credit_card',
          currencyCode: 'BRL',
          brand: 'visa',
          definition: { fixed: 0.39, percentages: series(279, 30) },
        },
        {
          feeType: 'tx_spread',
          paymentMethod: 'credit_card',
          currencyCode: 'BRL',
          brand: 'mastercard',
          definition: { fixed: 0.39, percentages: series(289, 30) },
        },
        {
          feeType: 'tx_spread',
          paymentMethod: 'credit_card',
          currencyCode: 'BRL',
          brand: 'elo',
          definition: { fixed: 0.59, percentages: series(349, 35) },
        },
        {
          feeType: 'tx_spread',
          paymentMethod: 'pix',
          currencyCode: 'BRL',
          brand: null,
          definition: { fixed: 0, percentages: [0.99] },
        },
        {
          feeType: 'anticipation',
          paymentMethod: 'credit_card',
          currencyCode: 'BRL',
          brand: null,
          definition: { fixed: 0, percentages: series(199, 50) },
        },
      ],
    });
    expect(reply.body.fees[0]?.definition.percentages.slice(0, 3)).toEqual([2.99, 3.29, 3.59]);
    expect(await answerErrors(t, OPERATION, 200, reply.body)).toEqual([]);
  });

  it('every sub-merchant has fees; one operating in USD has them in USD, without PIX', async () => {
    const inactive = await feesInfo(subInativa);
    expect(inactive.status).toBe(200);
    expect(inactive.body.fees.map((f) => [f.feeType, f.paymentMethod, f.brand])).toEqual([
      ['tx_spread', 'credit_card', null],
      ['tx_spread', 'pix', null],
      ['anticipation', 'credit_card', null],
    ]);
    const usd = await feesInfo(subExporta);
    expect(usd.body.fees.map((f) => [f.paymentMethod, f.currencyCode])).toEqual([
      ['credit_card', 'USD'],
      ['credit_card', 'USD'],
    ]);
  });

  it.each([
    ['its own id', lojaExemplo],
    ['another master’s sub-merchant', subDaOutra],
    ['another master', outraLoja],
    ['a KSUID no merchant has', '2zzzzzzzzzzzzzzzzzzzzzzzzzz'],
    ['a malformed id', 'not-a-ksuid'],
  ])('404 sub-account not found for %s', async (_, id) => {
    const reply = await feesInfo(id);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(NOT_FOUND);
    expect(await answerErrors(t, OPERATION, 404, reply.body)).toEqual([]);
  });

  it('without enable_connect: 403 with the capability message, checked before the id', async () => {
    for (const id of [subDaOutra, subAtiva, outraLoja, 'not-a-ksuid']) {
      const reply = await feesInfo(id, 'sk_test_noconnect');
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({
        statusCode: 403,
        message: 'enable_connect capability is required',
        error: 'Forbidden',
      });
    }
    const reply = await feesInfo(subDaOutra, 'sk_test_noconnect');
    expect(await answerErrors(t, OPERATION, 403, reply.body)).toEqual([]);
  });
});

describe('GET /v1/connect/sub-accounts/{id}/fees-info: a sub-account', () => {
  it.each([
    ['its own id', subAtiva],
    ['another sub-merchant’s id', subDaOutra],
    ['its master’s id', lojaExemplo],
    ['a malformed id', 'anything'],
  ])('always its own data, whatever {id} (%s)', async (_, id) => {
    const reply = await feesInfo(id, 'sk_test_sub');
    expect(reply.status).toBe(200);
    expect(reply.body.merchant.id).toBe(subAtiva);
    expect(reply.body.fees).toHaveLength(6);
  });

  it('capability not required: Outra Loja’s sub-merchant reads its own', async () => {
    const reply = await feesInfo(subAtiva, 'sk_test_other_sub');
    expect(reply.status).toBe(200);
    expect(reply.body.merchant).toEqual({
      id: subDaOutra,
      legalName: 'Sub da Outra Papelaria Ltda',
      companyTaxId: '89012345000179',
    });
  });
});

describe('GET /v1/connect/sub-accounts/{id}/fees-info: credentials', () => {
  it('a publishable key: 403 Forbidden; none or an unknown key: 401', async () => {
    for (const key of ['pk_test_sandbox', 'pk_test_sub']) {
      const reply = await feesInfo(subAtiva, key);
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ statusCode: 403, message: 'Forbidden' });
    }
    const none = await t.api(`/v1/connect/sub-accounts/${subAtiva}/fees-info`);
    expect(none.status).toBe(401);
    expect((await feesInfo(subAtiva, 'sk_test_nobody')).status).toBe(401);
  });
});
