// @vitest-environment node
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../sandbox';
import { openTestDatabase } from '../testing/database';
import { call, KEYS, login, SANDBOX_START_TIMEOUT_MS } from '../testing/sandbox';
import { ADMIN_EMAIL } from './accounts/seed';
import { seedCustomerRows } from './customers/seed';
import type { Database } from './kernel/db/database';
import type { Schema } from './kernel/db/schema';
import { SEED_PAYOUTS } from './payouts/seed';
import { dataLocation, resetLine, type SeedCounts } from './reset-report';

const counts: SeedCounts = {
  merchants: 12,
  logins: 1,
  apiKeys: 9,
  customers: 5,
  cards: 3,
  subscriptionPlans: 4,
  subscriptions: 3,
  payoutRequests: 13,
};

describe('resetLine', () => {
  it('says what was emptied, where, and every count restored (singular where it is one)', () => {
    expect(resetLine('--reset', 'the database in .sandbox-data/', counts)).toBe(
      '--reset: the database in .sandbox-data/ was emptied and the seed restored (12 merchants, ' +
        '1 login, 9 API keys, 5 customers, 3 cards, 4 subscription plans, 3 subscriptions, ' +
        '13 payout requests)',
    );
  });
});

describe('dataLocation', () => {
  const cwd = '/home/ana/secure-checkout';
  it('an embedded directory, relative to where the demo was started when it is inside', () => {
    expect(dataLocation({ kind: 'pglite', dataDir: join(cwd, '.sandbox-data') }, cwd)).toBe(
      'the database in .sandbox-data/',
    );
    expect(dataLocation({ kind: 'pglite', dataDir: '/var/tmp/sandbox' }, cwd)).toBe(
      'the database in /var/tmp/sandbox/',
    );
  });

  it('in memory', () => {
    expect(dataLocation({ kind: 'pglite' }, cwd)).toBe('the in-memory database');
    expect(dataLocation({ kind: 'pglite', dataDir: 'memory://' }, cwd)).toBe(
      'the in-memory database',
    );
  });

  it('PostgreSQL: host and database, never the user or the password', () => {
    const where = dataLocation(
      { kind: 'postgres', url: 'postgres://sandbox:s3cret@db.internal:5433/payments?ssl=true' },
      cwd,
    );
    expect(where).toBe('the PostgreSQL database db.internal:5433/payments (DATABASE_URL)');
    expect(where).not.toMatch(/s3cret|sandbox@/);
  });
});

/** The counts as the database holds them, read here without the code under test. */
async function countsIn(database: Database): Promise<SeedCounts> {
  const count = async (table: keyof Schema) =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    merchants: await count('merchants'),
    logins: await count('logins'),
    apiKeys: await count('api_keys'),
    customers: await count('customers'),
    cards: await count('cards'),
    subscriptionPlans: await count('subscription_plans'),
    subscriptions: await count('subscriptions'),
    payoutRequests: await count('payout_requests'),
  };
}

describe('a reset reports what it restored, through the injected logger', () => {
  const lines: string[] = [];
  let database: Database;
  let sandbox: Sandbox;
  beforeAll(async () => {
    database = await openTestDatabase();
    sandbox = await startSandbox({
      apiPort: 0,
      threeDsPort: 0,
      demoPort: 0,
      database,
      reset: true,
      log: (line) => lines.push(line),
    });
  }, SANDBOX_START_TIMEOUT_MS);
  afterAll(async () => {
    await sandbox?.close();
    await database?.close();
  }, SANDBOX_START_TIMEOUT_MS);

  const resets = () => lines.filter((line) => line.includes('the seed restored'));

  it('on start with reset (`npm run demo -- --reset`): one line, with the real counts', async () => {
    const expected = await countsIn(database);
    expect(expected.payoutRequests).toBe(SEED_PAYOUTS.length);
    expect(resets()).toEqual([resetLine('--reset', dataLocation(database.config), expected)]);
  });

  it('POST /sandbox/reset: one more line, what was added gone from the counts', async () => {
    // A charge with a new customer adds one (the API creates customers no other way).
    const added = await call(`${sandbox.apiUrl}/v1/charges`, {
      key: KEYS.secret,
      body: {
        amount: 10,
        currency: 'BRL',
        customer: { name: 'Gone Soon', email: 'gone.soon@example.com' },
        items: [{ type: 'digital' }],
        paymentMethod: {
          type: 'credit_card',
          number: '4111111111111111',
          holderName: 'Gone Soon',
          expirationMonth: '12',
          expirationYear: '2030',
          cvv: '123',
          installments: 1,
        },
      },
    });
    expect(added.status).toBe(201);
    expect((await countsIn(database)).customers).toBe(seedCustomerRows().length + 1);
    const reply = await call(`${sandbox.apiUrl}/sandbox/reset`, {
      method: 'POST',
      bearer: await login(sandbox.apiUrl, ADMIN_EMAIL),
    });
    expect(reply.status).toBe(200);
    const restored = await countsIn(database);
    expect(restored.customers).toBe(seedCustomerRows().length);
    expect(resets()).toHaveLength(2);
    expect(resets()[1]).toBe(
      resetLine('POST /sandbox/reset', dataLocation(database.config), restored),
    );
  });
});
