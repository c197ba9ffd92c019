// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED_CARD, rawCard, threeDsFor } from '../../testing/charges';
import { EventReceiver } from '../../testing/receiver';
import { BROWSER, postChallengeForm, type TestSandbox, useSandbox } from '../../testing/sandbox';
import { until } from '../../testing/until';
import { SCENARIOS } from '../three-ds/scenarios';
import type { DeliveryAttempt } from './routes';

const receiver = new EventReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

/**
 * Long enough that a busy test process (the embedded database shares its event loop) never
 * times out a receiver that answers; the timeout test waits for it three times.
 */
const TIMEOUT_MS = 1000;
const t = useSandbox({ webhookBackoffMs: 40, webhookTimeoutMs: TIMEOUT_MS });

const cardCharge = (postbackUrl: string, paymentMethod: Record<string, unknown> = {}) => ({
  amount: 50,
  currency: 'BRL',
  customer: { id: 'cus_sandbox_ana' },
  items: [{ type: 'digital' }],
  postbackUrl,
  paymentMethod: rawCard(paymentMethod),
});

const deliveries = async (sandbox: TestSandbox, chargeEvents: string[]) =>
  (await sandbox.secret<DeliveryAttempt[]>('/sandbox/deliveries')).body.filter((d) =>
    chargeEvents.includes(d.eventId),
  );

