// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { charge } from '../../testing/charges';
import { createPlan } from '../../testing/plans';
import { useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import { DAY_MS } from '../kernel/clock';

const t = useSandbox();

const OUTRA = 'sk_test_noconnect';
const advance = async (key: string, days: number) => {
  const reply = await t.api('/sandbox/clock/advance', { key, body: { days } });
  expect(reply.status).toBe(200);
};
/** Runs `make`; answers the real time before and after it, moved by `days`. */
async function within<T>(days: number, make: () => Promise<T>) {
  const from = Date.now() + days * DAY_MS;
  const made = await make();
  return { made, from, to: Date.now() + days * DAY_MS };
}
const expectBetween = (iso: string | undefined, { from, to }: { from: number; to: number }) => {
  const at = Date.parse(iso ?? '');
  expect(at).toBeGreaterThanOrEqual(from);
  expect(at).toBeLessThanOrEqual(to);
};

interface Timed {
  id: string;
  createdAt: string;
  updatedAt: string;
  paidAt?: string;
  refundedAt?: string;
  customer?: { id: string };
}

describe('records are timed on their merchant’s clock', () => {
  it('a charge, its customer, its refund and its settlement, after an advance of 10 days', async () => {
    await advance(OUTRA, 10);
    const made = await within(10, () =>
      t.api<Timed>('/v1/charges', { key: OUTRA, body: charge({ amount: 25 }) }),
    );
    const created = made.made.body;
    expectBetween(created.createdAt, made);
    expectBetween(created.paidAt, made);
    const customer = await t.api<Timed>(`/v1/customers/${created.customer?.id}`, { key: OUTRA });
    expectBetween(customer.body.createdAt, made);

    const refund = await within(10, () =>
      t.api<Timed>(`/v1/charges/${created.id}/refund`, { key: OUTRA, method: 'POST' }),
    );
    expectBetween(refund.made.body.refundedAt, refund);

    const entry = await t.sandbox.database.db
      .selectFrom('balance_entries')
      .select('settles_at')
      .where('reference_id', '=', created.id)
      .where('kind', '=', 'charge')
      .executeTakeFirstOrThrow();
    expect(entry.settles_at.getTime()).toBe(Date.parse(created.paidAt ?? '') + 2 * DAY_MS);
  });

  it('a card and a plan; another advance is seen at once; another merchant keeps the real time', async () => {
    await advance(OUTRA, 5);
    const card = await within(15, () =>
      t.api<Timed>('/v1/cards', {
        key: OUTRA,
        body: {
          number: '4111111111111111',
          holderName: 'Ana Souza',
          expirationMonth: '12',
          expirationYear: '2030',
        },
      }),
    );
    expect(card.made.status, card.made.text).toBe(201);
    expectBetween(card.made.body.createdAt, card);
    const plan = await within(15, () => createPlan(t, {}, OUTRA));
    expectBetween(plan.made.createdAt, plan);

    const other = await within(0, () =>
      t.api<Timed>('/v1/charges', { key: 'sk_test_sandbox', body: charge() }),
    );
    expectBetween(other.made.body.createdAt, other);
  });

  it('a payout request and its review, on the sub-merchant’s clock', async () => {
    await advance('sk_test_sub', 3);
    const created = await within(3, () =>
      t.as<{ id: string }>('sub@sandbox.test', `/v1/submerchants/${IDS.subAtiva}/payout-requests`, {
        body: { amount: 10 },
      }),
    );
    expect(created.made.status, created.made.text).toBe(201);
    const reviewed = await within(3, () =>
      t.as<{ processedAt: string }>(
        'admin@sandbox.test',
        `/v1/payout-requests/${created.made.body.id}/approve`,
        { method: 'POST' },
      ),
    );
    expect(reviewed.made.status, reviewed.made.text).toBe(200);
    const read = await t.as<Timed & { processedAt: string }>(
      'admin@sandbox.test',
      `/v1/payout-requests/${created.made.body.id}`,
    );
    expectBetween(read.body.createdAt, created);
    expectBetween(read.body.processedAt, reviewed);
  });
});
