// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bearerCalls, type Login } from '../../testing/logins';
import { useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import { PAYOUT_COLUMNS, type PayoutRequest } from './schema';

const t = useSandbox();
const as = bearerCalls(t);

interface Page {
  data: PayoutRequest[];
  page: number;
  pages: number;
  total: number;
  size: number;
  pendingCount: number;
}
const list = (query: string, who: Login = 'admin') => as<Page>(who, `/v1/payout-requests${query}`);
/** The seeded ids without their `po_sandbox_` prefix, in the order answered. */
const names = async (query: string, who?: Login) =>
  (await list(query, who)).body.data.map((p) => p.id.replace('po_sandbox_', ''));

/** Every seeded request, newest first (the default order). */
const ALL = [
  'ativa_6',
  'outra_3',
  'ativa_5',
  'ativa_4',
  'outra_2',
  'inativa_2',
  'ativa_3',
  'bloqueada_2',
  'outra_1',
  'ativa_2',
  'bloqueada_1',
  'inativa_1',
  'ativa_1',
];
const of = (prefix: string) => ALL.filter((name) => name.startsWith(prefix));

describe('GET /v1/payout-requests: scope', () => {
  it.each([
    ['admin', ALL, 4],
    ['lojaExemplo', [...ALL].filter((n) => !n.startsWith('outra')), 3],
    ['outraLoja', of('outra'), 1],
    ['subAtiva', of('ativa'), 2],
    ['subInativa', of('inativa'), 0],
    ['subDaOutra', of('outra'), 1],
  ] as const)('%s sees its own scope, newest first', async (who, expected, pending) => {
    const reply = await list('?size=100', who);
    expect(reply.status).toBe(200);
    expect(reply.body.data.map((p) => p.id.replace('po_sandbox_', ''))).toEqual(expected);
    expect(reply.body).toMatchObject({ total: expected.length, pendingCount: pending, page: 1 });
  });

  it('merchantId narrows within the scope', async () => {
    expect(await names(`?merchantId=${IDS.subAtiva}`)).toEqual(of('ativa'));
    expect(await names(`?merchantId=${IDS.subBloqueada}`, 'lojaExemplo')).toEqual(of('bloqueada'));
    expect(await names(`?merchantId=${IDS.subAtiva}`, 'subAtiva')).toEqual(of('ativa'));
    expect(await names(`?merchantId=${IDS.lojaExemplo}`)).toEqual([]);
  });

  it.each([
    [
      'subAtiva',
      IDS.subDaOutra,
      'merchantId is not this sub-merchant: a sub-merchant lists its own',
    ],
    [
      'lojaExemplo',
      IDS.subDaOutra,
      'merchantId is not a sub-merchant of this master: a master lists its sub-merchants’',
    ],
    [
      'lojaExemplo',
      IDS.lojaExemplo,
      'merchantId is not a sub-merchant of this master: a master lists its sub-merchants’',
    ],
    [
      'outraLoja',
      IDS.subAtiva,
      'merchantId is not a sub-merchant of this master: a master lists its sub-merchants’',
    ],
  ] as const)('%s with merchantId %s: 403 naming it', async (who, merchantId, error) => {
    const reply = await list(`?merchantId=${merchantId}`, who);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ statusCode: 403, message: 'Forbidden', error });
  });

  it('no token: 401; a key: 401', async () => {
    expect((await t.api('/v1/payout-requests')).status).toBe(401);
    expect((await t.api('/v1/payout-requests', { key: 'sk_test_sandbox' })).status).toBe(401);
  });
});

describe('GET /v1/payout-requests: filters', () => {
  it('status: each of the three; pendingCount ignores it', async () => {
    const approved = await list('?status=approved');
    expect(approved.body.data.map((p) => p.status)).toEqual(Array(6).fill('approved'));
    expect(approved.body).toMatchObject({ total: 6, pendingCount: 4 });
    expect(await names('?status=rejected')).toEqual(['outra_2', 'inativa_2', 'ativa_2']);
    expect(await names('?status=pending')).toEqual([
      'ativa_6',
      'outra_3',
      'ativa_4',
      'bloqueada_2',
    ]);
    expect(await names('?status=pending', 'subAtiva')).toEqual(['ativa_6', 'ativa_4']);
  });

  it('status=processing is accepted and matches nothing (no request of ours is processing)', async () => {
    const reply = await list('?status=processing');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      data: [],
      page: 1,
      pages: 0,
      total: 0,
      size: 10,
      pendingCount: 4,
    });
  });

  it('currency: BRL has them all, USD none', async () => {
    expect((await list('?currency=BRL')).body.total).toBe(13);
    expect((await list('?currency=USD')).body).toMatchObject({ total: 0, pendingCount: 0 });
  });

  it('startDate and endDate: on the creation date, both inclusive (UTC days)', async () => {
    const reply = await list('?startDate=2026-01-27&endDate=2026-07-18');
    expect(reply.body.data.map((p) => p.id)).toEqual([
      'po_sandbox_ativa_5',
      'po_sandbox_ativa_4',
      'po_sandbox_outra_2',
    ]);
    expect(reply.body.pendingCount).toBe(1);
    expect(await names('?startDate=2026-11-02&endDate=2026-11-02')).toEqual(['ativa_6']);
    expect(await names('?startDate=2026-10-16')).toEqual(['ativa_6']);
    expect(await names('?endDate=2025-02-14')).toEqual(['ativa_1']);
    expect(await names('?startDate=2025-06-01&endDate=2025-09-30&status=approved')).toEqual([
      'ativa_3',
      'outra_1',
    ]);
  });

  it('filters combine with the scope', async () => {
    const reply = await list('?startDate=2025-08-01&status=pending', 'lojaExemplo');
    expect(reply.body.data.map((p) => p.id)).toEqual([
      'po_sandbox_ativa_6',
      'po_sandbox_ativa_4',
      'po_sandbox_bloqueada_2',
    ]);
    expect(reply.body.pendingCount).toBe(3);
  });
});

