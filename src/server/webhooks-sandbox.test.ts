// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_MERCHANT_IDS as IDS } from '../../demo/service/accounts/seed';
import { charge, pixCharge, rawCard } from '../../demo/testing/charges';
import { LOGINS } from '../../demo/testing/logins';
import { createPlan, OTHER_SECRET } from '../../demo/testing/plans';
import { KEYS, useSandbox } from '../../demo/testing/sandbox';
import { DECLINED_CARD, subscriptionBody } from '../../demo/testing/subscriptions';
import { until } from '../../demo/testing/until';
import {
  createWebhookDedup,
  parseWebhook,
  WEBHOOK_EVENTS,
  type WebhookEvent,
  type WebhookEventKind,
  webhookDedupKey,
} from './webhooks';

// Real deliveries of the sandbox (demo/service/webhooks), on every channel, parsed from the bytes
// the receiver got: the postback of a charge, dashboard endpoints for subscriptions, payouts and
// account events, a test send, a resend.

/** What arrived: each POST's bytes and content type, as they came; answered 200. */
const deliveries: Array<{ bytes: Uint8Array; contentType: string | undefined }> = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    deliveries.push({ bytes: Buffer.concat(chunks), contentType: request.headers['content-type'] });
    response.writeHead(200).end();
  });
});
let hookUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const t = useSandbox();
const SUB_SECRET = 'sk_test_sub';

/** Every delivery so far, parsed; each one is JSON and parses. */
const parsed = (): WebhookEvent[] =>
  deliveries.map(({ bytes, contentType }) => {
    expect(contentType).toBe('application/json');
    return parseWebhook(bytes);
  });

/**
 * The events about one resource, each once, once `count` have come: delivery is at least once,
 * and on a loaded machine an attempt can time out after the receiver got it.
 */
async function eventsOf(resourceId: string, count: number): Promise<WebhookEvent[]> {
  await t.sandbox.webhooks.idle();
  return until(
    () => {
      const keys = new Set<string>();
      return parsed().filter((webhook) => {
        const key = webhookDedupKey(webhook);
        if ((webhook.data as { id?: string }).id !== resourceId || keys.has(key)) return false;
        keys.add(key);
        return true;
      });
    },
    (events) => events.length >= count,
  );
}

const kinds = (events: readonly WebhookEvent[]) => events.map((e) => e.event);

