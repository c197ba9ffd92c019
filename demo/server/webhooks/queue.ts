import { type Kysely, sql } from 'kysely';
import type { DeliveryChannel, Schema } from '../db/schema';
import type { AttemptOutcome } from './attempt';

/**
 * The delivery queue's SQL. A worker claims due deliveries in a short transaction (`FOR UPDATE
 * SKIP LOCKED`, so two processes never claim the same row) and leases them by moving
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

/** Up to `limit` due deliveries whose resource has no earlier delivery still queued. */
export async function claimDue(
  db: Kysely<Schema>,
  limit: number,
  leaseMs: number,
): Promise<Claimed[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('webhook_deliveries as d')
      .select('d.id')
      .where('d.status', '=', 'queued')
      .where('d.next_attempt_at', '<=', sql<Date>`now()`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as e')
              .select(sql`1`.as('one'))
              .whereRef('e.order_key', '=', 'd.order_key')
              .where('e.status', '=', 'queued')
              .whereRef('e.seq', '<', 'd.seq'),
          ),
        ),
      )
      .orderBy('d.next_attempt_at')
      .orderBy('d.seq')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    const rows = await trx
      .updateTable('webhook_deliveries as d')
      .from('events as e')
      .set({ next_attempt_at: msInterval(leaseMs), updated_at: sql`now()` })
      .whereRef('e.id', '=', 'd.event_id')
      .where(
        'd.id',
        'in',
        due.map((row) => row.id),
      )
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
  });
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
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('webhook_deliveries')
      .set({
        attempts: claimed.attempt,
        status: delivered ? 'delivered' : final ? 'failed' : 'queued',
        ...(final ? {} : { next_attempt_at: msInterval(timing.retryInMs) }),
        updated_at: sql`now()`,
      })
      .where('id', '=', claimed.id)
      .where('status', '=', 'queued')
      .where('attempts', '=', claimed.attempt - 1)
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) return false;
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: claimed.id,
        merchant_id: claimed.merchantId,
        attempt: claimed.attempt,
        http_status: 'status' in outcome ? outcome.status : null,
        error: 'error' in outcome ? outcome.error : null,
        delivered,
        duration_ms: timing.durationMs,
        at: timing.at,
      })
      .execute();
    return true;
  });
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
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', msInterval(withinMs))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
