import type { Kysely } from 'kysely';
import type { DeliveryChannel, Schema } from '../db/schema';
import { sleep } from '../ids';
import { type AllowedHosts, LOOPBACK_ONLY } from './allowed-hosts';
import { postJson } from './attempt';
import { type Claimed, claimDue, hasDueSoon, recordAttempt, releaseClaim } from './queue';
import { type DeliveryQueue, listenForDeliveries } from './wake';

/** How long one attempt of each channel may take (its attempts are the row's `max_attempts`). */
export const CHANNEL_TIMEOUT_MS: Readonly<Record<DeliveryChannel, number>> = {
  postback: 5000,
  endpoint: 10_000,
  payout: 10_000,
};

export interface WorkerOptions {
  db: Kysely<Schema>;
  /** Attempt n+1 waits `backoffMs × 2^(n−1)` after attempt n failed (1 s, 2 s, 4 s…). */
  backoffMs: number;
  /** Per-channel attempt timeouts; default `CHANNEL_TIMEOUT_MS`. */
  timeoutMs?: Partial<Record<DeliveryChannel, number>>;
  allowed?: AllowedHosts;
  log?: (line: string) => void;
  /** How often an idle worker looks for due deliveries (default 250 ms). */
  pollMs?: number;
  /** How long a claim holds a delivery (default: the longest timeout + 30 s). */
  leaseMs?: number;
  /** Attempts in flight at once (default 8). */
  concurrency?: number;
  /** A database call that has not answered after this long fails (default 10 s). */
  queryLimitMs?: number;
}

/** `idle()` gives up after this long by default: a test never waits forever. */
const IDLE_LIMIT_MS = 15_000;
/** `close()` waits this long at most for attempts being aborted to release their rows. */
const CLOSE_LIMIT_MS = 5000;
const LEASE_GRACE_MS = 30_000;
const QUERY_LIMIT_MS = 10_000;

/**
 * Sends the queued webhook deliveries of the database. Any number of workers (processes) may run
 * on one database: each due delivery is claimed by one of them (`queue.ts`). A worker looks for
 * due deliveries every `pollMs` and at once when woken: by the writer of delivery rows once their
 * commit is done (`outbox.ts`, `wake.ts`: it listens on its `db` from `start()` to `close()`),
 * and after each of its own attempts.
 */
export class DeliveryWorker implements DeliveryQueue {
  private readonly db: Kysely<Schema>;
  private readonly timeouts: Record<DeliveryChannel, number>;
  private readonly allowed: AllowedHosts;
  private readonly log: (line: string) => void;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly queryLimitMs: number;
  /** A claim is being made: its deliveries are not yet in flight, no longer due. */
  private claiming = false;
  /** Claims started so far. */
  private claims = 0;
  private readonly controller = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private running: Promise<void> | undefined;
  private stopListening: (() => void) | undefined;
  private woken = false;
  private wakeUp: (() => void) | undefined;
  private lastError = '';
  /** When the earliest retry this worker scheduled is due: it looks then, not a poll later. */
  private soonest = Number.POSITIVE_INFINITY;

  constructor(private readonly options: WorkerOptions) {
    this.db = options.db;
    this.timeouts = { ...CHANNEL_TIMEOUT_MS, ...options.timeoutMs };
    this.allowed = options.allowed ?? LOOPBACK_ONLY;
    this.log = options.log ?? (() => {});
    this.pollMs = options.pollMs ?? 250;
    this.leaseMs = options.leaseMs ?? Math.max(...Object.values(this.timeouts)) + LEASE_GRACE_MS;
    this.concurrency = options.concurrency ?? 8;
    this.queryLimitMs = options.queryLimitMs ?? QUERY_LIMIT_MS;
  }

  private get busy(): boolean {
    return this.claiming || this.inFlight.size > 0;
  }

  private get closed(): boolean {
    return this.controller.signal.aborted;
  }

