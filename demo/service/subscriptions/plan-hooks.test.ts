// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createPlan } from '../../testing/plans';
import { useSandbox } from '../../testing/sandbox';
import {
  createSubscription,
  PATH,
  subscriptionBody,
  subscriptionEvents,
} from '../../testing/subscriptions';
import type { Plan, PlanConfirmation } from '../plans/schema';
import type { Subscription } from './schema';

const t = useSandbox();
const PLANS = '/v1/subscription-plans';
const read = async (id: string) => (await t.secret<Subscription>(`${PATH}/${id}`)).body;
const setStatus = (planId: string, body: Record<string, unknown>) =>
  t.secret<Plan & PlanConfirmation>(`${PLANS}/${planId}/status`, { method: 'PATCH', body });

describe('plans and their subscriptions', () => {
  it('activeSubscriptionsCount counts active ones only, in the plan and in the list', async () => {
    const plan = await createPlan(t, { name: 'Contado' });
    await createSubscription(t, plan.id);
    await createSubscription(t, plan.id);
    const paused = await createSubscription(t, plan.id);
    await t.secret(`${PATH}/${paused.id}/pause`, { method: 'POST' });
    expect((await t.secret<Plan>(`${PLANS}/${plan.id}`)).body.activeSubscriptionsCount).toBe(2);
    const listed = await t.secret<{ data: Plan[] }>(`${PLANS}?limit=100`);
    expect(listed.body.data.find((p) => p.id === plan.id)?.activeSubscriptionsCount).toBe(2);
  });

  it('a confirmed deactivation cancels the active ones (plan_deactivated, one event each), not the others', async () => {
    const plan = await createPlan(t, { name: 'Desativado' });
    const one = await createSubscription(t, plan.id);
    const two = await createSubscription(t, plan.id);
    const paused = await createSubscription(t, plan.id);
    await t.secret(`${PATH}/${paused.id}/pause`, { method: 'POST' });
    const other = await createPlan(t, { name: 'Outro' });
    const elsewhere = await createSubscription(t, other.id);

    const asked = await setStatus(plan.id, { status: 'inactive' });
    expect(asked.body).toMatchObject({ activeSubscriptionsCount: 2 });
    expect((await read(one.id)).status).toBe('active');

    const done = await setStatus(plan.id, {
      status: 'inactive',
      confirmationToken: asked.body.confirmationToken,
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ status: 'inactive', activeSubscriptionsCount: 0 });
    for (const sub of [one, two]) {
      const after = await read(sub.id);
      expect(after).toMatchObject({
        status: 'cancelled',
        cancellationType: 'plan_deactivated',
        nextBillingAt: null,
      });
      const events = await subscriptionEvents(t, sub.id);
      expect(events.map((e) => e.event)).toEqual([
        'subscription.created',
        'subscription.activated',
        'subscription.cancelled',
      ]);
      expect(events.at(-1)?.envelope.data).toEqual(after);
    }
    expect((await read(paused.id)).status).toBe('paused');
    expect((await read(elsewhere.id)).status).toBe('active');

    const refused = await t.secret(PATH, { body: subscriptionBody(plan.id) });
    expect(refused.body).toEqual({
      statusCode: 400,
      message: `subscription plan ${plan.id} is inactive: activate it before subscribing`,
      error: 'Bad Request',
    });
  });

  it('a plan without active subscriptions deactivates at once and cancels nothing', async () => {
    const plan = await createPlan(t, { name: 'Vazio' });
    const paused = await createSubscription(t, plan.id);
    await t.secret(`${PATH}/${paused.id}/pause`, { method: 'POST' });
    const done = await setStatus(plan.id, { status: 'inactive' });
    expect(done.body).toMatchObject({ status: 'inactive', activeSubscriptionsCount: 0 });
    expect((await read(paused.id)).status).toBe('paused');
  });
});
