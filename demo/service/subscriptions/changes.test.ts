// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rawCard } from '../../testing/charges';
import { answerErrors } from '../../testing/openapi-answers';
import { OTHER_SECRET } from '../../testing/plans';
import { useSandbox } from '../../testing/sandbox';
import {
  createSubscription,
  DECLINED_CARD,
  PATH,
  subscriptionEvents,
} from '../../testing/subscriptions';
import { SEED_PLAN_IDS as PLANS } from '../plans/seed';
import type { Subscription } from './schema';

const t = useSandbox();
const badRequest = (message: string) => ({ statusCode: 400, message, error: 'Bad Request' });
const NOT_FOUND = { statusCode: 404, message: 'subscription not found' };
const patch = (id: string, body: unknown, key?: string) =>
  t.api<Record<string, unknown>>(`${PATH}/${id}`, {
    method: 'PATCH',
    key: key ?? 'sk_test_sandbox',
    body,
  });
const act = (id: string, action: string, key?: string) =>
  t.api<Subscription>(`${PATH}/${id}/${action}`, { method: 'POST', key: key ?? 'sk_test_sandbox' });
const read = async (id: string) => (await t.secret<Subscription>(`${PATH}/${id}`)).body;
const eventNames = async (id: string) => (await subscriptionEvents(t, id)).map((e) => e.event);