  start(): void {
    if (this.running !== undefined || this.closed) return;
    this.stopListening = listenForDeliveries(this.db, this);
    this.running = this.loop();
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Resolves once no attempt of this worker is in flight and no queued delivery is due within
   * `limitMs`; rejects when that has not happened after `limitMs` (default 15 s).
   */
  async idle(limitMs = IDLE_LIMIT_MS): Promise<void> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      if (!this.busy && this.closed) return;
      const claims = this.claims;
      const left = Math.max(deadline - Date.now(), 0);
      // A claim made while we looked may hold a delivery that is no longer due nor yet in flight.
      if (!this.busy && !(await this.bounded(hasDueSoon(this.db, left), false))) {
        if (!this.busy && this.claims === claims) return;
      }
      if (Date.now() >= deadline) {
        throw new Error(`webhook deliveries still queued after ${limitMs} ms`);
      }
      await sleep(Math.min(25, Math.max(deadline - Date.now(), 1)));
    }
  }

  /**
   * Stops polling, aborts attempts in flight (their deliveries stay queued) and waits for them
   * (at most 5 s).
   */
  async close(): Promise<void> {
    this.stopListening?.();
    this.controller.abort();
    this.wakeUp?.();
    const stopped = Promise.all([this.running, ...this.inFlight]);
    await Promise.race([stopped, sleep(CLOSE_LIMIT_MS)]);
  }

  private async loop(): Promise<void> {
    while (!this.closed) {
      this.woken = false;
      let claimed = 0;
      const free = this.concurrency - this.inFlight.size;
      if (free > 0) {
        try {
          claimed = await this.claimAndSend(free);
          this.lastError = '';
        } catch (error) {
          if (this.closed) return;
          // Logged once per kind of failure (e.g. the database is down): no log flood.
          if (message(error) !== this.lastError) this.log(`webhooks: ${message(error)}`);
          this.lastError = message(error);
        }
      }
      if (claimed === 0 && !this.woken && !this.closed) await this.waitForWake(this.nextLookMs());
    }
  }

  private nextLookMs(): number {
    const now = Date.now();
    if (this.soonest <= now) this.soonest = Number.POSITIVE_INFINITY;
    return Math.max(0, Math.min(this.pollMs, this.soonest - now));
  }

  private waitForWake(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }

  /**
   * Every database call has a bound: a database closed under a query may never answer. The
   * loop's calls also end at once on `close()` (`stoppable`).
   */
  private bounded<T>(work: Promise<T>, stoppable: boolean): Promise<T> {
    const { signal } = this.controller;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the database did not answer in ${this.queryLimitMs} ms`)),
        this.queryLimitMs,
      );
      const stop = () => reject(new Error('stopped'));
      if (stoppable) signal.addEventListener('abort', stop, { once: true });
      work.then(resolve, reject).finally(() => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
      });
    });
  }

  private async claimAndSend(limit: number): Promise<number> {
    let claimed: Claimed[];
    this.claiming = true;
    this.claims++;
    try {
      // One cheap query per poll when nothing is due; the claim's transaction only when needed.
      if (!(await this.bounded(hasDueSoon(this.db, 0), true))) return 0;
      claimed = await this.bounded(claimDue(this.db, limit, this.leaseMs), true);
    } finally {
      this.claiming = false;
    }
    for (const delivery of claimed) {
      if (this.closed) {
        await this.bounded(releaseClaim(this.db, delivery), false);
        continue;
      }
      const attempt = this.deliver(delivery)
        .catch((error: unknown) => {
          if (!this.closed) this.log(`webhooks: ${delivery.id}: ${message(error)}`);
        })
        .finally(() => {
          this.inFlight.delete(attempt);
          this.wake();
        });
      this.inFlight.add(attempt);
    }
    return claimed.length;
  }

  private async deliver(delivery: Claimed): Promise<void> {
    const at = new Date();
    const started = performance.now();
    const outcome = await postJson(delivery.url, delivery.body, {
      allowed: this.allowed,
      timeoutMs: this.timeouts[delivery.channel],
      signal: this.controller.signal,
    });
    if ('aborted' in outcome) {
      await this.bounded(releaseClaim(this.db, delivery), false);
      return;
    }
    const durationMs = Math.round(performance.now() - started);
    const retryInMs = this.options.backoffMs * 2 ** (delivery.attempt - 1);
    const timing = { at, durationMs, retryInMs };
    const recorded = await this.bounded(recordAttempt(this.db, delivery, outcome, timing), false);
    this.soonest = Math.min(this.soonest, Date.now() + retryInMs);
    const result = 'status' in outcome ? `HTTP ${outcome.status}` : outcome.error;
    this.log(
      `webhook: ${delivery.event} ${delivery.eventId} attempt ${delivery.attempt} → ${result}${recorded ? '' : ' (not recorded: the claim was lost)'}`,
    );
  }
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
