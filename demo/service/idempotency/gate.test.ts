// @vitest-environment node
/**
 * The gate over a real database with an operation the test controls: a 500 or a thrown error
 * gives the key back, a request still running gets 409, a claim left by a stopped process is
 * taken over, expired keys are purged in bounded batches on each merchant's clock.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testEngine } from '../../testing/database';
import type { ApiEnv } from '../accounts/authenticate';
import { MerchantGates } from '../accounts/merchant-gates';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import { DAY_MS, MerchantClocks } from '../kernel/clock';
import type { Database } from '../kernel/db/database';
import { jsonErrorHandler } from '../kernel/http/errors';
import { idempotencyGate } from './gate';
import { fingerprint, STALE_CLAIM_MS } from './rules';
import { IdempotencyStore } from './store';

let database: Database;
let store: IdempotencyStore;
let app: Hono<ApiEnv>;
/** What the operation does next; `runs` counts the times it ran. */
let operation: () => Promise<Response>;
let runs = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  store = new IdempotencyStore(db);
  const gates = new MerchantGates();
  gates.add(idempotencyGate({ store, clocks: new MerchantClocks(0), db, log: () => {} }));
  app = new Hono<ApiEnv>();
  app.onError(jsonErrorHandler(() => {}));
  app.use('*', async (c, next) => {
    const id = c.req.header('X-Merchant') ?? IDS.lojaExemplo;
    c.set('principal', {
      role: 'merchant',
      credential: 'secret',
      merchant: {
        id,
        kind: 'master',
        parentId: null,
        status: 'active',
        capabilities: [],
        legalName: 'L',
        tradeName: 'L',
        companyTaxId: '0',
        contactEmail: 'l@example.com',
      },
    });
    await gates.run(c, next);
  });
  app.post('/v1/things', () => {
    runs++;
    return operation();
  });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

beforeEach(() => {
  runs = 0;
  operation = async () => Response.json({ id: `thing_${runs}` }, { status: 201 });
});

const post = (key: string, body = '{"a":1}') =>
  app.request('/v1/things', {
    method: 'POST',
    body,
    headers: {
      'Idempotency-Key': key,
      'Content-Type': 'application/json',
      'Content-Length': String(body.length),
    },
  });

describe(`the gate (${testEngine()})`, () => {
  it('a 500 is not kept: the retry runs again, and its 201 is', async () => {
    operation = async () => Response.json({ statusCode: 500, message: 'boom' }, { status: 500 });
    expect((await post('k-500')).status).toBe(500);
    operation = async () => Response.json({ id: 'thing_ok' }, { status: 201 });
    const retried = await post('k-500');
    expect(retried.status).toBe(201);
    const replayed = await post('k-500');
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replayed.json()).toEqual({ id: 'thing_ok' });
    expect(runs).toBe(2);
  });

  it('a thrown error gives the key back', async () => {
    operation = async () => {
      throw new Error('the operation failed');
    };
    expect((await post('k-throw')).status).toBe(500);
    operation = async () => Response.json({ id: 'after' }, { status: 201 });
    expect((await post('k-throw')).status).toBe(201);
    expect(runs).toBe(2);
  });

  it('while the first runs: 409 for the same request, 422 for another; then the replay', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    operation = async () => {
      entered();
      await held;
      return Response.json({ id: 'slow' }, { status: 201 });
    };
    const first = post('k-slow');
    await inside;
    const during = await post('k-slow');
    expect(during.status).toBe(409);
    expect(await during.json()).toEqual({
      statusCode: 409,
      message: 'a request with this Idempotency-Key is in progress',
      error: 'Conflict',
    });
    expect((await post('k-slow', '{"a":2}')).status).toBe(422);
    finish();
    expect((await first).status).toBe(201);
    const after = await post('k-slow');
    expect(after.headers.get('Idempotent-Replayed')).toBe('true');
    expect(runs).toBe(1);
  });

  it('a claim left running by a stopped process is taken over once stale', async () => {
    const print = fingerprint('POST', '/v1/things', new TextEncoder().encode('{"a":1}'));
    const at = new Date(Date.now() - STALE_CLAIM_MS - 1000);
    const claim = { merchantId: IDS.lojaExemplo, fingerprint: print, now: at, at };
    expect(await store.claim({ ...claim, key: 'k-stale', claim: 'dead' })).toBe(true);
    expect((await post('k-stale')).status).toBe(201);
    const fresh = { ...claim, now: new Date(), at: new Date() };
    expect(await store.claim({ ...fresh, key: 'k-running', claim: 'alive' })).toBe(true);
    expect((await post('k-running')).status).toBe(409);
    expect(runs).toBe(1);
  });
});

describe(`the purge (${testEngine()})`, () => {
  it("deletes keys expired on their merchant's clock, at most `limit` at a time", async () => {
    const { db } = database;
    await db.deleteFrom('idempotency_keys').execute();
    const now = Date.now();
    const row = (merchantId: string, key: string, takenAt: number) => ({
      merchantId,
      key,
      fingerprint: 'f',
      claim: key,
      now: new Date(takenAt),
      at: new Date(now),
    });
    // Loja Exemplo (clock at real time): three expired, one taken an hour ago.
    for (const key of ['old-1', 'old-2', 'old-3']) {
      await store.claim(row(IDS.lojaExemplo, key, now - 2 * DAY_MS));
    }
    await store.claim(row(IDS.lojaExemplo, 'recent', now - 3_600_000));
    // Outra Loja's clock is a day ahead: a key stamped an hour before real time is 25 hours old
    // on it.
    await db
      .insertInto('merchant_clocks')
      .values({ merchant_id: IDS.outraLoja, offset_ms: DAY_MS, updated_at: new Date() })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ offset_ms: DAY_MS }))
      .execute();
    await store.claim(row(IDS.outraLoja, 'moved', now - 3_600_000));
    expect(await store.purge(new Date(now), 2)).toBe(2);
    expect(await store.purge(new Date(now), 2)).toBe(2);
    expect(await store.purge(new Date(now), 2)).toBe(0);
    const left = await db.selectFrom('idempotency_keys').select('key').execute();
    expect(left.map((r) => r.key)).toEqual(['recent']);
  });
});