describe('PATCH /v1/subscriptions/{id}', () => {
  it('billingDay and metadata: keys merge, null removes one; the spec’s answer', async () => {
    const sub = await createSubscription(t, PLANS.monthly, {
      billingDay: 10,
      metadata: { keep: 'a', drop: 'b' },
    });
    const reply = await patch(sub.id, { billingDay: 31, metadata: { drop: null, add: 'c' } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      id: sub.id,
      billingDay: 31,
      metadata: { keep: 'a', add: 'c' },
    });
    expect(await answerErrors(t, 'PATCH /v1/subscriptions/{id}', 200, reply.body)).toEqual([]);
    const after = await read(sub.id);
    expect(after).toMatchObject({ billingDay: 31, metadata: { keep: 'a', add: 'c' } });
    // The current period keeps its end; no event.
    expect(after.currentPeriodEnd).toBe(sub.currentPeriodEnd);
    expect(await eventNames(sub.id)).toEqual(['subscription.created', 'subscription.activated']);
    const onlyMeta = await patch(sub.id, { metadata: { keep: null } });
    expect(onlyMeta.body).toEqual({
      success: true,
      id: sub.id,
      billingDay: 31,
      metadata: { add: 'c' },
    });
  });

  it('400: another field, a bad billingDay, a non-string value, an empty body; nothing changes', async () => {
    const sub = await createSubscription(t, PLANS.monthly, {
      billingDay: 10,
      metadata: { k: 'v' },
    });
    for (const [body, message] of [
      [{ status: 'paused' }, 'status'],
      [{ planId: PLANS.weekly }, 'planId'],
      [{ billingDay: 0 }, 'billingDay must be at least 1'],
      [{ billingDay: 32 }, 'billingDay must be at most 31'],
      [{ billingDay: '5' }, 'billingDay'],
      [{ metadata: { k: 5 } }, 'metadata.k'],
      [{ metadata: ['x'] }, 'metadata'],
      [{}, 'needs billingDay or metadata'],
    ] as const) {
      const reply = await patch(sub.id, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(String(reply.body.message)).toContain(message);
    }
    expect(await read(sub.id)).toEqual(sub);
  });

  it('400 `only active subscriptions can be updated` (pending, paused, cancelled); 404 unknown or another merchant’s', async () => {
    const pending = await createSubscription(t, PLANS.monthly, {
      paymentMethod: rawCard({ number: DECLINED_CARD }),
    });
    const paused = await createSubscription(t, PLANS.monthly);
    await act(paused.id, 'pause');
    const cancelled = await createSubscription(t, PLANS.monthly);
    await act(cancelled.id, 'cancel');
    for (const sub of [pending, paused, cancelled]) {
      const reply = await patch(sub.id, { billingDay: 2 });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual(badRequest('only active subscriptions can be updated'));
    }
    expect((await patch('sub_nope', { billingDay: 2 })).body).toEqual(NOT_FOUND);
    expect((await patch(paused.id, { billingDay: 2 }, OTHER_SECRET)).body).toEqual(NOT_FOUND);
  });
});

describe('cancel, pause, resume', () => {
  it('pause → resume → cancel: statuses, times, schedule and one event each', async () => {
    const sub = await createSubscription(t, PLANS.monthly);
    const paused = await act(sub.id, 'pause');
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', nextBillingAt: null });
    expect(paused.body.pausedAt).toEqual(expect.any(String));
    expect(await answerErrors(t, 'POST /v1/subscriptions/{id}/pause', 200, paused.body)).toEqual(
      [],
    );
    const resumed = await act(sub.id, 'resume');
    expect(resumed.body).toMatchObject({
      status: 'active',
      pausedAt: null,
      nextBillingAt: sub.currentPeriodEnd,
    });
    const cancelled = await act(sub.id, 'cancel');
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancellationType: 'requested',
      nextBillingAt: null,
    });
    expect(cancelled.body.cancelledAt).toEqual(expect.any(String));
    expect(await eventNames(sub.id)).toEqual([
      'subscription.created',
      'subscription.activated',
      'subscription.paused',
      'subscription.activated',
      'subscription.cancelled',
    ]);
    const events = await subscriptionEvents(t, sub.id);
    expect(events.at(-1)?.envelope.data).toEqual(cancelled.body);
  });

  it('a paused and a pending subscription can be cancelled', async () => {
    const paused = await createSubscription(t, PLANS.weekly);
    await act(paused.id, 'pause');
    expect((await act(paused.id, 'cancel')).body.status).toBe('cancelled');
    const pending = await createSubscription(t, PLANS.weekly, {
      paymentMethod: rawCard({ number: DECLINED_CARD }),
    });
    expect((await act(pending.id, 'cancel')).body).toMatchObject({
      status: 'cancelled',
      cancellationType: 'requested',
    });
  });

  it('400 naming the current status for every refused transition; nothing changes', async () => {
    const active = await createSubscription(t, PLANS.monthly);
    const pending = await createSubscription(t, PLANS.monthly, {
      paymentMethod: rawCard({ number: DECLINED_CARD }),
    });
    const cancelled = await createSubscription(t, PLANS.monthly);
    await act(cancelled.id, 'cancel');
    const cases: Array<[Subscription, string, string]> = [
      [
        active,
        'resume',
        `subscription ${active.id} is active; only paused subscriptions can be resumed`,
      ],
      [
        pending,
        'pause',
        `subscription ${pending.id} is pending_activation; only active subscriptions can be paused`,
      ],
      [
        pending,
        'resume',
        `subscription ${pending.id} is pending_activation; only paused subscriptions can be resumed`,
      ],
      [
        cancelled,
        'cancel',
        `subscription ${cancelled.id} is cancelled; only active, paused, pending_activation subscriptions can be cancelled`,
      ],
      [
        cancelled,
        'pause',
        `subscription ${cancelled.id} is cancelled; only active subscriptions can be paused`,
      ],
    ];
    for (const [sub, action, message] of cases) {
      const before = await read(sub.id);
      const reply = await act(sub.id, action);
      expect(reply.status, `${action} ${sub.status}`).toBe(400);
      expect(reply.body).toEqual(badRequest(message));
      expect(await read(sub.id)).toEqual(before);
    }
  });

  it('404 for an unknown id and another merchant’s subscription', async () => {
    const sub = await createSubscription(t, PLANS.monthly);
    for (const action of ['cancel', 'pause', 'resume']) {
      expect((await act('sub_nope', action)).body).toEqual(NOT_FOUND);
      expect((await act(sub.id, action, OTHER_SECRET)).body).toEqual(NOT_FOUND);
    }
    expect((await read(sub.id)).status).toBe('active');
  });
});
