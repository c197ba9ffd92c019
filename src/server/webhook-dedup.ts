/**
 * Deliveries are at least once: a retry after a slow answer, a queue's retries, a resend from the
 * dashboard all bring an event again with the same envelope. `createWebhookDedup` tells the first
 * delivery of an event from its repeats, in bounded memory, or in a store the merchant's processes
 * share.
 */

import { RESOURCE_FAMILIES, type WebhookEvent } from './webhook-schemas';

/**
 * Where the keys of the events already taken live. The default keeps them in this process's
 * memory; a merchant with several processes (or servers) gives one they share.
 */
export interface WebhookDedupStore {
  /**
   * Records `key` for `ttlMs` unless it is there already, as one atomic step when the store is
   * shared (Redis `SET key 1 NX PX ttlMs`; SQL `INSERT … ON CONFLICT DO NOTHING` and the row
   * count). Answers `true` when it recorded it now: the first time.
   */
  claim(key: string, ttlMs: number): boolean | Promise<boolean>;
  /** Forgets `key`: the next delivery of that event counts as the first again. */
  release(key: string): void | Promise<void>;
}

export interface WebhookDedupOptions {
  /** How long an event is remembered. Default 72 hours. */
  ttlMs?: number;
  /** How many events the in-memory store remembers at most, oldest forgotten first. Default 10,000. */
  maxEntries?: number;
  /** A shared store instead of this process's memory (`maxEntries` is then the store's business). */
  store?: WebhookDedupStore;
}

export interface WebhookDedup {
  /**
   * `true` the first time an event is seen, `false` for every repeat while it is remembered. It
   * claims the event: call it before the work, and `forget` it when the work fails.
   */
  firstTime(webhook: WebhookEvent): Promise<boolean>;
  /** Forgets an event, so that its next delivery is processed (after the work failed). */
  forget(webhook: WebhookEvent): Promise<void>;
}

const DEFAULT_TTL_MS = 72 * 60 * 60 * 1000;
const DEFAULT_MAX_ENTRIES = 10_000;

/** JSON with every object's keys sorted: the same text for the same value, however ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonical(member)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A 53-bit hash of a text (cyrb53), in base 36: short keys, no crypto needed for a fingerprint. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * What makes two deliveries the same event.
 *
 * - Standard envelope (charges, subscriptions, test sends): its `id`, the event's own id. Every
 *   event has a new one and every repeat keeps it.
 * - Resource envelope (payouts, account events): its `id` is the resource's id, so alone it would
 *   take `payout.rejected` for a repeat of an earlier event of the same request. With `event` it
 *   tells those apart, but a merchant is `merchant.updated` at each change of status, always
 *   with the same `id` and `event`: only `data` (the resource after that change) differs. So the
 *   key is `event`, `id` and a fingerprint of `data`. A repeat of a delivery sends the same
 *   envelope, so the same key; a later change of the resource makes another.
 */
export function webhookDedupKey(webhook: WebhookEvent): string {
  if (!RESOURCE_FAMILIES.has(webhook.family)) return webhook.id;
  return `${webhook.event}:${webhook.id}:${hash(canonical(webhook.data))}`;
}

/**
 * The default store: this process's memory, a `Map` in the order keys were claimed. A claim
 * drops the expired keys at the front and the oldest ones past `maxEntries`, so memory stays
 * bounded however many events arrive.
 */
export function createMemoryDedupStore({
  maxEntries = DEFAULT_MAX_ENTRIES,
  now = Date.now,
}: {
  maxEntries?: number;
  now?: () => number;
} = {}): WebhookDedupStore {
  positive('maxEntries', maxEntries);
  const expiries = new Map<string, number>();
  return {
    claim(key, ttlMs) {
      const at = now();
      const until = expiries.get(key);
      if (until !== undefined && until > at) return false;
      expiries.delete(key);
      expiries.set(key, at + ttlMs);
      for (const [oldest, expiry] of expiries) {
        if (expiry > at && expiries.size <= maxEntries) break;
        expiries.delete(oldest);
      }
      return true;
    },
    release(key) {
      expiries.delete(key);
    },
  };
}

function positive(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a whole number of at least 1, got ${value}`);
  }
}

/**
 * Tells an event's first delivery from its repeats (see `webhookDedupKey` for what counts as the
 * same event). Claim before the work and forget on failure, so a retry is processed:
 *
 * ```ts
 * if (!(await dedup.firstTime(webhook))) return new Response(null, { status: 200 });
 * try { await handle(webhook); } catch (error) { await dedup.forget(webhook); throw error; }
 * ```
 */
export function createWebhookDedup(options: WebhookDedupOptions = {}): WebhookDedup {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  positive('ttlMs', ttlMs);
  const store = options.store ?? createMemoryDedupStore({ maxEntries: options.maxEntries });
  return {
    firstTime: async (webhook) => store.claim(webhookDedupKey(webhook), ttlMs),
    forget: async (webhook) => store.release(webhookDedupKey(webhook)),
  };
}