describe('GET /v1/payout-requests: order and pages', () => {
  it('orderBy one field, either way', async () => {
    expect(await names('?orderBy=createdAt&size=100')).toEqual([...ALL].reverse());
    expect((await names('?orderBy=amount'))[0]).toBe('inativa_1');
    expect((await names('?orderBy=-amount'))[0]).toBe('ativa_2');
    expect((await names('?orderBy=payoutFee'))[0]).toBe('inativa_1');
    expect((await names('?orderBy=-netAmount'))[0]).toBe('ativa_2');
    expect((await names('?orderBy=processedAt'))[0]).toBe('ativa_1');
    expect((await names('?orderBy=-updatedAt'))[0]).toBe('ativa_6');
  });

  it('orderBy several fields: status, then amount descending', async () => {
    expect(await names('?orderBy=status,-amount&size=100')).toEqual([
      'ativa_5',
      'bloqueada_1',
      'ativa_1',
      'ativa_3',
      'outra_1',
      'inativa_1',
      'ativa_4',
      'bloqueada_2',
      'outra_3',
      'ativa_6',
      'ativa_2',
      'inativa_2',
      'outra_2',
    ]);
  });

  it('orderBy merchantId groups each sub-merchant, ties newest first by createdAt', async () => {
    const data = (await list('?orderBy=merchantId,-createdAt&size=100')).body.data;
    const merchants = data.map((p) => p.merchantId.toLowerCase());
    expect(merchants).toEqual([...merchants].sort());
    expect(new Set(merchants).size).toBe(4);
  });

  it.each(Object.keys(PAYOUT_COLUMNS))('every record column orders: %s', async (field) => {
    for (const orderBy of [field, `-${field}`]) {
      const reply = await list(`?orderBy=${orderBy}&size=100`);
      expect(reply.status).toBe(200);
      expect(reply.body.total).toBe(13);
    }
  });

  it('pages: size 5 → 3 pages, the last short, past the last empty with its totals', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const reply = await list(`?size=5&page=${page}`);
      expect(reply.body).toMatchObject({ page, pages: 3, total: 13, size: 5, pendingCount: 4 });
      seen.push(...reply.body.data.map((p) => p.id.replace('po_sandbox_', '')));
    }
    expect(seen).toEqual(ALL);
    const past = await list('?size=5&page=4');
    expect(past.body).toEqual({ data: [], page: 4, pages: 3, total: 13, size: 5, pendingCount: 4 });
  });

  it('the envelope: data, page, pages, total, size, pendingCount (default size 10)', async () => {
    const reply = await list('');
    expect(Object.keys(reply.body).sort()).toEqual(
      ['data', 'page', 'pages', 'pendingCount', 'size', 'total'].sort(),
    );
    expect(reply.body).toMatchObject({ page: 1, pages: 2, total: 13, size: 10, pendingCount: 4 });
    expect(reply.body.data).toHaveLength(10);
  });
});

describe('GET /v1/payout-requests: 400 naming the parameter', () => {
  it.each([
    ['?size=0', 'size must be at least 1'],
    ['?size=101', 'size must be at most 100'],
    ['?size=2.5', 'size must be a whole number'],
    ['?page=0', 'page must be at least 1'],
    ['?orderBy=legalName', 'orderBy has an unknown field "legalName"'],
    ['?orderBy=createdAt,-merchantLegalName', 'orderBy has an unknown field "merchantLegalName"'],
    ['?status=paid', 'status must be one of'],
    ['?currency=brl', 'currency must be an ISO 4217 currency code'],
    ['?merchantId=abc', 'merchantId must be a merchant id'],
    ['?startDate=2025-1-01', 'startDate must be a date as YYYY-MM-DD'],
    ['?endDate=2025-02-30', 'endDate is not a real date'],
    ['?startDate=2026-03-02&endDate=2026-03-01', 'endDate must not be before startDate'],
  ])('%s', async (query, message) => {
    const reply = await list(query);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      statusCode: 400,
      message: expect.stringMatching(
        new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      ),
      error: 'Bad Request',
    });
  });
});
