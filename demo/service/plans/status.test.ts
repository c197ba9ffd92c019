// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerErrors } from '../../testing/openapi-answers';
import { createPlan, OTHER_SECRET } from '../../testing/plans';
import { KEYS, useSandbox } from '../../testing/sandbox';
import type { PlanRow } from '../kernel/db/schema';
import type { Plan, PlanConfirmation } from './schema';
import { SEED_PLAN_IDS } from './seed';

/** Active subscriptions per plan, as the test says (no subscriptions table yet). */
const active = new Map<string, number>();
const cancelled: string[] = [];

const t = useSandbox({
  plans: {
    activeSubscriptionsCount: async (_db, planIds) =>
      new Map(planIds.map((id) => [id, active.get(id) ?? 0])),
    cancelActiveSubscriptions: async (_trx, plan: PlanRow) => {
      cancelled.push(plan.id);
    },
  },
});

const OPERATION = 'PATCH /v1/subscription-plans/{id}/status';
const badRequest = (message: string) => ({ statusCode: 400, message, error: 'Bad Request' });
const NOT_FOUND = { statusCode: 404, message: 'subscription plan not found' };

const patch = <T = Plan>(id: string, body: unknown, key: string = KEYS.secret) =>
  t.api<T>(`/v1/subscription-plans/${id}/status`, { method: 'PATCH', key, body });
const statusOf = async (id: string, key: string = KEYS.secret) =>
  (await t.api<Plan>(`/v1/subscription-plans/${id}`, { key })).body.status;

/** A new plan of Loja Exemplo (or `key`'s merchant) with `count` active subscriptions. */
async function planWith(count: number, key: string = KEYS.secret) {
  const plan = await createPlan(t, {}, key);
  active.set(plan.id, count);
  return plan;
}

/** Asks to deactivate a plan with active subscriptions: the confirmation answer. */
async function confirmationFor(id: string, key: string = KEYS.secret) {
  const reply = await patch<PlanConfirmation>(id, { status: 'inactive' }, key);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

describe('PATCH /v1/subscription-plans/{id}/status: the spec’s table', () => {
  it('active, no active subscriptions → inactive at once; the plan answered', async () => {
    const plan = await planWith(0);
    const before = cancelled.length;
    const reply = await patch(plan.id, { status: 'inactive' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({
      id: plan.id,
      status: 'inactive',
      activeSubscriptionsCount: 0,
    });
    expect(reply.body.updatedAt > plan.updatedAt).toBe(true);
    expect(await answerErrors(t, OPERATION, 200, reply.body)).toEqual([]);
    expect(await statusOf(plan.id)).toBe('inactive');
    expect(cancelled.slice(before)).toEqual([plan.id]);
  });

  it('inactive → active; the plan answered', async () => {
    const reply = await patch(SEED_PLAN_IDS.inactive, { status: 'active' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ id: SEED_PLAN_IDS.inactive, status: 'active' });
    expect(await answerErrors(t, OPERATION, 200, reply.body)).toEqual([]);
    expect(await statusOf(SEED_PLAN_IDS.inactive)).toBe('active');
  });

  it('active with 3 active subscriptions → a confirmation token; nothing changes', async () => {
    const plan = await planWith(3);
    const before = cancelled.length;
    const asked = Date.now();
    const confirmation = await confirmationFor(plan.id);
    expect(confirmation).toEqual({
      confirmationToken: expect.stringMatching(/^pct_[A-Za-z0-9_-]{32}$/),
      activeSubscriptionsCount: 3,
      expiresAt: expect.any(String),
      message: expect.stringContaining('3 active subscription(s)'),
    });
    const ttl = Date.parse(confirmation.expiresAt) - asked;
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 1000);
    expect(await answerErrors(t, OPERATION, 200, confirmation)).toEqual([]);
    const read = await t.secret<Plan>(`/v1/subscription-plans/${plan.id}`);
    expect(read.body).toEqual({ ...plan, activeSubscriptionsCount: 3 });
    expect(cancelled.length).toBe(before);
  });

  it('the token sent back confirms: inactive, the subscriptions cancelled, the token used up', async () => {
    const plan = await planWith(3);
    const { confirmationToken } = await confirmationFor(plan.id);
    const before = cancelled.length;
    const reply = await patch(plan.id, { status: 'inactive', confirmationToken });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ id: plan.id, status: 'inactive' });
    expect(cancelled.slice(before)).toEqual([plan.id]);
    // Single use: active again, the same token no longer deactivates it.
    expect((await patch(plan.id, { status: 'active' })).status).toBe(200);
    const again = await patch(plan.id, { status: 'inactive', confirmationToken });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(badRequest('confirmationToken has already been used'));
    expect(await statusOf(plan.id)).toBe('active');
  });

  it('the token is stored only as its SHA-256', async () => {
    const plan = await planWith(1);
    const { confirmationToken } = await confirmationFor(plan.id);
    const rows = await t.sandbox.database.db
      .selectFrom('plan_confirmations')
      .selectAll()
      .where('plan_id', '=', plan.id)
      .execute();
    expect(rows.map((row) => row.token_hash)).toEqual([
      createHash('sha256').update(confirmationToken).digest('hex'),
    ]);
    expect(JSON.stringify(rows)).not.toContain(confirmationToken);
  });

  it('once no subscription is active, a plain deactivation needs no token', async () => {
    const plan = await planWith(2);
    await confirmationFor(plan.id);
    active.set(plan.id, 0);
    const reply = await patch(plan.id, { status: 'inactive' });
    expect(reply.body).toMatchObject({ status: 'inactive' });
  });
});

