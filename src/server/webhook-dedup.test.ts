// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { envelope } from './webhook-fixtures';
import {
  createMemoryDedupStore,
  createWebhookDedup,
  parseWebhook,
  type WebhookDedupStore,
  webhookDedupKey,
} from './webhooks';

describe('webhookDedupKey', () => {
  it('the standard envelope: its event id', () => {
    expect(webhookDedupKey(parseWebhook(envelope('charge.paid')))).toBe(
      'evt_0123456789abcdef01234567',
    );
  });

  it('the resource envelope: event, id, and the resource as it was, however its keys are ordered', () => {
    const approved = parseWebhook(envelope('payout.approved'));
    const rejected = parseWebhook(envelope('payout.rejected', { status: 'rejected' }));
    expect(webhookDedupKey(approved)).toMatch(/^payout\.approved:po_1:[0-9a-z]+$/);
    expect(webhookDedupKey(rejected)).not.toBe(webhookDedupKey(approved));
    const reordered = envelope('payout.approved');
    reordered.data = Object.fromEntries(Object.entries(reordered.data).reverse());
    expect(webhookDedupKey(parseWebhook(reordered))).toBe(webhookDedupKey(approved));
    const active = parseWebhook(envelope('merchant.updated'));
    const inactive = parseWebhook(envelope('merchant.updated', { status: 'inactive' }));
    expect(webhookDedupKey(inactive)).not.toBe(webhookDedupKey(active));
  });
});

describe('createWebhookDedup', () => {
  const charge = (id: string) => parseWebhook({ ...envelope('charge.paid'), id });

  it('true the first time, false for a repeat; forget lets the next one through', async () => {
    const dedup = createWebhookDedup();
    expect(await dedup.firstTime(charge('evt_a'))).toBe(true);
    expect(await dedup.firstTime(charge('evt_a'))).toBe(false);
    expect(await dedup.firstTime(charge('evt_b'))).toBe(true);
    await dedup.forget(charge('evt_a'));
    expect(await dedup.firstTime(charge('evt_a'))).toBe(true);
  });

  it('payout.approved and payout.rejected of one request are two events', async () => {
    const dedup = createWebhookDedup();
    const approved = parseWebhook(envelope('payout.approved'));
    expect(await dedup.firstTime(approved)).toBe(true);
    expect(await dedup.firstTime(parseWebhook(envelope('payout.rejected')))).toBe(true);
    expect(await dedup.firstTime(approved)).toBe(false);
  });

  it('remembers maxEntries events at most, forgetting the oldest', async () => {
    const dedup = createWebhookDedup({ maxEntries: 2 });
    for (const id of ['evt_1', 'evt_2', 'evt_3']) await dedup.firstTime(charge(id));
    expect(await dedup.firstTime(charge('evt_3'))).toBe(false);
    expect(await dedup.firstTime(charge('evt_2'))).toBe(false);
    expect(await dedup.firstTime(charge('evt_1'))).toBe(true);
  });

  it('forgets an event after ttlMs, and drops expired keys as it goes', async () => {
    let now = 0;
    const store = createMemoryDedupStore({ now: () => now });
    const dedup = createWebhookDedup({ ttlMs: 1000, store });
    expect(await dedup.firstTime(charge('evt_1'))).toBe(true);
    now = 999;
    expect(await dedup.firstTime(charge('evt_1'))).toBe(false);
    now = 1000;
    expect(await dedup.firstTime(charge('evt_1'))).toBe(true);
    expect(store.claim('evt_1', 1000)).toBe(false);
    now = 5000;
    expect(store.claim('evt_2', 1000)).toBe(true);
    expect(store.claim('evt_1', 1000)).toBe(true);
  });

  it('takes a shared store, asynchronous or not, with its ttl', async () => {
    const claims: Array<[string, number]> = [];
    const taken = new Set<string>();
    const store: WebhookDedupStore = {
      claim: async (key, ttlMs) => {
        claims.push([key, ttlMs]);
        if (taken.has(key)) return false;
        taken.add(key);
        return true;
      },
      release: async (key) => {
        taken.delete(key);
      },
    };
    const dedup = createWebhookDedup({ store });
    expect(await dedup.firstTime(charge('evt_1'))).toBe(true);
    expect(await dedup.firstTime(charge('evt_1'))).toBe(false);
    await dedup.forget(charge('evt_1'));
    expect(taken.size).toBe(0);
    expect(claims).toEqual([
      ['evt_1', 72 * 3_600_000],
      ['evt_1', 72 * 3_600_000],
    ]);
  });

  it('refuses sizes that are not whole and positive', () => {
    expect(() => createWebhookDedup({ maxEntries: 0 })).toThrow(
      new RangeError('maxEntries must be a whole number of at least 1, got 0'),
    );
    expect(() => createWebhookDedup({ ttlMs: 1.5 })).toThrow(
      new RangeError('ttlMs must be a whole number of at least 1, got 1.5'),
    );
  });
});
