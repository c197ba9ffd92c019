import { randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AccountStore } from '../accounts/account-store';
import { hashKey, keyHint } from '../accounts/api-keys';
import { hashPassword } from '../accounts/passwords';
import { SEED_MERCHANT_IDS } from '../accounts/seed';
import type { MerchantClocks } from '../kernel/clock';
import { newKsuid } from '../kernel/db/ksuid';
import { lock } from '../kernel/db/merged-begin';
import type { KeyKind, Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import type { Vault } from '../kernel/db/vault';
import { newId } from '../kernel/ids';
import { addEntries } from '../wallets/ledger';
import {
  deletionOrder,
  expiresAtOf,
  MAX_LIVE_THROWAWAYS,
  mustBeDeletable,
  mustHaveRoom,
  type Reference,
  SWEEP_PER_CREATION,
} from './rules';
import type { CreateMerchantInput, ThrowawayMerchant } from './schema';
import { merchantRow, starterData } from './starter';

export interface ThrowawayStoreOptions {
  db: Kysely<Schema>;
  vault: Vault;
  accounts: AccountStore;
  clocks: MerchantClocks;
  log: (line: string) => void;
  /** Live throwaway merchants at most (default `MAX_LIVE_THROWAWAYS`). */
  cap?: number;
  /** The real time expiry is judged by (default `Date.now`; the registry gives the accounts' one). */
  now?: () => number;
  /** What must be written before a merchant's rows go (rows written behind the answers). */
  beforeRemoval?: () => Promise<void>;
}

/** A key or login secret: random, shown once. */
const secret = (bytes: number): string => randomBytes(bytes).toString('hex');

interface Credentials {
  id: string;
  secretKey: string;
  publishableKey: string;
  email: string;
}

const newCredentials = (id: string, email: string): Credentials => ({
  id,
  secretKey: `sk_test_${secret(20)}`,
  publishableKey: `pk_test_${secret(20)}`,
  email,
});

/**
 * Throwaway merchants: made with the seed's starter data, counted against the cap, swept once
 * expired, and deleted with every row they and their sub-merchants own, in every table that has
 * a `merchant_id` (found in the database's catalogue, so a table added later is included).
 */
export class ThrowawayMerchantStore {
  private readonly db: Kysely<Schema>;
  private readonly cap: number;
  private readonly now: () => number;
  private tables: Promise<string[]> | undefined;

  constructor(private readonly options: ThrowawayStoreOptions) {
    this.db = options.db;
    this.cap = options.cap ?? MAX_LIVE_THROWAWAYS;
    this.now = options.now ?? Date.now;
  }

  async create(input: CreateMerchantInput): Promise<ThrowawayMerchant> {
    const started = performance.now();
    await this.sweep(SWEEP_PER_CREATION);
    const now = new Date(this.now());
    const expiresAt = expiresAtOf(now);
    const connect = input.enableConnect ?? true;
    const tag = secret(8);
    const master = newCredentials(newKsuid(now), `throwaway-${tag}@sandbox.test`);
    const sub = connect ? newCredentials(newKsuid(now), `throwaway-${tag}-sub@sandbox.test`) : null;
    const name = input.name ?? `Throwaway ${tag}`;
    const password = randomBytes(12).toString('base64url');
    // Outside the transaction: scrypt takes tens of milliseconds.
    const passwordHash = await hashPassword(password);
    await inTransaction(this.db, async (trx) => {
      // Creations one at a time, so two cannot both take the last place under the cap.
      await lock(trx, 'sandbox throwaway merchants');
      mustHaveRoom(await this.live(trx, now), this.cap);
      const base = { now, expiresAt, connect };
      const rows = [
        merchantRow(SEED_MERCHANT_IDS.lojaExemplo, { ...base, ...master, name }),
        ...(sub === null
          ? []
          : [
              merchantRow(SEED_MERCHANT_IDS.subAtiva, {
                ...base,
                ...sub,
                name: `${name} (sub-merchant)`,
                parentId: master.id,
                connect: false,
              }),
            ]),
      ];
      await trx.insertInto('merchants').values(rows).execute();
      const accounts = sub === null ? [master] : [master, sub];
      const key = (merchantId: string, kind: KeyKind, value: string) => ({
        id: newId('key'),
        merchant_id: merchantId,
        kind,
        key_hash: hashKey(value),
        hint: keyHint(value),
      });
      await trx
        .insertInto('api_keys')
        .values(
          accounts.flatMap((a) => [
            key(a.id, 'secret', a.secretKey),
            key(a.id, 'publishable', a.publishableKey),
          ]),
        )
        .execute();
      await trx
        .insertInto('logins')
        .values(
          accounts.map((a) => ({
            id: newId('login'),
            email: a.email,
            password_hash: passwordHash,
            role: 'merchant' as const,
            merchant_id: a.id,
          })),
        )
        .execute();
      await trx
        .insertInto('merchant_clocks')
        .values(accounts.map((a) => ({ merchant_id: a.id, offset_ms: 0, updated_at: now })))
        .execute();
      await this.insertStarter(trx, master.id, sub?.id, now);
    });
    const ms = Math.round(performance.now() - started);
    this.options.log(`sandbox: throwaway merchant ${master.id} made in ${ms} ms`);
    return {
      ...master,
      name,
      password,
      expiresAt: expiresAt.toISOString(),
      subMerchants: sub === null ? [] : [sub],
    };
  }

  private async insertStarter(
    trx: Transaction<Schema>,
    master: string,
    sub: string | undefined,
    now: Date,
  ): Promise<void> {
    const owners = sub === undefined ? { master } : { master, sub };
    const data = starterData(this.options.vault, owners, now);
    await trx.insertInto('customers').values(data.customers).execute();
    await trx.insertInto('cards').values(data.cards).execute();
    await trx.insertInto('subscription_plans').values(data.plans).execute();
    await trx.insertInto('subscriptions').values(data.subscriptions).execute();
    if (data.fees.length > 0) await trx.insertInto('fees').values(data.fees).execute();
    await addEntries(trx, data.balance);
  }

  /** Throwaway masters not yet expired. */
  private async live(db: Kysely<Schema>, now: Date): Promise<number> {
    const row = await db
      .selectFrom('merchants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'master')
      .where('expires_at', 'is not', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** `DELETE /sandbox/merchants/{id}` by the merchant `callerId`. */
  async remove(callerId: string, id: string): Promise<{ id: string; deleted: true }> {
    const target = await this.db
      .selectFrom('merchants')
      .select(['id', 'kind', 'expires_at as expiresAt'])
      .where('id', '=', id)
      .executeTakeFirst();
    mustBeDeletable(callerId, id, target);
    await this.purge(id);
    return { id, deleted: true };
  }

  /**
   * Removes up to `limit` expired throwaway merchants (their keys already answer 401). Each
   * creation runs it first, so the rows kept stay bounded by the cap however many expire.
   */
  async sweep(limit: number): Promise<number> {
    const expired = await this.db
      .selectFrom('merchants')
      .select('id')
      .where('kind', '=', 'master')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', new Date(this.now()))
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    for (const { id } of expired) {
      await this.purge(id);
      this.options.log(`sandbox: expired throwaway merchant ${id} removed`);
    }
    return expired.length;
  }

  /** Every row of the master `id` and its sub-merchants, in one transaction; their keys forgotten. */
  private async purge(id: string): Promise<void> {
    const tables = await this.tenantTables();
    await this.options.beforeRemoval?.();
    const ids = await inTransaction(this.db, async (trx) => {
      const subs = await trx
        .selectFrom('merchants')
        .select('id')
        .where('parent_id', '=', id)
        .execute();
      const ids = [id, ...subs.map((s) => s.id)];
      const list = sql.join(ids);
      for (const table of tables) {
        const column = sql.ref(table === 'merchants' ? 'id' : 'merchant_id');
        await sql`delete from ${sql.table(table)} where ${column} in (${list})`.execute(trx);
      }
      return ids;
    });
    this.options.accounts.forgetKeysOf(ids);
    for (const merchantId of ids) this.options.clocks.forget(merchantId);
  }

  /** The tables a merchant's rows live in, children before the tables they reference. */
  private tenantTables(): Promise<string[]> {
    this.tables ??= this.readTables().catch((error: unknown) => {
      this.tables = undefined;
      throw error;
    });
    return this.tables;
  }

  private async readTables(): Promise<string[]> {
    const owned = await sql<{ name: string }>`
      select c.table_name as name
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = current_schema() and c.column_name = 'merchant_id'
         and t.table_type = 'BASE TABLE'`.execute(this.db);
    const references = await sql<Reference>`
      select child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
       where k.contype = 'f' and n.nspname = current_schema()`.execute(this.db);
    const tables = [...owned.rows.map((r) => r.name), 'merchants'];
    return deletionOrder(tables, references.rows);
  }
}