describe('PATCH …/status: tokens refused (400 saying why, nothing changes)', () => {
  it('a token that was never issued, or another merchant’s', async () => {
    const plan = await planWith(1);
    await confirmationFor(plan.id);
    const wrong = await patch(plan.id, { status: 'inactive', confirmationToken: 'pct_made_up' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(badRequest('confirmationToken is not valid'));
    expect(await answerErrors(t, OPERATION, 400, wrong.body)).toEqual([]);
    const theirs = await planWith(1, OTHER_SECRET);
    const { confirmationToken } = await confirmationFor(theirs.id, OTHER_SECRET);
    const foreign = await patch(plan.id, { status: 'inactive', confirmationToken });
    expect(foreign.body).toEqual(badRequest('confirmationToken is not valid'));
    expect(await statusOf(plan.id)).toBe('active');
  });

  it('another plan’s token; the token still works for its own plan', async () => {
    const first = await planWith(1);
    const second = await planWith(1);
    const { confirmationToken } = await confirmationFor(first.id);
    const crossed = await patch(second.id, { status: 'inactive', confirmationToken });
    expect(crossed.status).toBe(400);
    expect(crossed.body).toEqual(
      badRequest('confirmationToken was issued for another subscription plan'),
    );
    expect(await statusOf(second.id)).toBe('active');
    const own = await patch(first.id, { status: 'inactive', confirmationToken });
    expect(own.body).toMatchObject({ status: 'inactive' });
  });

  it('a token sent to activate a plan', async () => {
    const plan = await planWith(1);
    const { confirmationToken } = await confirmationFor(plan.id);
    await patch(plan.id, { status: 'inactive', confirmationToken });
    const reply = await patch(plan.id, { status: 'active', confirmationToken });
    expect(reply.body).toEqual(
      badRequest('confirmationToken confirms a deactivation only; activating a plan needs none'),
    );
    expect(await statusOf(plan.id)).toBe('inactive');
  });

  it('an expired token: 10 minutes on the merchant’s clock', async () => {
    const plan = await planWith(1, OTHER_SECRET);
    const { confirmationToken } = await confirmationFor(plan.id, OTHER_SECRET);
    const advanced = await t.api('/sandbox/clock/advance', {
      key: OTHER_SECRET,
      body: { days: 1 },
    });
    expect(advanced.status, advanced.text).toBe(200);
    const reply = await patch(plan.id, { status: 'inactive', confirmationToken }, OTHER_SECRET);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(badRequest('confirmationToken has expired; ask for a new one'));
    expect(await statusOf(plan.id, OTHER_SECRET)).toBe('active');
  });
});

describe('PATCH …/status: input, credentials, tenancy', () => {
  it.each([
    [{}, 'status is required'],
    [{ status: 'paused' }, 'status must be one of: "active", "inactive"'],
    [
      { status: 'inactive', confirmationToken: '' },
      'confirmationToken must be at least 1 characters',
    ],
    [{ status: 'inactive', reason: 'x' }, 'reason is not a known field'],
  ])('%o → 400', async (body, message) => {
    const plan = await planWith(0);
    const reply = await patch(plan.id, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(badRequest(message));
    expect(await statusOf(plan.id)).toBe('active');
  });

  it('the status it already has: 400', async () => {
    const plan = await planWith(0);
    const same = await patch(plan.id, { status: 'active' });
    expect(same.body).toEqual(badRequest('subscription plan is already active'));
    await patch(plan.id, { status: 'inactive' });
    const again = await patch(plan.id, { status: 'inactive' });
    expect(again.body).toEqual(badRequest('subscription plan is already inactive'));
  });

  it('unknown, or another merchant’s plan: the spec’s 404, nothing changes', async () => {
    const unknown = await patch('plan_nope', { status: 'inactive' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
    expect(await answerErrors(t, OPERATION, 404, unknown.body)).toEqual([]);
    const stranger = await patch(SEED_PLAN_IDS.weekly, { status: 'inactive' }, OTHER_SECRET);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual(NOT_FOUND);
    expect(await statusOf(SEED_PLAN_IDS.weekly)).toBe('active');
  });

  it('credentials: none 401, a publishable key 403', async () => {
    const none = await t.api(`/v1/subscription-plans/${SEED_PLAN_IDS.weekly}/status`, {
      method: 'PATCH',
      body: { status: 'inactive' },
    });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    const publishable = await patch(SEED_PLAN_IDS.weekly, { status: 'inactive' }, KEYS.publishable);
    expect(publishable.status).toBe(403);
    expect(publishable.body).toEqual({ statusCode: 403, message: 'Forbidden' });
  });

  it('a browser may call it: PATCH is in the CORS preflight’s methods', async () => {
    const reply = await t.api(`/v1/subscription-plans/${SEED_PLAN_IDS.weekly}/status`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://shop.test',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(reply.headers.get('access-control-allow-methods')).toContain('PATCH');
  });
});
