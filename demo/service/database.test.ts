// @vitest-environment node
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testEngine } from '../testing/database';
import { SEED_MERCHANT_IDS } from './accounts/seed';
import type { Database } from './kernel/db/database';
import { KSUID_PATTERN, ksuidTime } from './kernel/db/ksuid';
import { resetToSeed } from './seed';
import { balances } from './wallets/ledger';

let database: Database;
// Opening and seeding a database takes seconds on a busy machine.
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe(`database (${testEngine()})`, () => {
  it('is migrated and seeded: twelve merchants with KSUID ids, keys stored hashed', async () => {
    const { db } = database;
    const merchants = await db.selectFrom('merchants').selectAll().execute();
    expect(merchants).toHaveLength(12);
    for (const merchant of merchants) {
      expect(merchant.id).toMatch(KSUID_PATTERN);
      expect(ksuidTime(merchant.id).toISOString().slice(0, 16)).toBe(
        merchant.created_at.toISOString().slice(0, 16),
      );
    }
    const keys = await db.selectFrom('api_keys').select(['key_hash', 'hint']).execute();
    expect(keys.map((k) => k.key_hash).join()).not.toContain('sk_test');
    expect(keys.map((k) => k.hint)).toContain('sk_test_…dbox');
  });

  it('the seeded ids are fixed (docs/sandbox-storage.md lists them)', () => {
    expect(SEED_MERCHANT_IDS).toEqual({
      lojaExemplo: '2dDrgURS1RCqaYsCrHDxT3DY8eK',
      outraLoja: '2jSVWyoD5OusvXH7W25Sx4oXwL3',
      subAtiva: '2rRMnRfrnbIsAJKTYzAovmdW1M0',
      subInativa: '2tLNfr0GvEWztO4hMcD1AGOXiKp',
      subPendente: '34yWH4UAixBTWYbvB97QtABB1R8',
      subRecusada: '2xfvAkzkJXlNjo9YmAdnDmdnqJh',
      subBloqueada: '2otmyUTT1EgK0DGAdMAKSu6Pep0',
      subDaOutra: '2vAeMqgV5ZdblSN7eHcA5lHInpz',
      subExporta: '2zufVH0kg8QLSSIFqVXzEbSxrtZ',
      subCafe: '2uV2pApaIuQVYSYjLwqK1a55a5S',
      subJardim: '37yScskr79z7EciwZXMNPBrLtxe',
      subPet: '2lpTQIjHxbeIrtuFhBm6Cp3QNUv',
    });
  });

  it('bigint cents read back as exact numbers; timestamps as Dates', async () => {
    const row = await database.db
      .selectFrom('balance_entries')
      .selectAll()
      .where('merchant_id', '=', SEED_MERCHANT_IDS.subAtiva)
      .orderBy('settles_at')
      .orderBy('amount_cents', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.amount_cents).toBe(100_000);
    expect(row.settles_at).toBeInstanceOf(Date);
    const [brl] = await balances(database.db, SEED_MERCHANT_IDS.subAtiva, new Date());
    // Reserved: the seeded pending payout requests (demo/service/payouts/seed.ts), R$ 320,00 + R$ 45,90.
    expect(brl).toEqual({ currency: 'BRL', available: 100_000, pending: 25_000, reserved: 36_590 });
  });

  it('the constraints hold: a master with a parent and a sub without one are refused', async () => {
    const { db } = database;
    const bad = sql`update merchants set parent_id = null where kind = 'sub'`.execute(db);
    await expect(bad).rejects.toThrow(/merchants_master_has_no_parent/);
  });

  it('reset restores the seed and removes what was added', async () => {
    const { db } = database;
    await db
      .updateTable('customers')
      .set({ name: 'Changed' })
      .where('id', '=', 'cus_sandbox_ana')
      .execute();
    await db
      .insertInto('customers')
      .values({
        id: 'cus_extra',
        merchant_id: SEED_MERCHANT_IDS.lojaExemplo,
        gateway_id: 'gw_x',
        name: 'Extra',
        email: 'extra@example.com',
        document_id: '',
        document_type: '',
        phone_number: '',
        updated_at: new Date(),
      })
      .execute();
    await db
      .updateTable('payout_requests')
      .set({ status: 'approved' })
      .where('id', '=', 'po_sandbox_ativa_4')
      .execute();
    await resetToSeed(db);
    const ana = await db
      .selectFrom('customers')
      .select('name')
      .where('id', '=', 'cus_sandbox_ana')
      .executeTakeFirstOrThrow();
    expect(ana.name).toBe('Ana Souza');
    const extra = await db.selectFrom('customers').where('id', '=', 'cus_extra').execute();
    expect(extra).toEqual([]);
    expect(await db.selectFrom('merchants').select('id').execute()).toHaveLength(12);
    const payouts = await db.selectFrom('payout_requests').select(['id', 'status']).execute();
    expect(payouts).toHaveLength(13);
    expect(payouts.find((p) => p.id === 'po_sandbox_ativa_4')?.status).toBe('pending');
  });
});
