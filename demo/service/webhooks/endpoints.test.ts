// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge } from '../../testing/charges';
import { answerErrors } from '../../testing/openapi-answers';
import { EventReceiver } from '../../testing/receiver';
import { useSandbox } from '../../testing/sandbox';
import { createSubscription } from '../../testing/subscriptions';
import type { EventDetail } from '../events/detail';
import { ENDPOINT_MAX_ATTEMPTS } from '../kernel/delivery/kinds';
import { SEED_PLAN_IDS } from '../plans/seed';
import type { WebhookEndpoint } from './endpoints-schema';
import { MAX_ENDPOINTS } from './rules';

const receiver = new EventReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

const t = useSandbox({ webhookBackoffMs: 20, webhookTimeoutMs: 1000 });
const BASE = '/sandbox/webhook-endpoints';
const OUTRA = 'sk_test_noconnect';

const create = (body: unknown, key = 'sk_test_sandbox') =>
  t.api<WebhookEndpoint>(BASE, { key, body });
const patch = (id: string, body: unknown, key = 'sk_test_sandbox') =>
  t.api<WebhookEndpoint>(`${BASE}/${id}`, { key, body, method: 'PATCH' });
const pay = async (key = 'sk_test_sandbox') => {
  const reply = await t.api<{ id: string }>('/v1/charges', { key, body: charge() });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id;
};
const eventIdOf = async (resourceId: string, event: string, key = 'sk_test_sandbox') => {
  const reply = await t.api<{ data: Array<{ id: string }> }>(
    `/sandbox/events?resourceId=${resourceId}&event=${event}`,
    { key },
  );
  const id = reply.body.data[0]?.id;
  if (id === undefined) throw new Error(`no ${event} for ${resourceId}`);
  return id;
};
const detail = async (id: string, key = 'sk_test_sandbox') => {
  const reply = await t.api<EventDetail>(`/sandbox/events/${id}`, { key });
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
};
const settle = () => t.sandbox.webhooks.idle();
const receivedFor = (resourceId: string) =>
  receiver.received.filter((r) => r.body.data?.id === resourceId).map((r) => r.body);

