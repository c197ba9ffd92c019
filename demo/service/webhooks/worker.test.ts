// @vitest-environment node
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testEngine } from '../../testing/database';
import { EventReceiver } from '../../testing/receiver';
import { until } from '../../testing/until';
import { SANDBOX_MERCHANT_ID } from '../accounts/sandbox-keys';
import type { Database } from '../kernel/db/database';
import { inTransaction } from '../kernel/db/transaction';
import { recordEvent } from '../kernel/delivery/outbox';
import { claimDue, recordAttempt } from '../kernel/delivery/queue';
import { DeliveryWorker, type WorkerOptions } from '../kernel/delivery/worker';
import { openSandboxDatabase } from '../seed';

let database: Database;
const receiver = new EventReceiver();
const other = new EventReceiver();
beforeAll(async () => {
  database = await openTestDatabase();
  await Promise.all([receiver.start(), other.start()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([receiver.stop(), other.stop()]);
  await database?.close();
});

const workers: DeliveryWorker[] = [];
beforeEach(async () => {
  receiver.reset();
  other.reset();
  await sql`truncate webhook_attempts, webhook_deliveries, events`.execute(database.db);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.close()));
});

function worker(options: Partial<WorkerOptions> = {}, db = database.db): DeliveryWorker {
  const created = new DeliveryWorker({ db, backoffMs: 20, pollMs: 50, ...options });
  workers.push(created);
  return created;
}

/** Queues a postback as a store does: the event and its delivery in one transaction. */
const queue = (url: string, resourceId: string, event = 'charge.updated', db = database.db) =>
  inTransaction(db, (trx) =>
    recordEvent(trx, {
      merchantId: SANDBOX_MERCHANT_ID,
      event,
      resourceType: 'charge',
      resourceId,
      data: { id: resourceId, status: 'paid' },
      postbackUrl: url,
    }),
  );

const deliveries = () =>
  database.db
    .selectFrom('webhook_deliveries')
    .select(['event_id', 'status', 'attempts', 'order_key'])
    .orderBy('seq')
    .execute();

// Each test waits for deliveries (seconds on a busy machine); none waits for a timer.
describe(`the delivery queue (${testEngine()})`, { timeout: 20_000 }, () => {
  it('delivers the events of one resource in order, even past a failed one; others are not held back', async () => {
    receiver.reset([500, 500, 500]);
    const first = await queue(receiver.url, 'ch_a', 'charge.created');
    const second = await queue(receiver.url, 'ch_a', 'charge.paid');
    const elsewhere = await queue(other.url, 'ch_b', 'charge.created');
    const queueWorker = worker();
    queueWorker.start();
    queueWorker.wake();
    await queueWorker.idle();

    expect(receiver.received.map((r) => r.body.id)).toEqual([
      first.id,
      first.id,
      first.id,
      second.id,
    ]);
    // ch_b went out while ch_a was still being retried.
    expect(other.received.map((r) => r.body.id)).toEqual([elsewhere.id]);
    expect(other.received[0]?.at).toBeLessThan(receiver.received[2]?.at ?? 0);
    expect(await deliveries()).toEqual([
      { event_id: first.id, status: 'failed', attempts: 3, order_key: 'ch_a' },
      { event_id: second.id, status: 'delivered', attempts: 1, order_key: 'ch_a' },
      { event_id: elsewhere.id, status: 'delivered', attempts: 1, order_key: 'ch_b' },
    ]);
  });

  it('two workers on one database send each delivery exactly once', async () => {
    // On PostgreSQL the second worker has its own connection pool, as a second process would.
    const second =
      testEngine() === 'postgres' ? await openSandboxDatabase(database.config) : undefined;
    try {
      const queued = [];
      for (let i = 0; i < 40; i++) queued.push(await queue(receiver.url, `ch_${i}`));
      const a = worker({ concurrency: 4 });
      const b = worker({ concurrency: 4 }, second?.db);
      a.start();
      b.start();
      a.wake();
      b.wake();
      await Promise.all([a.idle(), b.idle()]);

      const sent = receiver.received.map((r) => r.body.id);
      expect(sent).toHaveLength(40);
      expect(new Set(sent)).toEqual(new Set(queued.map((event) => event.id)));
      const attempts = await database.db
        .selectFrom('webhook_attempts')
        .select(['attempt', 'delivered'])
        .execute();
      expect(attempts).toHaveLength(40);
      expect(attempts.every((a) => a.attempt === 1 && a.delivered)).toBe(true);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.close()));
      await second?.close();
    }
  });

  it('a claim whose worker died is due again when its lease ends; the dead claim cannot record', async () => {
    const event = await queue(receiver.url, 'ch_lost');
    const [lost] = await claimDue(database.db, 10, 60_000);
    expect(lost?.eventId).toBe(event.id);
    // Leased: no other worker takes it.
    expect(await claimDue(database.db, 10, 60_000)).toEqual([]);

    await sql`update webhook_deliveries set next_attempt_at = now() - interval '1 second'`.execute(
      database.db,
    );
    const rescuer = worker();
    rescuer.start();
    await rescuer.idle();
    expect(receiver.received.map((r) => r.body.id)).toEqual([event.id]);
    const late = await recordAttempt(
      database.db,
      lost as NonNullable<typeof lost>,
      { status: 200 },
      { at: new Date(), durationMs: 1, retryInMs: 0 },
    );
    expect(late).toBe(false);
    expect(await deliveries()).toEqual([
      { event_id: event.id, status: 'delivered', attempts: 1, order_key: 'ch_lost' },
    ]);
  });

  it('close() aborts an attempt in flight: the delivery stays queued, uncounted, for the next worker', async () => {
    receiver.hang = true;
    const event = await queue(receiver.url, 'ch_hang');
    const first = worker({ timeoutMs: { postback: 30_000 } });
    first.start();
    await until(() => receiver.received.length === 1, Boolean);
    await first.close();
    expect(await deliveries()).toEqual([
      { event_id: event.id, status: 'queued', attempts: 0, order_key: 'ch_hang' },
    ]);

    receiver.hang = false;
    const next = worker();
    next.start();
    await next.idle();
    expect(receiver.received.map((r) => r.body.id)).toEqual([event.id, event.id]);
    const attempts = await database.db
      .selectFrom('webhook_attempts')
      .select(['attempt', 'http_status'])
      .execute();
    expect(attempts).toEqual([{ attempt: 1, http_status: 200 }]);
  });

  it('close() stops retries', async () => {
    receiver.reset([500, 500, 500]);
    await queue(receiver.url, 'ch_retry');
    const slow = worker({ backoffMs: 60_000 });
    slow.start();
    await until(async () => (await deliveries())[0]?.attempts === 1, Boolean);
    await slow.close();
    await slow.idle();
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries())[0]).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('idle() gives up after its limit instead of waiting forever', async () => {
    await queue(receiver.url, 'ch_idle');
    const stopped = worker(); // never started: nothing will send the delivery
    await expect(stopped.idle(100)).rejects.toThrow('webhook deliveries still queued after 100 ms');
  });

  it('a database closed under the worker is logged, never an unhandled rejection', {
    timeout: 30_000,
  }, async () => {
    const doomed = await openSandboxDatabase({ kind: 'pglite' });
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const orphan = worker({ log, pollMs: 10, queryLimitMs: 200 }, doomed.db);
    orphan.start();
    await doomed.close();
    await until(() => lines.length >= 2, Boolean);
    await orphan.close();
    await expect(orphan.idle()).resolves.toBeUndefined();
    // Each kind of failure once, not once per poll.
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(new Set(lines).size).toBe(lines.length);
  });
});
