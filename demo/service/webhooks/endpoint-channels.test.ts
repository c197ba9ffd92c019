// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventReceiver } from '../../testing/receiver';
import { useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import type { EventDetail } from '../events/detail';
import type { WebhookEndpoint } from './endpoints-schema';

// The payout and account families on the dashboard endpoints: their envelope (the resource's
// id), and the payout channel's one attempt.
const receiver = new EventReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

const t = useSandbox({ webhookBackoffMs: 20, webhookTimeoutMs: 1000 });
const ADMIN = 'admin@sandbox.test';

const endpoint = async (key: string, events: string[]) => {
  const reply = await t.api<WebhookEndpoint>('/sandbox/webhook-endpoints', {
    key,
    body: { url: receiver.url, events },
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
};
const eventsOf = async (key: string, resourceId: string) =>
  (
    await t.api<{ data: Array<{ id: string; event: string }> }>(
      `/sandbox/events?resourceId=${resourceId}&orderBy=createdAt`,
      { key },
    )
  ).body.data;
const detail = async (key: string, id: string) =>
  (await t.api<EventDetail>(`/sandbox/events/${id}`, { key })).body;

describe('payout and account events on the dashboard endpoints', { timeout: 30_000 }, () => {
  it('payout.approved: the resource envelope, one attempt only, a failure kept for a resend', async () => {
    await endpoint('sk_test_sub', ['payout.approved']);
    receiver.reset([500]);
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
    await t.sandbox.webhooks.idle();

    const [event] = await eventsOf('sk_test_sub', created.body.id);
    expect(event?.event).toBe('payout.approved');
    const first = await detail('sk_test_sub', event?.id ?? '');
    expect(first.envelope).toEqual({
      id: created.body.id,
      event: 'payout.approved',
      data: expect.objectContaining({ id: created.body.id, status: 'approved' }),
    });
    expect(first.deliveries).toEqual([
      expect.objectContaining({ channel: 'payout', status: 'failed', attempts: 1, maxAttempts: 1 }),
    ]);
    expect(receiver.received).toHaveLength(1);

    const resent = await t.api(`/sandbox/events/${event?.id}/resend`, {
      key: 'sk_test_sub',
      method: 'POST',
    });
    expect(resent.status).toBe(202);
    await t.sandbox.webhooks.idle();
    expect(receiver.received.map((r) => r.body)).toEqual([first.envelope, first.envelope]);
  });

  it('merchant.updated of a sub-merchant reaches its master’s endpoint, in the resource envelope', async () => {
    await endpoint('sk_test_sandbox', ['merchant.updated']);
    receiver.reset();
    const changed = await t.as(ADMIN, `/sandbox/submerchants/${IDS.subBloqueada}/status`, {
      body: { status: 'inactive' },
    });
    expect(changed.status, changed.text).toBe(200);
    await t.sandbox.webhooks.idle();
    const got = receiver.received.map((r) => r.body);
    expect(got).toEqual([
      { id: IDS.subBloqueada, event: 'merchant.updated', data: expect.any(Object) },
    ]);
    expect(got[0]?.data).toMatchObject({ id: IDS.subBloqueada, status: 'inactive' });
  });
});