describe('/sandbox/webhook-endpoints', () => {
  it('create, list, change, delete; 404 for another merchant; answers as documented', async () => {
    const made = await create({ url: receiver.url, events: ['charge.paid'] });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toEqual({
      id: expect.stringMatching(/^we_/),
      url: receiver.url,
      events: ['charge.paid'],
      enabled: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await answerErrors(t, 'POST /sandbox/webhook-endpoints', 201, made.body)).toEqual([]);
    const listed = await t.secret<{ data: WebhookEndpoint[] }>(BASE);
    expect(listed.body.data.map((e) => e.id)).toContain(made.body.id);
    expect((await t.api<{ data: unknown[] }>(BASE, { key: OUTRA })).body.data).toEqual([]);

    const changed = await patch(made.body.id, { events: ['*'], enabled: false });
    expect(changed.body).toMatchObject({ events: ['*'], enabled: false });
    expect((await patch(made.body.id, { enabled: true }, OUTRA)).status).toBe(404);
    const gone = await t.secret(`${BASE}/${made.body.id}`, { method: 'DELETE' });
    expect(gone.body).toEqual({ id: made.body.id, deleted: true });
    const again = await t.secret(`${BASE}/${made.body.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: `webhook endpoint not found: ${made.body.id}` });
  });

  it('400 naming what is wrong; nothing created', async () => {
    const before = (await t.secret<{ data: unknown[] }>(BASE)).body.data.length;
    for (const [body, start] of [
      [{ url: 'http://10.0.0.1/hook', events: ['*'] }, 'url '],
      [{ url: 'ftp://127.0.0.1/hook', events: ['*'] }, 'url must use http or https'],
      [{ url: 'http://example.com/hook', events: ['*'] }, 'url must name a host the sandbox'],
      [{ url: receiver.url, events: [] }, 'events must name at least one'],
      [{ url: receiver.url, events: ['charge.bogus'] }, 'events'],
      [{ url: receiver.url, events: ['*', 'charge.paid'] }, 'events "*" stands alone'],
      [{ url: receiver.url }, 'events'],
      [{ url: receiver.url, events: ['*'], secret: 'x' }, ''],
    ] as const) {
      const reply = await create(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect((reply.body as unknown as { message: string }).message).toContain(start);
    }
    expect((await t.secret<{ data: unknown[] }>(BASE)).body.data).toHaveLength(before);
    expect((await t.api(BASE, { key: 'pk_test_sandbox' })).status).toBe(403);
    expect((await t.api(BASE, { key: null })).status).toBe(401);
  });

  it(`at most ${MAX_ENDPOINTS} endpoints a merchant`, async () => {
    const key = 'sk_test_sub';
    for (let i = 0; i < MAX_ENDPOINTS; i++) {
      expect((await create({ url: receiver.url, events: ['payout.approved'] }, key)).status).toBe(
        201,
      );
    }
    const refused = await create({ url: receiver.url, events: ['payout.approved'] }, key);
    expect(refused.status).toBe(400);
    expect((await t.api<{ data: unknown[] }>(BASE, { key })).body.data).toHaveLength(MAX_ENDPOINTS);
  });
});

describe('delivery to the dashboard endpoints', { timeout: 30_000 }, () => {
  it('a charge’s events go to each enabled endpoint taking their kind, in order, with the event’s envelope', async () => {
    receiver.reset();
    const all = (await create({ url: receiver.url, events: ['*'] }, OUTRA)).body;
    const paidOnly = (await create({ url: `${receiver.url}?paid`, events: ['charge.paid'] }, OUTRA))
      .body;
    const off = (await create({ url: receiver.url, events: ['*'], enabled: false }, OUTRA)).body;
    const chargeId = await pay(OUTRA);
    await settle();
    expect(receivedFor(chargeId).map((e) => e.event)).toEqual(
      expect.arrayContaining(['charge.created', 'charge.paid', 'charge.paid']),
    );
    const paid = await detail(await eventIdOf(chargeId, 'charge.paid', OUTRA), OUTRA);
    expect(paid.deliveries.map((d) => [d.endpointId, d.channel, d.status, d.maxAttempts])).toEqual(
      expect.arrayContaining([
        [all.id, 'endpoint', 'delivered', ENDPOINT_MAX_ATTEMPTS],
        [paidOnly.id, 'endpoint', 'delivered', ENDPOINT_MAX_ATTEMPTS],
      ]),
    );
    expect(paid.deliveries.some((d) => d.endpointId === off.id)).toBe(false);
    const bodies = receivedFor(chargeId).filter((e) => e.event === 'charge.paid');
    expect(bodies.every((b) => b.id === paid.id)).toBe(true);
    expect(bodies[0]).toEqual(paid.envelope);
    // Per endpoint, created goes before paid.
    const toAll = receiver.received
      .filter((r) => r.body.data?.id === chargeId)
      .map((r) => r.body.event);
    expect(toAll.indexOf('charge.created')).toBeLessThan(toAll.lastIndexOf('charge.paid'));
    for (const id of [all.id, paidOnly.id, off.id]) {
      await t.api(`${BASE}/${id}`, { key: OUTRA, method: 'DELETE' });
    }
  });

  it('a failing receiver: retried with back-off, 5 attempts, each in the event’s history', async () => {
    receiver.reset([500, 503, 500]);
    const endpoint = (await create({ url: receiver.url, events: ['charge.created'] }, OUTRA)).body;
    const chargeId = await pay(OUTRA);
    await settle();
    const created = await detail(await eventIdOf(chargeId, 'charge.created', OUTRA), OUTRA);
    const [delivery] = created.deliveries.filter((d) => d.endpointId === endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 4, nextAttemptAt: null });
    expect(delivery?.attemptLog.map((a) => [a.attempt, a.status, a.delivered])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, 500, false],
      [4, 200, true],
    ]);
    expect(await answerErrors(t, 'GET /sandbox/events/{id}', 200, created)).toEqual([]);

    receiver.reset(Array(ENDPOINT_MAX_ATTEMPTS).fill(500));
    const failing = await pay(OUTRA);
    await settle();
    const gaveUp = await detail(await eventIdOf(failing, 'charge.created', OUTRA), OUTRA);
    expect(gaveUp.deliveries.find((d) => d.endpointId === endpoint.id)).toMatchObject({
      status: 'failed',
      attempts: ENDPOINT_MAX_ATTEMPTS,
    });
    await t.api(`${BASE}/${endpoint.id}`, { key: OUTRA, method: 'DELETE' });
  });

  it('resend: the same envelope id again; a test send goes to its endpoint alone', async () => {
    receiver.reset();
    const endpoint = (await create({ url: receiver.url, events: ['charge.paid'] }, OUTRA)).body;
    const other = (await create({ url: receiver.url, events: ['*'], enabled: false }, OUTRA)).body;
    const chargeId = await pay(OUTRA);
    await settle();
    const eventId = await eventIdOf(chargeId, 'charge.paid', OUTRA);
    const resent = await t.api(`/sandbox/events/${eventId}/resend`, { key: OUTRA, method: 'POST' });
    expect(resent.status, resent.text).toBe(202);
    expect(resent.body).toEqual({ eventId, deliveries: 1 });
    await settle();
    expect(receivedFor(chargeId).filter((e) => e.id === eventId)).toHaveLength(2);
    expect((await detail(eventId, OUTRA)).deliveries).toHaveLength(2);

    const sent = await t.api<{ eventId: string }>(`${BASE}/${other.id}/test`, {
      key: OUTRA,
      method: 'POST',
    });
    expect(sent.status).toBe(202);
    await settle();
    const tests = receiver.received.filter((r) => r.body.id === sent.body.eventId);
    expect(tests.map((r) => r.body.event)).toEqual(['webhook.test']);
    expect(tests[0]?.body).toMatchObject({ livemode: false, data: { endpointId: other.id } });

    await patch(endpoint.id, { enabled: false }, OUTRA);
    const nowhere = await t.api(`/sandbox/events/${eventId}/resend`, {
      key: OUTRA,
      method: 'POST',
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body).toMatchObject({
      message: `event ${eventId} has nowhere to go: no enabled endpoint takes charge.paid, and it had no postback`,
    });
    expect((await t.secret(`/sandbox/events/${eventId}`)).status).toBe(404);
    expect((await t.secret(`/sandbox/events/${eventId}/resend`, { method: 'POST' })).status).toBe(
      404,
    );
  });

  it('subscription events go out too; a removed endpoint stays in the history', async () => {
    receiver.reset();
    const endpoint = (await create({ url: receiver.url, events: ['subscription.created'] })).body;
    const sub = await createSubscription(t, SEED_PLAN_IDS.monthly);
    await settle();
    const eventId = await eventIdOf(sub.id, 'subscription.created');
    const got = receiver.received.filter((r) => r.body.id === eventId).map((r) => r.body);
    expect(got).toEqual([
      { id: eventId, event: 'subscription.created', livemode: false, data: sub },
    ]);
    await t.secret(`${BASE}/${endpoint.id}`, { method: 'DELETE' });
    expect((await detail(eventId)).deliveries).toEqual([
      expect.objectContaining({ channel: 'endpoint', endpointId: null, status: 'delivered' }),
    ]);
  });
});