describe('charge events to postbackUrl', { timeout: 20_000 }, () => {
  it('charge.created then charge.paid, in the standard envelope', async () => {
    receiver.reset();
    const created = await t.secret('/v1/charges', { body: cardCharge(receiver.url) });
    expect(created.status).toBe(201);
    const got = await until(
      () => receiver.received,
      (r) => r.length >= 2,
    );
    expect(got.map((r) => r.body.event)).toEqual(['charge.created', 'charge.paid']);
    for (const { body, contentType } of got) {
      expect(contentType).toBe('application/json');
      expect(Object.keys(body).sort()).toEqual(['data', 'event', 'id', 'livemode']);
      expect(body.id).toMatch(/^evt_[0-9a-f]{24}$/);
      expect(body.livemode).toBe(false);
      expect(body.data).toMatchObject({ id: created.body.id, status: 'paid' });
    }
    expect(got[0]?.body.id).not.toBe(got[1]?.body.id);
    // An attempt is recorded once the receiver has answered: after it saw the event.
    await t.sandbox.webhooks.idle();
    const log = await deliveries(
      t,
      got.map((r) => r.body.id),
    );
    expect(log).toEqual([
      expect.objectContaining({
        event: 'charge.created',
        url: receiver.url,
        attempt: 1,
        status: 200,
        delivered: true,
      }),
      expect.objectContaining({
        event: 'charge.paid',
        url: receiver.url,
        attempt: 1,
        status: 200,
        delivered: true,
      }),
    ]);
  });

  it('a failing receiver gets 3 attempts in all, with doubling back-off; each attempt logged', async () => {
    receiver.reset([500, 503, 502, 200]);
    await t.secret('/v1/charges', { body: cardCharge(receiver.url) });
    const got = await until(
      () => receiver.received,
      (r) => r.length >= 4,
    );
    expect(got.map((r) => r.body.event)).toEqual([
      'charge.created',
      'charge.created',
      'charge.created',
      'charge.paid',
    ]);
    expect(new Set(got.slice(0, 3).map((r) => r.body.id)).size).toBe(1);
    const [first, second, third] = got;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(35);
    expect((third?.at ?? 0) - (second?.at ?? 0)).toBeGreaterThanOrEqual(75);
    const log = await deliveries(t, [first?.body.id ?? '']);
    expect(log.map((d) => [d.attempt, d.status, d.delivered])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, 502, false],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(receiver.received).toHaveLength(4); // no fourth attempt
  });

  it('stops retrying once delivered', async () => {
    receiver.reset([500]);
    await t.secret('/v1/charges', { body: cardCharge(receiver.url) });
    const got = await until(
      () => receiver.received,
      (r) => r.length >= 3,
    );
    const log = await deliveries(t, [got[0]?.body.id ?? '']);
    expect(log.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 200],
    ]);
  });

  it('a timeout and a network error count as failures', { timeout: 20_000 }, async () => {
    receiver.reset();
    receiver.hang = true;
    const created = await t.secret('/v1/charges', { body: cardCharge(receiver.url) });
    await until(
      () => receiver.received,
      (r) => r.length >= 3,
    );
    const timeouts = await until(
      async () =>
        (await t.secret<DeliveryAttempt[]>('/sandbox/deliveries')).body.filter(
          (d) => d.error?.startsWith('timeout') && d.url === receiver.url,
        ),
      (list) => list.length >= 3,
    );
    expect(timeouts.slice(0, 3).map((d) => [d.attempt, d.error])).toEqual([
      [1, `timeout after ${TIMEOUT_MS} ms`],
      [2, `timeout after ${TIMEOUT_MS} ms`],
      [3, `timeout after ${TIMEOUT_MS} ms`],
    ]);
    expect(created.status).toBe(201);

    const closed = 'http://127.0.0.1:1/hook';
    await t.secret('/v1/charges', { body: cardCharge(closed) });
    const network = await until(
      async () =>
        (await t.secret<DeliveryAttempt[]>('/sandbox/deliveries')).body.filter(
          (d) => d.url === closed,
        ),
      (list) => list.length >= 6,
    );
    expect(network.map((d) => d.attempt)).toEqual([1, 2, 3, 1, 2, 3]);
    expect(network[0]?.error).toMatch(/^network error: /);
    expect(network.every((d) => d.delivered === false && d.status === undefined)).toBe(true);
  });

  it('never sends off this machine: another host is refused when given, and again at send', async () => {
    const url = 'http://example.com/hook';
    const refused = await t.secret('/v1/charges', { body: cardCharge(url) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: expect.stringMatching(/^postbackUrl must name a host the sandbox delivers to/),
    });
    // A URL stored from before the rule (written here directly): its next event is refused.
    const created = await t.secret<{ id: string }>('/v1/charges', {
      body: cardCharge(receiver.url),
    });
    await t.sandbox.database.db
      .updateTable('charges')
      .set({ postback_url: url })
      .where('id', '=', created.body.id)
      .execute();
    await t.secret(`/v1/charges/${created.body.id}/refund`, { method: 'POST' });
    const log = await until(
      async () =>
        (await t.secret<DeliveryAttempt[]>('/sandbox/deliveries')).body.filter(
          (d) => d.url === url,
        ),
      (list) => list.length >= 1,
    );
    expect(log.map((d) => [d.event, d.attempt, d.delivered])).toEqual([
      ['charge.refunded', 1, false],
    ]);
    expect(log[0]?.error).toMatch(/^refused: the URL must name a host the sandbox delivers to/);
  });

  it('managed 3DS: charge.created, then charge.paid and charge.updated on resume', async () => {
    receiver.reset();
    const challenge = SCENARIOS.find((s) => s.name === 'Direct challenge')?.card;
    const created = await t.secret('/v1/charges', {
      body: cardCharge(receiver.url, {
        number: challenge,
        threeDSMode: 'managed',
        browser: BROWSER,
      }),
    });
    const { authenticationId } = created.body.nextAction as { authenticationId: string };
    await postChallengeForm(t, { authenticationId, code: '1234' });
    await t.secret(`/v1/charges/${created.body.id as string}/resume-3ds`, { method: 'POST' });
    const got = await until(
      () => receiver.received.filter((r) => r.body.data.id === created.body.id),
      (r) => r.length >= 3,
    );
    expect(got.map((r) => [r.body.event, r.body.data.status])).toEqual([
      ['charge.created', 'authentication_required'],
      ['charge.paid', 'paid'],
      ['charge.updated', 'paid'],
    ]);
  });

  it('3DS failure at creation: charge.created then the legacy charge.updated', async () => {
    receiver.reset();
    const threeDS = await threeDsFor(t, DENIED_CARD, { amount: 50 });
    const created = await t.secret('/v1/charges', {
      body: cardCharge(receiver.url, { number: DENIED_CARD, threeDS }),
    });
    // Only this charge's events: a late retry for an earlier test's charge may still arrive.
    const got = await until(
      () => receiver.received.filter((r) => r.body.data.id === created.body.id),
      (r) => r.length >= 2,
    );
    expect(got.map((r) => [r.body.event, r.body.data.status])).toEqual([
      ['charge.created', 'failed'],
      ['charge.updated', 'failed'],
    ]);
  });
});
