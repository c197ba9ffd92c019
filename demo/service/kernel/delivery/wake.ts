import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { afterCommit } from '../db/transaction';

/** Told when deliveries were queued and committed, so they go out without waiting for a poll. */
export interface DeliveryQueue {
  wake(): void;
}

/** The queues (delivery workers) listening on each database handle. */
const listening = new WeakMap<Kysely<Schema>, Set<DeliveryQueue>>();

/**
 * `queue` is woken whenever deliveries queued through `db` (or a transaction it opened) commit.
 * The worker listens from its start to its close (`worker.ts`); answers the way to stop.
 */
export function listenForDeliveries(db: Kysely<Schema>, queue: DeliveryQueue): () => void {
  let queues = listening.get(db);
  if (queues === undefined) {
    queues = new Set();
    listening.set(db, queues);
  }
  queues.add(queue);
  return () => {
    queues.delete(queue);
  };
}

/**
 * Wakes the queues once the `queued` deliveries just written through `db` are committed: at once
 * outside a transaction, after the commit inside one (`afterCommit`). Called by the one writer of
 * event and delivery rows (`outbox.ts`) whatever it queued, so a transaction the kernel cannot
 * follow is refused even when nothing was queued this time, and no caller has to remember it.
 */
export function wakeAfterCommit(db: Kysely<Schema>, queued: number): void {
  afterCommit(db, (root) => {
    if (queued === 0) return;
    for (const queue of listening.get(root) ?? []) queue.wake();
  });
}
