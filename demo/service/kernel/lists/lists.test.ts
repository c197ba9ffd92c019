// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { openTestDatabase } from '../../../testing/database';
import type { Database } from '../db/database';
import { parseInput } from '../http/validation';
import { dateParam, listParams } from './list-query';
import { fetchPage, likePattern, metaEnvelope, sizeEnvelope, text } from './page';

const FIELDS = ['createdAt', 'tradeName', 'status'] as const;
const query = z.object({ ...listParams('size', FIELDS), createdAt: dateParam.optional() });
const parse = (input: Record<string, string>) => parseInput(query, input);

describe('list parameters', () => {
  it('defaults: page 1, size 10, -createdAt', () => {
    expect(parse({})).toEqual({
      success: true,
      data: { page: 1, size: 10, orderBy: [{ field: 'createdAt', direction: 'desc' }] },
    });
  });

  it('orderBy keeps the order given, - for descending', () => {
    const parsed = parse({ orderBy: 'status,-tradeName' });
    expect(parsed.success && parsed.data.orderBy).toEqual([
      { field: 'status', direction: 'asc' },
      { field: 'tradeName', direction: 'desc' },
    ]);
  });

  it.each([
    [{ size: '101' }, 'size must be at most 100'],
    [{ size: '0' }, 'size must be at least 1'],
    [{ size: 'ten' }, 'size must be a whole number'],
    [{ page: '0' }, 'page must be at least 1'],
    [{ page: '2.0' }, 'page must be a whole number'],
    [
      { orderBy: 'amount' },
      'orderBy has an unknown field "amount"; one of: createdAt, tradeName, status',
    ],
    [{ createdAt: '2025-02-30' }, 'createdAt is not a real date'],
    [{ createdAt: '25-02-01' }, 'createdAt must be a date as YYYY-MM-DD'],
  ])('%o → 400 "%s"', (input, message) => {
    expect(parse(input)).toEqual({ success: false, message });
  });

  it('a date is one UTC day: start inclusive, the next midnight exclusive', () => {
    const parsed = parse({ createdAt: '2024-02-29' });
    expect(parsed.success && parsed.data.createdAt).toEqual({
      start: new Date('2024-02-29T00:00:00.000Z'),
      end: new Date('2024-03-01T00:00:00.000Z'),
    });
  });

  it('LIKE patterns escape %, _ and backslash', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe(`fetchPage over a real query`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(() => database?.close());

  const COLUMNS = {
    createdAt: 'merchants.created_at',
    tradeName: text('merchants.trade_name'),
    status: 'merchants.status',
  } as const;
  const subs = () => database.db.selectFrom('merchants').selectAll().where('kind', '=', 'sub');

  it('pages in the order asked, with the total of the whole filter', async () => {
    const request = {
      page: 2,
      size: 2,
      orderBy: [{ field: 'tradeName' as const, direction: 'asc' as const }],
    };
    const { rows, total } = await fetchPage(subs(), request, COLUMNS, 'merchants.id');
    expect(total).toBe(10);
    // Case-insensitive: "da" between "Café" and "Exporta", on every engine and locale.
    expect(rows.map((r) => r.trade_name)).toEqual(['Sub Café', 'Sub da Outra']);
    expect(sizeEnvelope(['x'], total, request)).toEqual({
      data: ['x'],
      page: 2,
      pages: 5,
      total: 10,
      size: 2,
    });
    expect(metaEnvelope([], total, request)).toEqual({
      data: [],
      meta: { total: 10, page: 2, limit: 2, totalPages: 5 },
    });
  });

  it('ties are broken by the tiebreaker, so pages never overlap', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const request = {
        page,
        size: 2,
        orderBy: [{ field: 'status' as const, direction: 'desc' as const }],
      };
      seen.push(
        ...(await fetchPage(subs(), request, COLUMNS, 'merchants.id')).rows.map((r) => r.id),
      );
    }
    expect(new Set(seen).size).toBe(10);
  });
});
