// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { charge } from '../../testing/charges';
import { answerErrors } from '../../testing/openapi-answers';
import { useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS } from '../accounts/seed';
import { balances } from '../wallets/ledger';
import type { SubMerchant } from './schema';

const t = useSandbox();

interface Page {
  data: SubMerchant[];
  page: number;
  pages: number;
  total: number;
  size: number;
}
type ErrorBody = { statusCode: number; message: string; error?: string };

const list = (query: string, key = 'sk_test_sandbox') =>
  t.api<Page>(`/v1/submerchants${query}`, { key });
const names = async (query: string, key?: string) => {
  const reply = await list(query, key);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data.map((s) => s.tradeName);
};

/** Loja Exemplo's nine sub-merchants, newest first (the default `-createdAt`). */
const NEWEST_FIRST = [
  'Sub Jardim',
  'Sub Pendente',
  'Sub Exporta',
  'Sub Recusada',
  'Sub Café',
  'Sub Inativa',
  'Sub Ativa',
  'Sub Bloqueada',
  'Sub Pet',
];

describe('GET /v1/submerchants: who may list', () => {
  it('a master lists its own sub-merchants, newest first, in the sizeEnvelope', async () => {
    const reply = await list('');
    expect(reply.status).toBe(200);
    expect({ ...reply.body, data: reply.body.data.map((s) => s.tradeName) }).toEqual({
      data: NEWEST_FIRST,
      page: 1,
      pages: 1,
      total: 9,
      size: 10,
    });
    expect(await answerErrors(t, 'GET /v1/submerchants', 200, reply.body)).toEqual([]);
  });

  it('an item has the spec’s fields exactly, money in units, metrics from charges, wallet, fees', async () => {
    const reply = await list('?tradeName=sub ativa');
    expect(reply.body.data).toEqual([
      {
        id: SEED_MERCHANT_IDS.subAtiva,
        tradeName: 'Sub Ativa',
        legalName: 'Sub Ativa Artesanato Ltda',
        companyTaxId: '34567890000130',
        averageMonthlyRevenue: 32000,
        averageOrderValue: 95,
        productType: 'handcraft',
        website: 'https://sub-ativa.example',
        gatewayId: 'gw_sub_ativa',
        approvedAt: '2025-01-13T11:20:00.000Z',
        inactivatedAt: null,
        status: 'active',
        // No charges yet; R$ 1.000,00 available + R$ 250,00 pending; Visa etc. aside, 2.99 %.
        metrics: { totalVolume: 0, splitBalance: 1250, splitRate: 2.99 },
        contactEmail: 'sub@sandbox.test',
        productDescription: 'Cerâmica artesanal',
        softDescriptor: 'SUBATIVA',
        createdAt: '2025-01-10T14:00:00.000Z',
        totalSales: 0,
      },
    ]);
  });

  it('a master without enable_connect lists its own too; never another master’s', async () => {
    expect(await names('', 'sk_test_noconnect')).toEqual(['Sub da Outra']);
    expect(await names('?companyTaxId=89012345000179')).toEqual([]);
  });

  it('a sub-merchant’s key: 403 naming why; a publishable key 403; no key 401', async () => {
    for (const key of ['sk_test_sub', 'sk_test_other_sub']) {
      const reply = await t.api<ErrorBody>('/v1/submerchants', { key });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({
        statusCode: 403,
        message: 'Forbidden',
        error: 'only a master merchant lists sub-merchants; this key is a sub-merchant’s',
      });
      expect(await answerErrors(t, 'GET /v1/submerchants', 403, reply.body)).toEqual([]);
    }
    const publishable = await t.api('/v1/submerchants', { key: 'pk_test_sandbox' });
    expect(publishable.status).toBe(403);
    expect(publishable.body).toEqual({ statusCode: 403, message: 'Forbidden' });
    const none = await t.api('/v1/submerchants');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
  });
});

describe('GET /v1/submerchants: filters', () => {
  it.each([
    ['status=active', ['Sub Exporta', 'Sub Café', 'Sub Ativa']],
    ['status=inactive', ['Sub Inativa', 'Sub Pet']],
    ['status=pending', ['Sub Jardim', 'Sub Pendente']],
    ['status=rejected', ['Sub Recusada']],
    ['status=blocked', ['Sub Bloqueada']],
    // Punctuation ignored; the whole number, not a part of it.
    ['companyTaxId=34.567.890/0001-30', ['Sub Ativa']],
    ['companyTaxId=34567890000130', ['Sub Ativa']],
    ['companyTaxId=3456789000013', []],
    // Contained, case-insensitive.
    ['legalName=LIVROS', ['Sub Inativa']],
    ['legalName=ltda', NEWEST_FIRST.filter((n) => !['Sub Jardim', 'Sub Recusada'].includes(n))],
    ['tradeName=sub p', ['Sub Pendente', 'Sub Pet']],
    ['tradeName=50%25', []],
    // Exact UTC days.
    ['createdAt=2025-03-18', ['Sub Café']],
    ['createdAt=2025-03-19', []],
    ['updatedAt=2025-09-30', ['Sub Inativa']],
    ['approvedAt=2025-07-17', ['Sub Exporta']],
    ['rejectedAt=2025-06-02', ['Sub Recusada']],
    ['blockedAt=2025-08-08', ['Sub Bloqueada']],
    ['inactivatedAt=2026-02-14', ['Sub Pet']],
    // Operating currency.
    ['currency=USD', ['Sub Exporta']],
    ['currency=EUR', []],
    ['status=active&currency=BRL', ['Sub Café', 'Sub Ativa']],
  ])('%s', async (query, expected) => {
    expect(await names(`?${query}`)).toEqual(expected);
  });

  it('totals count what the filters matched', async () => {
    const reply = await list('?currency=BRL&size=3');
    expect({ ...reply.body, data: reply.body.data.length }).toEqual({
      data: 3,
      page: 1,
      pages: 3,
      total: 8,
      size: 3,
    });
  });
});

