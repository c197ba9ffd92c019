/**
 * Lists as async iterables: `for await (const customer of client.customers.list({ search }))`
 * walks every page, one request per page, while the loop asks for more. Each family's envelope
 * says how many pages there are: `meta.totalPages` (customers, subscriptions, plans), `pages`
 * (sub-merchants, payout requests); cards, wallets and payment methods are one plain array.
 */
import { ServerClientError } from './errors';

/** Items, one request at a time; iterating again asks the service again. */
export interface AsyncList<T> extends AsyncIterable<T> {
  /** Every item of every page, in order. */
  toArray(): Promise<T[]>;
}

/** A list the service pages: also one page on its own, with the family's totals. */
export interface PagedList<T, P> extends AsyncList<T> {
  /** Page `n` (from 1, default 1) as the service answers it: items and totals. */
  page(n?: number): Promise<P>;
}

/** How a family's envelope gives its items and its number of pages. */
export interface Envelope<T, P> {
  items(page: P): readonly T[];
  pageCount(page: P): number;
}

/** Customers, subscriptions, plans: `data` + `meta { total, page, limit, totalPages }`. */
export const metaEnvelope = <T>(): Envelope<T, { data: T[]; meta: { totalPages: number } }> => ({
  items: (page) => page.data,
  pageCount: (page) => page.meta.totalPages,
});

/** Sub-merchants, payout requests: `data`, `page`, `pages`, `total`, `size`. */
export const sizeEnvelope = <T>(): Envelope<T, { data: T[]; pages: number }> => ({
  items: (page) => page.data,
  pageCount: (page) => page.pages,
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

function checkPage(n: number): number {
  if (!Number.isInteger(n) || n < 1) {
    throw new ServerClientError('invalid_argument', `page must be a whole number from 1, not ${n}`);
  }
  return n;
}

/**
 * Pages from 1 until the envelope's last page; an empty page also ends the walk (a list that
 * shrank meanwhile), so the walk always ends.
 */
export function pagedList<T, P>(
  fetchPage: (page: number) => Promise<P>,
  envelope: Envelope<T, NoInfer<P>>,
): PagedList<T, P> {
  const list: PagedList<T, P> = {
    page: async (n = 1) => fetchPage(checkPage(n)),
    async *[Symbol.asyncIterator]() {
      for (let n = 1; ; n++) {
        const page = await fetchPage(n);
        const items = envelope.items(page);
        yield* items;
        if (items.length === 0 || n >= envelope.pageCount(page)) return;
      }
    },
    toArray: () => collect(list),
  };
  return list;
}

/** A list the service answers in one array. */
export function plainList<T>(fetchAll: () => Promise<T[]>): AsyncList<T> {
  const list: AsyncList<T> = {
    async *[Symbol.asyncIterator]() {
      yield* await fetchAll();
    },
    toArray: () => fetchAll(),
  };
  return list;
}
