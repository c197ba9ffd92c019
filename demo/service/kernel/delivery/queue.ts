import { type Kysely, sql } from 'kysely';
import type { DeliveryChannel, Schema } from '../db/schema';
import type { AttemptOutcome } from './attempt';

/**
 * The delivery queue's SQL. A worker claims due deliveries in one statement (`FOR UPDATE SKIP
 * LOCKED`, so two processes never claim the same row) and leases them by moving
 * `next_attempt_at` past the attempt's longest duration: a worker that dies mid-attempt leaves a
 * row that becomes due again when the lease ends. The outcome is written with the attempt number
 * as a fence: only the worker that claimed attempt n can record it.
 */

/** A claimed delivery, with the envelope to send. */
export interface Claimed {
  id: string;
  merchantId: string;
  eventId: string;
  event: string;
  channel: DeliveryChannel;
  url: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  maxAttempts: number;
  body: string;
}

const msInterval = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;

/**
 * The claim is one statement with no parameters (`'queued'`, the limit and the lease written
 * into the SQL): not a prepared statement (`db/prepared-statements.ts`), so it is planned each
 * time with the table as it is. A plan cached while the queue was nearly empty compared every
 * queued row with every other for the order rule: 200 ms a claim with 1,600 queued, 33
 * deliveries/s.
 */
const QUEUED = sql.lit('queued' as const);

/** Up to `limit` due deliveries whose resource has no earlier delivery still queued. */
export async function claimDue(
  db: Kysely<Schema>,
  limit: number,
  leaseMs: number,
): Promise<Claimed[]> {
  const due = db
    .selectFrom('webhook_deliveries as q')
    .select('q.id')
    .where('q.status', '=', QUEUED)
    .where('q.next_attempt_at', '<=', sql<Date>`now()`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as e')
            .select(sql`1`.as('one'))
            .whereRef('e.order_key', '=', 'q.order_key')
            .where('e.status', '=', QUEUED)
            .whereRef('e.seq', '<', 'q.seq'),
        ),
      ),
    )
    .orderBy('q.next_attempt_at')
    .orderBy('q.seq')
    .limit(sql.lit(Math.trunc(limit)))
    .forUpdate()
    .skipLocked();
  const rows = await db
    .updateTable('webhook_deliveries as d')
    .from('events as e')
    .set({
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${sql.lit(leaseMs / 1000)})`,
      updated_at: sql`now()`,
    })
    .whereRef('e.id', '=', 'd.event_id')
    .where('d.id', 'in', due)
    .returning([
      'd.id',
      'd.merchant_id',
      'd.event_id',
      'e.event',
      'e.envelope',
      'd.channel',
      'd.url',
      'd.attempts',
      'd.max_attempts',
      'd.seq',
    ])
    .execute();
  return rows
    .sort((a, b) => a.seq - b.seq)
    .map((row) => ({
      id: row.id,
      merchantId: row.merchant_id,
      eventId: row.event_id,
      event: row.event,
      channel: row.channel,
      url: row.url,
      attempt: row.attempts + 1,
      maxAttempts: row.max_attempts,
      body: JSON.stringify(row.envelope),
    }));
}

/**
 * Records an attempt and moves the delivery on: delivered, failed (last attempt, or refused), or
 * queued again after `retryInMs`. False when the claim was lost (the lease ended and another
 * worker took the row, or a reset removed it): nothing is written then.
 */
export async function recordAttempt(
  db: Kysely<Schema>,
  claimed: Claimed,
  outcome: AttemptOutcome,
  timing: { at: Date; durationMs: number; retryInMs: number },
): Promise<boolean> {
  const delivered = 'status' in outcome && outcome.status < 400;
  const final = delivered || 'refused' in outcome || claimed.attempt >= claimed.maxAttempts;
  // One statement: the attempt is written only when the fenced update moved the row.
  const written = await db
    .with('moved', (qb) =>
      qb
        .updateTable('webhook_deliveries')
        .set({
          attempts: claimed.attempt,
          status: delivered ? 'delivered' : final ? 'failed' : 'queued',
          ...(final ? {} : { next_attempt_at: msInterval(timing.retryInMs) }),
          updated_at: sql`now()`,
        })
        .where('id', '=', claimed.id)
        .where('status', '=', QUEUED)
        .where('attempts', '=', claimed.attempt - 1)
        .returning(['id', 'merchant_id']),
    )
    .insertInto('webhook_attempts')
    .columns([
      'delivery_id',
      'merchant_id',
      'attempt',
      'http_status',
      'error',
      'delivered',
      'duration_ms',
      'at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('moved')
        .select([
          'moved.id',
          'moved.merchant_id',
          sql<number>`${claimed.attempt}::int`.as('attempt'),
          sql<number | null>`${'status' in outcome ? outcome.status : null}::int`.as('http_status'),
          sql<string | null>`${'error' in outcome ? outcome.error : null}::text`.as('error'),
          sql<boolean>`${delivered}::boolean`.as('delivered'),
          sql<number>`${timing.durationMs}::int`.as('duration_ms'),
          sql<Date>`${timing.at}::timestamptz`.as('at'),
        ]),
    )
    .returning('delivery_id')
    .executeTakeFirst();
  return written !== undefined;
}

/** An attempt cut short by a stop: due again at once (for the next start), not counted. */
export async function releaseClaim(db: Kysely<Schema>, claimed: Claimed): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', claimed.id)
    .where('status', '=', 'queued')
    .where('attempts', '=', claimed.attempt - 1)
    .execute();
}

/** Whether a queued delivery is due before `withinMs` from now. */
export async function hasDueSoon(db: Kysely<Schema>, withinMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', QUEUED)
    .where('next_attempt_at', '<=', msInterval(withinMs))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