describe('GET /v1/submerchants: orderings and pages', () => {
  it.each([
    ['createdAt', [...NEWEST_FIRST].reverse()],
    [
      '-averageMonthlyRevenue',
      [
        'Sub Recusada',
        'Sub Exporta',
        'Sub Ativa',
        'Sub Café',
        'Sub Bloqueada',
        'Sub Pet',
        'Sub Pendente',
        'Sub Inativa',
        'Sub Jardim',
      ],
    ],
    [
      'tradeName',
      [
        'Sub Ativa',
        'Sub Bloqueada',
        'Sub Café',
        'Sub Exporta',
        'Sub Inativa',
        'Sub Jardim',
        'Sub Pendente',
        'Sub Pet',
        'Sub Recusada',
      ],
    ],
    // Several fields: status ascending, then newest first within a status.
    [
      'status,-createdAt',
      [
        'Sub Exporta',
        'Sub Café',
        'Sub Ativa',
        'Sub Bloqueada',
        'Sub Inativa',
        'Sub Pet',
        'Sub Jardim',
        'Sub Pendente',
        'Sub Recusada',
      ],
    ],
    // Never approved last (ascending), then by legal name.
    [
      'approvedAt,legalName',
      [
        'Sub Pet',
        'Sub Bloqueada',
        'Sub Ativa',
        'Sub Inativa',
        'Sub Café',
        'Sub Exporta',
        'Sub Jardim',
        'Sub Pendente',
        'Sub Recusada',
      ],
    ],
  ])('orderBy=%s', async (orderBy, expected) => {
    expect(await names(`?orderBy=${orderBy}`)).toEqual(expected);
  });

  it('pages of 4: three pages, the last short; past the last: empty data, right totals', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) seen.push(...(await names(`?size=4&page=${page}`)));
    expect(seen).toEqual(NEWEST_FIRST);
    const past = await list('?size=4&page=4');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ data: [], page: 4, pages: 3, total: 9, size: 4 });
  });

  it.each([
    ['orderBy=totalSales', 'orderBy has an unknown field "totalSales"'],
    ['orderBy=createdAt,-updatedAt', 'orderBy has an unknown field "updatedAt"'],
    ['orderBy=metrics', 'orderBy has an unknown field "metrics"'],
    ['createdAt=2025-02-30', 'createdAt is not a real date'],
    ['approvedAt=2025/01/13', 'approvedAt must be a date as YYYY-MM-DD'],
    ['inactivatedAt=yesterday', 'inactivatedAt must be a date as YYYY-MM-DD'],
    ['status=closed', 'status must be one of'],
    ['currency=brl', 'currency must be an ISO 4217 currency code'],
    ['companyTaxId=./-', 'companyTaxId must have letters or digits'],
    ['size=101', 'size must be at most 100'],
    ['page=0', 'page must be at least 1'],
  ])('400 for %s, naming the parameter', async (query, message) => {
    const reply = await t.api<ErrorBody>(`/v1/submerchants?${query}`, { key: 'sk_test_sandbox' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(reply.body.message.startsWith(message), reply.body.message).toBe(true);
  });
});

describe('GET /v1/submerchants: metrics', () => {
  const subAtiva = async () => (await list('?tradeName=sub ativa')).body.data[0];

  it('splitRate: the default credit-card spread for one installment, in the operating currency', async () => {
    const rates = Object.fromEntries(
      (await list('?size=100')).body.data.map((s) => [s.tradeName, s.metrics.splitRate]),
    );
    expect(rates).toMatchObject({ 'Sub Ativa': 2.99, 'Sub Exporta': 4.59, 'Sub Café': 3.09 });
  });

  it('paid BRL charges add to totalVolume and totalSales; splitBalance is the BRL wallet’s available + pending', async () => {
    const paid = await t.api('/v1/charges', {
      key: 'sk_test_sub',
      body: charge({ amount: 120.5 }),
    });
    expect(paid.status).toBe(201);
    expect(paid.body.status).toBe('paid');
    const usd = await t.api('/v1/charges', {
      key: 'sk_test_sub',
      body: charge({ amount: 30, currency: 'USD' }),
    });
    expect(usd.status).toBe(201);
    const item = await subAtiva();
    expect(item?.totalSales).toBe(1);
    expect(item?.metrics.totalVolume).toBe(120.5);
    const [brl] = await balances(t.sandbox.database.db, SEED_MERCHANT_IDS.subAtiva, new Date());
    expect(item?.metrics.splitBalance).toBe(((brl?.available ?? 0) + (brl?.pending ?? 0)) / 100);
  });
});
