// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge as chargeBody } from '../../testing/charges';
import { createPlan, OTHER_SECRET } from '../../testing/plans';
import { EventReceiver, type Received } from '../../testing/receiver';
import { KEYS, useSandbox } from '../../testing/sandbox';
import { createSubscription } from '../../testing/subscriptions';
import { SANDBOX_MERCHANT_ID } from '../accounts/sandbox-keys';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import { recordEvent } from '../kernel/delivery/outbox';
import type { WebhookEndpoint } from './endpoints-schema';

// Every family's deliveries go out as the change that queued them commits: the writer of delivery
// rows wakes the worker after the commit (kernel/delivery/outbox.ts, kernel/db/transaction.ts).
// The worker's poll here is a minute, so within the bound only that wake can deliver.
const receiver = new EventReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

const t = useSandbox({ webhookPollMs: 60_000 });
/** Far below the poll; a loaded machine delivers a woken event in well under a second. */
const BOUND_MS = 5_000;
const ADMIN = 'admin@sandbox.test';

const endpoint = async (key: string, events: string[]) => {
  const reply = await t.api<WebhookEndpoint>('/sandbox/webhook-endpoints', {
    key,
    body: { url: receiver.url, events },
  });
  expect(reply.status, reply.text).toBe(201);
};

/** The delivery of `event` about `resourceId`, waited for as it arrives. */
const delivered = (event: string, resourceId: string): Promise<Received> =>
  receiver.waitFor((r) => r.body.event === event && r.body.data.id === resourceId, BOUND_MS);

describe('deliveries are woken by their commit, not found by the poll', { timeout: 30_000 }, () => {
  it('a payout approved (payout.approved)', async () => {
    await endpoint('sk_test_sub', ['payout.approved']);
    const created = await t.as<{ id: string }>(
      'sub@sandbox.test',
      `/v1/submerchants/${IDS.subAtiva}/payout-requests`,
      { body: { amount: 10 } },
    );
    expect(created.status, created.text).toBe(201);
    const approved = await t.as(ADMIN, `/v1/payout-requests/${created.body.id}/approve`, {
      method: 'POST',
    });
    expect(approved.status, approved.text).toBe(200);

    const got = await delivered('payout.approved', created.body.id);
    expect(got.body).toMatchObject({ id: created.body.id, data: { status: 'approved' } });
  });

  it('a subscription cancelled (subscription.cancelled)', async () => {
    await endpoint(KEYS.secret, ['subscription.cancelled']);
    const plan = await createPlan(t);
    const subscription = await createSubscription(t, plan.id);
    const cancelled = await t.secret(`/v1/subscriptions/${subscription.id}/cancel`, {
      method: 'POST',
    });
    expect(cancelled.status, cancelled.text).toBe(200);

    const got = await delivered('subscription.cancelled', subscription.id);
    expect(got.body.data.status).toBe('cancelled');
  });

  it('a renewal through the merchant’s clock (subscription.renewed)', async () => {
    // Outra Loja: its own clock, so the advance renews nothing of the other tests.
    await endpoint(OTHER_SECRET, ['subscription.renewed']);
    const plan = await createPlan(t, { recurrenceType: 'weekly' }, OTHER_SECRET);
    const subscription = await createSubscription(t, plan.id, {}, OTHER_SECRET);
    const advanced = await t.api<{ events: Record<string, number> }>('/sandbox/clock/advance', {
      key: OTHER_SECRET,
      body: { days: 8 },
    });
    expect(advanced.status, advanced.text).toBe(200);
    expect(advanced.body.events['subscription.renewed']).toBeGreaterThanOrEqual(1);

    const got = await delivered('subscription.renewed', subscription.id);
    expect(got.body.data.status).toBe('active');
  });

  it('a charge paid (charge.paid), as charges always were', async () => {
    await endpoint(KEYS.secret, ['charge.paid']);
    const charge = await t.secret<{ id: string; status: string }>('/v1/charges', {
      body: chargeBody(),
    });
    expect(charge.status, charge.text).toBe(201);
    expect(charge.body.status).toBe('paid');

    await delivered('charge.paid', charge.body.id);
  });
});

describe('a transaction whose commit the kernel cannot see', () => {
  it('refuses to record events in it, so their wake cannot be lost', async () => {
    const { db } = t.sandbox.database;
    const recorded = db.transaction().execute((trx) =>
      recordEvent(trx, {
        merchantId: SANDBOX_MERCHANT_ID,
        event: 'charge.updated',
        resourceType: 'charge',
        resourceId: 'ch_not_through_in_transaction',
        data: { id: 'ch_not_through_in_transaction', status: 'paid' },
      }),
    );
    await expect(recorded).rejects.toThrow('not opened by inTransaction');
    const rows = await db
      .selectFrom('events')
      .select('id')
      .where('resource_id', '=', 'ch_not_through_in_transaction')
      .execute();
    expect(rows).toEqual([]);
  });
});
