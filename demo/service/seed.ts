import { type Kysely, sql, type Transaction } from 'kysely';
import { hashKey, keyHint, kindOfKey } from './accounts/api-keys';
import { hashPassword } from './accounts/passwords';
import {
  SEED_PASSWORD,
  seedBalanceEntries,
  seedKeys,
  seedLogins,
  seedMerchantRows,
} from './accounts/seed';
import { seedCardRows } from './cards/seed';
import { seedCustomerRows } from './customers/seed';
import { seedFeeRows } from './fees/seed';
import { type Database, type DatabaseConfig, openDatabase } from './kernel/db/database';
import { lock } from './kernel/db/merged-begin';
import type { Schema } from './kernel/db/schema';
import { storedSecret } from './kernel/db/settings';
import { inTransaction } from './kernel/db/transaction';
import { Vault } from './kernel/db/vault';
import { newId } from './kernel/ids';
import { seedPayoutEntries, seedPayoutRows } from './payouts/seed';
import { seedPlanRows } from './plans/seed';
import { countSeed, type SeedCounts } from './reset-report';
import { seedSubscriptionRows } from './subscriptions/seed';
import { addEntries } from './wallets/ledger';

/** Tables a reset empties, children first; `sandbox_settings` (secrets) survives a reset. */
const SEEDED_TABLES = [
  'merchant_latency',
  'sandbox_faults',
  'sandbox_requests',
  'idempotency_keys',
  'webhook_attempts',
  'webhook_deliveries',
  'webhook_endpoints',
  'events',
  'subscriptions',
  'charges',
  'authentications',
  'cards',
  'customers',
  'payout_requests',
  'plan_confirmations',
  'plan_images',
  'subscription_plans',
  'fees',
  'balance_entries',
  'merchant_clocks',
  'api_keys',
  'logins',
  'merchants',
] as const satisfies ReadonlyArray<keyof Schema>;

/** Serialises seeding and resets across processes sharing one PostgreSQL. */
const lockSeed = (trx: Transaction<Schema>) => lock(trx, 'secure-checkout sandbox seed');

/** The card vault's key in `sandbox_settings`: kept across resets, so sealed numbers stay readable. */
export const VAULT_KEY = 'vault_key';

let passwordHash: Promise<string> | undefined;

async function insertSeed(trx: Transaction<Schema>): Promise<void> {
  // One scrypt hash for the shared password `sandbox` (each hash costs ~50 ms).
  passwordHash ??= hashPassword(SEED_PASSWORD);
  const hash = await passwordHash;
  await trx.insertInto('merchants').values(seedMerchantRows()).execute();
  await trx
    .insertInto('api_keys')
    .values(
      seedKeys().map(({ key, merchantId }) => ({
        id: newId('key'),
        merchant_id: merchantId,
        kind: kindOfKey(key) ?? 'secret',
        key_hash: hashKey(key),
        hint: keyHint(key),
      })),
    )
    .execute();
  await trx
    .insertInto('logins')
    .values(
      seedLogins().map(({ email, merchantId }) => ({
        id: newId('login'),
        email,
        password_hash: hash,
        role: merchantId === null ? ('admin' as const) : ('merchant' as const),
        merchant_id: merchantId,
      })),
    )
    .execute();
  await addEntries(trx, [...seedBalanceEntries(new Date()), ...seedPayoutEntries()]);
  await trx.insertInto('payout_requests').values(seedPayoutRows()).execute();
  await trx.insertInto('fees').values(seedFeeRows()).execute();
  await trx.insertInto('subscription_plans').values(seedPlanRows()).execute();
  await trx.insertInto('customers').values(seedCustomerRows()).execute();
  const vault = new Vault(await storedSecret(trx, VAULT_KEY));
  await trx.insertInto('cards').values(seedCardRows(vault)).execute();
  await trx.insertInto('subscriptions').values(seedSubscriptionRows()).execute();
}

/** A database without accounts gets the seed (first start). */
export async function seedIfEmpty(db: Kysely<Schema>): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await lockSeed(trx);
    const any = await trx.selectFrom('merchants').select('id').limit(1).executeTakeFirst();
    if (any !== undefined) return false;
    await insertSeed(trx);
    return true;
  });
}

/**
 * Everything back to the seed, in one transaction; secrets stay, so tokens stay valid. Answers
 * what it restored, counted in that transaction, for the line a reset logs.
 */
export async function resetToSeed(db: Kysely<Schema>): Promise<SeedCounts> {
  return inTransaction(db, async (trx) => {
    await lockSeed(trx);
    await sql`truncate table ${sql.join(SEEDED_TABLES.map((t) => sql.table(t)))}`.execute(trx);
    await insertSeed(trx);
    return countSeed(trx);
  });
}

/** The sandbox's database: opened and migrated by the kernel, then seeded when empty. */
export const openSandboxDatabase = (
  config: DatabaseConfig,
  log?: (line: string) => void,
): Promise<Database> =>
  openDatabase(config, log, async (db) => {
    await seedIfEmpty(db);
  });
