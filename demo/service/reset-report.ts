import { isAbsolute, relative, sep } from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from './kernel/db/database';
import type { Schema } from './kernel/db/schema';

/**
 * The line a reset logs (`npm run demo -- --reset`, `POST /sandbox/reset`), so a reset start does
 * not read like any other start: what was restored, and where.
 */

/** What a reset put back, as the database holds it right after. */
export interface SeedCounts {
  merchants: number;
  logins: number;
  apiKeys: number;
  customers: number;
  cards: number;
  subscriptionPlans: number;
  subscriptions: number;
  payoutRequests: number;
}

const TABLES: Record<keyof SeedCounts, { table: keyof Schema; one: string; many: string }> = {
  merchants: { table: 'merchants', one: 'merchant', many: 'merchants' },
  logins: { table: 'logins', one: 'login', many: 'logins' },
  apiKeys: { table: 'api_keys', one: 'API key', many: 'API keys' },
  customers: { table: 'customers', one: 'customer', many: 'customers' },
  cards: { table: 'cards', one: 'card', many: 'cards' },
  subscriptionPlans: {
    table: 'subscription_plans',
    one: 'subscription plan',
    many: 'subscription plans',
  },
  subscriptions: { table: 'subscriptions', one: 'subscription', many: 'subscriptions' },
  payoutRequests: { table: 'payout_requests', one: 'payout request', many: 'payout requests' },
};

const FIELDS = Object.keys(TABLES) as Array<keyof SeedCounts>;

/** Counts the rows of each seeded kind (inside the reset's transaction: what it left). */
export async function countSeed(db: Kysely<Schema>): Promise<SeedCounts> {
  const entries = await Promise.all(
    FIELDS.map(async (field) => {
      const row = await db
        .selectFrom(TABLES[field].table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return [field, Number(row.n)] as const;
    }),
  );
  return Object.fromEntries(entries) as unknown as SeedCounts;
}

/**
 * Where the data lives, for a log line: the embedded directory (relative to `cwd` when inside
 * it), memory, or PostgreSQL's host and database, never its user or password.
 */
export function dataLocation(config: DatabaseConfig, cwd = process.cwd()): string {
  if (config.kind === 'postgres') {
    try {
      const url = new URL(config.url);
      return `the PostgreSQL database ${url.host}${url.pathname} (DATABASE_URL)`;
    } catch {
      return 'the PostgreSQL database of DATABASE_URL';
    }
  }
  const dir = config.dataDir;
  if (dir === undefined || dir.startsWith('memory://')) return 'the in-memory database';
  const inside = relative(cwd, dir);
  const shown = inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : dir;
  return `the database in ${shown.endsWith(sep) ? shown : `${shown}${sep}`}`;
}

/** `--reset: the database in .sandbox-data/ was emptied and the seed restored (12 merchants, …)`. */
export function resetLine(trigger: string, location: string, counts: SeedCounts): string {
  const restored = FIELDS.map((field) => {
    const n = counts[field];
    return `${n} ${n === 1 ? TABLES[field].one : TABLES[field].many}`;
  });
  return `${trigger}: ${location} was emptied and the seed restored (${restored.join(', ')})`;
}