/** A dashboard endpoint of the key's merchant for `events`, to the receiver. */
async function endpoint(key: string, events: readonly WebhookEventKind[]): Promise<string> {
  const reply = await t.api<{ id: string }>('/sandbox/webhook-endpoints', {
    key,
    body: { url: hookUrl, events },
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id;
}

async function post<T = { id: string }>(key: string, path: string, body?: unknown): Promise<T> {
  const reply = await t.api<T>(path, { key, method: 'POST', body });
  expect(reply.status, reply.text).toBeLessThan(300);
  return reply.body;
}

describe('parseWebhook on the sandbox’s deliveries', { timeout: 30_000 }, () => {
  it('a card charge on its postback: created, paid, refunded, in the standard envelope', async () => {
    const paid = await post(KEYS.secret, '/v1/charges', charge({ postbackUrl: hookUrl }));
    await post(KEYS.secret, `/v1/charges/${paid.id}/refund`);
    const events = await eventsOf(paid.id, 3);
    expect(kinds(events)).toEqual(['charge.created', 'charge.paid', 'charge.refunded']);
    for (const event of events) {
      expect(event).toMatchObject({ family: 'charge', livemode: false, data: { id: paid.id } });
      expect(event.id).toMatch(/^evt_/);
    }
    expect(events.map((e) => e.data)).toMatchObject([
      { status: 'paid', amount: 120.5, currency: 'BRL' },
      { status: 'paid' },
      { status: 'refunded', refundedAt: expect.any(String) },
    ]);
  });

  it('a declined charge: the legacy charge.updated', async () => {
    const declined = await post(
      KEYS.secret,
      '/v1/charges',
      charge({ postbackUrl: hookUrl, paymentMethod: rawCard({ number: DECLINED_CARD }) }),
    );
    const events = await eventsOf(declined.id, 2);
    expect(kinds(events)).toEqual(['charge.created', 'charge.updated']);
    expect(events[1]?.data).toMatchObject({ status: 'failed', failureReason: 'card_declined' });
  });

  it('a PIX charge: created, pending, then paid', async () => {
    const pix = await post(KEYS.secret, '/v1/charges', pixCharge({}, { postbackUrl: hookUrl }));
    await post(KEYS.secret, `/sandbox/charges/${pix.id}/pix/pay`);
    const events = await eventsOf(pix.id, 3);
    expect(kinds(events)).toEqual(['charge.created', 'charge.pending', 'charge.paid']);
    expect(events.map((e) => e.data)).toMatchObject([
      { status: 'pending' },
      { status: 'pending' },
      { status: 'paid' },
    ]);
  });

  it('subscriptions: every kind, in the standard envelope', async () => {
    // Outra Loja's own clock moves here, not the merchant of the charges above.
    await endpoint(OTHER_SECRET, WEBHOOK_EVENTS.subscription);
    const plan = await createPlan(t, {}, OTHER_SECRET);
    const ending = await createPlan(
      t,
      { endDate: new Date(Date.now() + 10 * 86_400_000).toISOString() },
      OTHER_SECRET,
    );
    const subscribe = (planId: string, overrides: Record<string, unknown> = {}) =>
      post(OTHER_SECRET, '/v1/subscriptions', subscriptionBody(planId, overrides));
    const renewing = await subscribe(plan.id);
    const paused = await subscribe(plan.id);
    const failing = await subscribe(plan.id, {
      paymentMethod: rawCard({ number: DECLINED_CARD }),
    });
    const expiring = await subscribe(ending.id);
    await post(OTHER_SECRET, `/v1/subscriptions/${paused.id}/pause`);
    await post(OTHER_SECRET, `/v1/subscriptions/${paused.id}/resume`);
    await post(OTHER_SECRET, `/v1/subscriptions/${paused.id}/cancel`);
    await post(OTHER_SECRET, '/sandbox/clock/advance', { days: 35 });

    expect(kinds(await eventsOf(renewing.id, 3))).toEqual([
      'subscription.created',
      'subscription.activated',
      'subscription.renewed',
    ]);
    expect(kinds(await eventsOf(paused.id, 5))).toEqual([
      'subscription.created',
      'subscription.activated',
      'subscription.paused',
      'subscription.activated',
      'subscription.cancelled',
    ]);
    expect(kinds(await eventsOf(failing.id, 2)).slice(0, 2)).toEqual([
      'subscription.created',
      'subscription.payment_failed',
    ]);
    const expired = await eventsOf(expiring.id, 3);
    expect(kinds(expired)).toEqual([
      'subscription.created',
      'subscription.activated',
      'subscription.expired',
    ]);
    expect(expired[2]).toMatchObject({
      family: 'subscription',
      id: expect.stringMatching(/^evt_/),
      livemode: false,
      data: { id: expiring.id, status: 'expired', planId: ending.id },
    });
  });

  it('payouts: approved and rejected in the resource envelope, id = the request’s id', async () => {
    await endpoint(SUB_SECRET, WEBHOOK_EVENTS.payout);
    const path = `/v1/submerchants/${IDS.subAtiva}/payout-requests`;
    const asSub = (amount: number) =>
      t.as<{ id: string }>(LOGINS.subAtiva, path, { body: { amount } });
    const [approve, reject] = [(await asSub(10)).body.id, (await asSub(11)).body.id];
    await t.as(LOGINS.admin, `/v1/payout-requests/${approve}/approve`, { method: 'POST' });
    await t.as(LOGINS.admin, `/v1/payout-requests/${reject}/reject`, {
      body: { reason: 'conta divergente' },
    });
    const [approved] = await eventsOf(approve, 1);
    const [rejected] = await eventsOf(reject, 1);
    expect(approved).toEqual({
      family: 'payout',
      id: approve,
      event: 'payout.approved',
      data: expect.objectContaining({ id: approve, status: 'approved', amount: 10 }),
    });
    expect(rejected).toMatchObject({
      family: 'payout',
      id: reject,
      event: 'payout.rejected',
      data: { status: 'rejected', rejectionReason: 'conta divergente' },
    });
    expect(rejected).not.toHaveProperty('livemode');
  });

  it('account events: merchant.updated and merchant.approved; each change is a new event', async () => {
    await endpoint(KEYS.secret, WEBHOOK_EVENTS.merchant);
    const status = (value: string) =>
      t.as(LOGINS.admin, `/sandbox/submerchants/${IDS.subBloqueada}/status`, {
        body: { status: value },
      });
    expect((await status('active')).status).toBe(200);
    expect((await status('inactive')).status).toBe(200);
    const events = await eventsOf(IDS.subBloqueada, 3);
    expect(kinds(events)).toEqual(['merchant.updated', 'merchant.approved', 'merchant.updated']);
    const sub = (status: string) => ({
      family: 'merchant',
      id: IDS.subBloqueada,
      data: { status },
    });
    expect(events).toMatchObject([sub('active'), sub('active'), sub('inactive')]);
    // Same id and event twice, the resource changed between them: not a repeat.
    const dedup = createWebhookDedup();
    expect(await Promise.all(events.map((e) => dedup.firstTime(e)))).toEqual([true, true, true]);
  });

  it('a dashboard test send: webhook.test', async () => {
    const id = await endpoint(KEYS.secret, ['charge.refunded']);
    const sent = await post<{ eventId: string }>(
      KEYS.secret,
      `/sandbox/webhook-endpoints/${id}/test`,
    );
    await t.sandbox.webhooks.idle();
    const test = await until(
      () => parsed().find((webhook) => webhook.id === sent.eventId),
      (found) => found !== undefined,
    );
    expect(test).toMatchObject({ family: 'test', event: 'webhook.test', data: { endpointId: id } });
  });

  it('a resend brings the same envelope again, and the dedup helper takes it once', async () => {
    const dedup = createWebhookDedup();
    const paid = await post(KEYS.secret, '/v1/charges', charge({ postbackUrl: hookUrl }));
    const [created] = await eventsOf(paid.id, 2);
    if (created === undefined) return expect.unreachable('no charge.created');
    await post(KEYS.secret, `/sandbox/events/${created.id}/resend`);
    await t.sandbox.webhooks.idle();
    const again = await until(
      () => parsed().filter((webhook) => webhook.id === created.id),
      (found) => found.length >= 2,
    );
    expect(again.length).toBeGreaterThanOrEqual(2);
    for (const repeat of again) expect(repeat).toEqual(created);
    expect(await dedup.firstTime(created)).toBe(true);
    expect(await dedup.firstTime(again[1] as WebhookEvent)).toBe(false);

    // The resource envelope: a payout event resent is the same event.
    const payout = parsed().find((webhook) => webhook.event === 'payout.approved');
    if (payout === undefined) return expect.unreachable('no payout.approved yet');
    const stored = await t.api<{ data: Array<{ id: string }> }>(
      `/sandbox/events?resourceId=${payout.id}&event=payout.approved`,
      { key: SUB_SECRET },
    );
    await post(SUB_SECRET, `/sandbox/events/${stored.body.data[0]?.id}/resend`);
    const resent = await eventsOf(payout.id, 1);
    await until(
      () => parsed().filter((webhook) => webhook.id === payout.id),
      (found) => found.length >= 2,
    );
    expect(await dedup.firstTime(payout)).toBe(true);
    for (const repeat of parsed().filter((webhook) => webhook.id === payout.id)) {
      expect(repeat).toEqual(resent[0]);
      expect(await dedup.firstTime(repeat)).toBe(false);
    }
  });
});
