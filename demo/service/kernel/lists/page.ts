import { type SelectQueryBuilder, sql } from 'kysely';
import type { PageRequest } from './list-query';

/** A column to order by: its name, or `text(name)` for text. */
export type OrderColumn = string | { text: string };

/**
 * Text orders case-insensitively by code point (`lower(x) collate "C"`): the same on PGlite and
 * on any PostgreSQL, whatever locale its cluster was created with.
 */
export const text = (column: string): OrderColumn => ({ text: column });

const orderExpression = (column: OrderColumn) =>
  typeof column === 'string' ? sql.ref(column) : sql`lower(${sql.ref(column.text)}) collate "C"`;

/**
 * One page of a filtered query plus the total it was cut from. `columns` maps each orderable
 * record field to its column (a fixed list: user input never becomes SQL); `tiebreaker` (a
 * unique column) makes the order total, so pages never repeat or skip a row.
 */
export async function fetchPage<DB, TB extends keyof DB, O, F extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest<F>,
  columns: Readonly<Record<F, OrderColumn>>,
  tiebreaker: string,
): Promise<{ rows: O[]; total: number }> {
  let ordered = query;
  for (const { field, direction } of request.orderBy) {
    ordered = ordered.orderBy(orderExpression(columns[field]), direction);
  }
  // Both at once: on PostgreSQL each on its own connection (PGlite's one runs them in turn).
  const [counted, rows] = await Promise.all([
    query.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    ordered
      .orderBy(sql.ref(tiebreaker), 'asc')
      .limit(request.size)
      .offset((request.page - 1) * request.size)
      .execute(),
  ]);
  return { rows, total: Number((counted as { total: number }).total) };
}

const pages = (total: number, size: number) => Math.ceil(total / size);

/** Customers, subscriptions, plans: `data` and `meta { total, page, limit, totalPages }`. */
export const metaEnvelope = <T>(data: T[], total: number, { page, size }: PageRequest<string>) => ({
  data,
  meta: { total, page, limit: size, totalPages: pages(total, size) },
});

/** Sub-merchants, payout requests: `data, page, pages, total, size`. */
export const sizeEnvelope = <T>(data: T[], total: number, { page, size }: PageRequest<string>) => ({
  data,
  page,
  pages: pages(total, size),
  total,
  size,
});

/** `%`, `_` and `\` match themselves in a LIKE pattern built from user text. */
export const likePattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
