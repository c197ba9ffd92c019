import { type Kysely, sql } from 'kysely';
import type { Schema } from '../db/schema';
import type { WebhookDispatcher } from './dispatcher';
import type { DeliveryQueue, EventEnvelope } from './outbox';

/**
 * INTERIM, until the durable delivery worker (helper H2's, reading `webhook_deliveries` and
 * recording `webhook_attempts`) replaces it and `dispatcher.ts`: on `wake()`, takes the queued
 * postback deliveries (marking them `delivered`, so each is taken once) and hands them, in the
 * order their events were recorded, to the in-memory dispatcher, which keeps its retries and
 * `GET /sandbox/deliveries`. The dispatcher gives each postback an id of its own, not the
 * event's. Delete this file when the worker lands.
 */
export class InterimPostbacks implements DeliveryQueue {
  private draining: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly dispatcher: WebhookDispatcher,
    private readonly log: (line: string) => void,
  ) {}

  /** One drain at a time; a wake during a drain runs one more after it. */
  wake(): void {
    if (this.closed) return;
    if (this.draining !== undefined) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((error: unknown) => {
        if (!this.closed) this.log(`webhook: queue: ${String(error)}`);
      })
      .finally(() => {
        this.draining = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Stops taking deliveries; resolves once a drain under way has ended. */
  async close(): Promise<void> {
    this.closed = true;
    await this.draining;
  }

  private async drain(): Promise<void> {
    const { rows } = await sql<{ url: string; order_key: string; envelope: EventEnvelope }>`
      with taken as (
        update webhook_deliveries set status = 'delivered', updated_at = now()
        where status = 'queued' and channel = 'postback'
        returning event_id, url, order_key
      )
      select taken.url, taken.order_key, events.envelope
      from taken join events on events.id = taken.event_id
      order by events.seq`.execute(this.db);
    for (const { url, order_key, envelope } of rows) {
      this.dispatcher.send(url, envelope.event, envelope.data, order_key);
    }
  }
}
