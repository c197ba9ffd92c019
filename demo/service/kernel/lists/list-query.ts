import * as z from 'zod';

/**
 * The query parameters every list shares: `page` from 1, a page size named `limit` (customers,
 * subscriptions, plans) or `size` (sub-merchants, payout requests) from 1 to 100, `orderBy`
 * over the record's fields (`-` for descending), and `YYYY-MM-DD` dates (UTC, inclusive).
 * Every failure is a 400 whose message starts with the parameter's name.
 */

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
const MAX_PAGE = 1_000_000;

const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.int().min(min).max(max))
    .default(fallback);

export const pageParam = wholeNumber(1, MAX_PAGE, 1);
export const pageSizeParam = wholeNumber(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);

export type Direction = 'asc' | 'desc';
export interface Ordering<F extends string> {
  field: F;
  direction: Direction;
}

/** `createdAt,-amount` → [{createdAt, asc}, {amount, desc}]; a field not in `fields` is a 400. */
export const orderByParam = <F extends string>(fields: readonly F[], fallback = '-createdAt') =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx): Ordering<F>[] => {
      const orderings: Ordering<F>[] = [];
      for (const part of value.split(',')) {
        const item = part.trim();
        const name = item.replace(/^-/, '');
        if (!(fields as readonly string[]).includes(name)) {
          ctx.addIssue({
            code: 'custom',
            message: `has an unknown field "${name}"; one of: ${fields.join(', ')}`,
            input: value,
          });
          return z.NEVER;
        }
        orderings.push({ field: name as F, direction: item.startsWith('-') ? 'desc' : 'asc' });
      }
      return orderings;
    });

/** One UTC day: `start` inclusive, `end` exclusive (the next midnight). */
export interface Day {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

export const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .transform((value, ctx): Day => {
    const start = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== value) {
      ctx.addIssue({ code: 'custom', message: 'is not a real date', input: value });
      return z.NEVER;
    }
    return { start, end: new Date(start.getTime() + DAY_MS) };
  });

/**
 * `page`, the page size under its family's name, and `orderBy`, to spread into a query schema:
 * `z.object({ ...listParams('limit', FIELDS), search: … })`.
 */
export function listParams<S extends 'limit' | 'size', F extends string>(
  sizeName: S,
  fields: readonly F[],
) {
  return {
    page: pageParam,
    [sizeName]: pageSizeParam,
    orderBy: orderByParam(fields),
  } as { page: typeof pageParam; orderBy: ReturnType<typeof orderByParam<F>> } & Record<
    S,
    typeof pageSizeParam
  >;
}

/** What the page query needs, whatever the family calls its page size. */
export interface PageRequest<F extends string> {
  page: number;
  size: number;
  orderBy: readonly Ordering<F>[];
}
