// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../../testing/sandbox';
import { PATH } from '../../testing/subscriptions';
import type { Plan } from '../plans/schema';
import { SEED_PLAN_IDS as PLANS } from '../plans/seed';
import { SUBSCRIPTION_STATUSES, type Subscription } from './schema';
import { SEED_SUBSCRIPTION_IDS as SEEDED } from './seed';

const t = useSandbox();
const list = (query: string) =>
  t.secret<{ data: Subscription[]; meta: { total: number } }>(`${PATH}?${query}`);

describe('the seeded subscriptions', () => {
  it('every status filter, customerId and search answer something; records conform', async () => {
    for (const status of SUBSCRIPTION_STATUSES) {
      const reply = await list(`status=${status}`);
      expect(reply.body.data.length, status).toBeGreaterThan(0);
    }
    expect((await list('customerId=cus_sandbox_john')).body.data.map((s) => s.id)).toEqual([
      SEEDED.pending,
    ]);
    expect((await list('search=ana.souza')).body.meta.total).toBe(4);
    expect((await list('search=revista')).body.data.map((s) => s.id)).toEqual([SEEDED.cancelled]);
  });

  it('the active one is billed ahead of now; the monthly plan counts its active subscription', async () => {
    const active = (await t.secret<Subscription>(`${PATH}/${SEEDED.active}`)).body;
    expect(new Date(active.nextBillingAt ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(active).toMatchObject({ planId: PLANS.monthly, customer: { name: 'Ana Souza' } });
    const plan = (await t.secret<Plan>(`/v1/subscription-plans/${PLANS.monthly}`)).body;
    expect(plan.activeSubscriptionsCount).toBe(1);
  });
});
