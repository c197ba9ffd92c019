// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createPlan } from '../../testing/plans';
import { useSandbox } from '../../testing/sandbox';
import { createSubscription } from '../../testing/subscriptions';
import type { StoredEvent } from '../events/schema';
import { DAY_MS } from '../kernel/clock';
import type { Subscription } from './schema';

// Each recurrence renewed through the HTTP API, on Outra Loja's clock (no seeded subscriptions).
const t = useSandbox();
const KEY = 'sk_test_noconnect';

const advance = async (days: number) => {
  const reply = await t.api<{ now: string }>('/sandbox/clock/advance', {
    key: KEY,
    body: { days },
  });
  expect(reply.status, reply.text).toBe(200);
  return new Date(reply.body.now);
};
const now = async () =>
  new Date((await t.api<{ now: string }>('/sandbox/clock', { key: KEY })).body.now);
/** The periods each renewal started, oldest first. */
const renewedPeriods = async (id: string) => {
  const reply = await t.api<{ data: StoredEvent[] }>(
    `/sandbox/events?resourceId=${id}&event=subscription.renewed&limit=100&orderBy=createdAt`,
    { key: KEY },
  );
  return reply.body.data.map((e) => e.data as Subscription);
};
const subscribe = (planId: string, billingDay: number, name: string) =>
  createSubscription(
    t,
    planId,
    { billingDay, customer: { name, email: `${name.toLowerCase()}@example.com` } },
    KEY,
  );
const ymd = (iso: string) => iso.slice(0, 10);

describe('renewals of each recurrence', () => {
  it('biweekly: every 14 days', async () => {
    const plan = await createPlan(t, { name: 'Quinzenal', recurrenceType: 'biweekly' }, KEY);
    const sub = await subscribe(plan.id, 1, 'Quinzena');
    await advance(42);
    const periods = await renewedPeriods(sub.id);
    expect(periods).toHaveLength(3);
    let start = Date.parse(sub.currentPeriodEnd);
    for (const period of periods) {
      expect(Date.parse(period.currentPeriodStart)).toBe(start);
      expect(Date.parse(period.currentPeriodEnd)).toBe(start + 14 * DAY_MS);
      start += 14 * DAY_MS;
    }
  });

  it('custom, every 2 months on the billing day', async () => {
    const plan = await createPlan(
      t,
      { name: 'Bimestral', recurrenceType: 'custom', recurrenceInterval: 2 },
      KEY,
    );
    const sub = await subscribe(plan.id, 10, 'Bimestre');
    await advance(190);
    const periods = await renewedPeriods(sub.id);
    expect(periods.length).toBeGreaterThanOrEqual(2);
    for (const period of periods) {
      const start = new Date(period.currentPeriodStart);
      const end = new Date(period.currentPeriodEnd);
      expect(start.getUTCDate()).toBe(10);
      expect(end.getUTCDate()).toBe(10);
      const months =
        (end.getUTCFullYear() - start.getUTCFullYear()) * 12 +
        end.getUTCMonth() -
        start.getUTCMonth();
      expect(months).toBe(2);
    }
  });

  it('monthly on day 31 through the next 29 February (a leap year), then back to 31', async () => {
    const plan = await createPlan(t, { name: 'Mensal 31' }, KEY);
    const sub = await subscribe(plan.id, 31, 'Bissexto');
    const from = await now();
    let year = from.getUTCFullYear();
    const leapDay = () => new Date(Date.UTC(year, 1, 29, 23, 59));
    while (new Date(Date.UTC(year, 1, 29)).getUTCMonth() !== 1 || leapDay() <= from) year += 1;
    await advance(Math.ceil((leapDay().getTime() - from.getTime()) / DAY_MS) + 35);
    const starts = (await renewedPeriods(sub.id)).map((p) => ymd(p.currentPeriodStart));
    expect(starts).toContain(`${year}-02-29`);
    expect(starts).toContain(`${year}-03-31`);
    expect(starts).toContain(`${year}-01-31`);
    for (const day of starts) {
      const [y, m] = day.split('-').map(Number) as [number, number];
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      expect(Number(day.slice(8))).toBe(Math.min(31, last));
    }
  });
});
