import type { Kysely, Transaction } from 'kysely';
import { mayBill, NOT_ACTIVE_FAILURE } from '../accounts/rules';
import type { Tenant } from '../accounts/tenancy';
import type { ChargeParties, ChargeStore, RefundHook } from '../charges/store';
import type { DueWindow, DueWork } from '../kernel/clock';
import type { Schema } from '../kernel/db/schema';
import { ApiError } from '../kernel/http/errors';
import { recordSubscriptionEvents } from './events';
import { periodCharge } from './period-charge';
import { type SubscriptionWithNames, toSubscriptionRecord } from './record';
import { subscriptionsWithNames } from './rows';
import { afterCharge, type DueSubscription, dueAt, expiry, type Step } from './rules';

/**
 * Renewals on the merchant's clock. When an advance goes past a subscription's `next_billing_at`,
 * the payment that fell due is made then (a real charge of the plan's price on the subscription's
 * card, timed at the due moment), and the subscription moves on:
 *
 * | status before | the charge | after | event |
 * |---|---|---|---|
 * | active | paid | next period (from the end of the paid one) | `subscription.renewed` |
 * | pending_activation | paid | active, a period from now | `subscription.activated` |
 * | either | declined, attempts left | unchanged, tried again 1 day later | `subscription.payment_failed` |
 * | either | declined, the last attempt | cancelled (`payment_failed`) | `.payment_failed`, `.cancelled` |
 * | either | (plan ended by then: not charged) | expired | `subscription.expired` |
 *
 * A sub-merchant that is not active may not bill (`accounts/rules.ts`): each payment that falls
 * due is a charge `failed` with `failureReason: 'sub_merchant_inactive'` (no card tried, no money),
 * so it fails, is retried and cancels the subscription as a declined one does.
 *
 * One advance may cross many periods: the work repeats until nothing is due by the advance's end,
 * each subscription taking one step per round, earliest due first. Each step's decision is
 * `rules.ts` (`expiry`, `afterCharge`, `MAX_PAYMENT_ATTEMPTS`); this file loads, charges, writes.
 */

/** Subscriptions taken per round (locked together in the advance's transaction). */
const ROUND_SIZE = 200;

/** A due subscription with what its renewal needs of its plan. */
type DueRow = SubscriptionWithNames & DueSubscription;

/** The subscriptions of the merchant due by `to`, earliest first, locked until the advance commits. */
const dueBy = (trx: Transaction<Schema>, merchantId: string, to: Date) =>
  subscriptionsWithNames(trx)
    .select([
      'subscription_plans.recurrence_type',
      'subscription_plans.recurrence_interval',
      'subscription_plans.end_date as plan_end_date',
    ])
    .where('subscriptions.merchant_id', '=', merchantId)
    .where('subscriptions.status', 'in', ['active', 'pending_activation'])
    .where('subscriptions.next_billing_at', '<=', to)
    .orderBy('subscriptions.next_billing_at')
    .orderBy('subscriptions.id')
    .limit(ROUND_SIZE)
    .forUpdate('subscriptions')
    .execute() as Promise<DueRow[]>;

/** Events recorded by one advance's due work, by name. */
export type DueCounts = Record<string, number>;

/**
 * The due work of the merchant's clock (`WalletStore.addDueWork`): every payment that falls due
 * in the advance, in its transaction. Answers how many of each event it recorded.
 */
export function renewalsDue(charges: ChargeStore, log: (line: string) => void): DueWork {
  return async ({ db, merchantId, to }: DueWindow): Promise<DueCounts> => {
    const counts: DueCounts = {};
    let refusal: Promise<string | undefined> | undefined;
    const renewal: Renewal = {
      db,
      charges,
      tenant: { merchantId },
      parties: new Map(),
      refusal: () => {
        refusal ??= refusalOf(db, merchantId);
        return refusal;
      },
    };
    for (;;) {
      const due = await dueBy(db, merchantId, to);
      if (due.length === 0) break;
      for (const row of due) {
        const step = await stepOf(renewal, row);
        const after = toSubscriptionRecord({ ...row, ...step.change } as SubscriptionWithNames);
        await recordSubscriptionEvents(db, after, step.events, (trx) =>
          trx
            .updateTable('subscriptions')
            .set(step.change)
            .where('id', '=', row.id)
            .where('merchant_id', '=', merchantId)
            .returning('id'),
        );
        for (const event of step.events) counts[event] = (counts[event] ?? 0) + 1;
      }
    }
    const summary = Object.entries(counts).map(([event, n]) => `${n} ${event}`);
    if (summary.length > 0)
      log(`subscriptions: ${merchantId} clock advanced: ${summary.join(', ')}`);
    return counts;
  };
}

/** One advance's renewals: its transaction, and each subscription's card and customer. */
interface Renewal {
  db: Transaction<Schema>;
  charges: ChargeStore;
  tenant: Tenant;
  /** Looked up once per subscription and advance, however many periods it crosses. */
  parties: Map<string, Promise<ChargeParties>>;
  /** Why the merchant may not bill (`refusalOf`), read once per advance, when a payment is due. */
  refusal: () => Promise<string | undefined>;
}

/** The `failureReason` of the merchant's payments while it may not bill, read in the advance. */
async function refusalOf(db: Kysely<Schema>, merchantId: string): Promise<string | undefined> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['kind', 'status'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return mayBill(merchant) ? undefined : NOT_ACTIVE_FAILURE;
}

/** Expires the subscription, or charges the payment due and decides from the charge. */
async function stepOf(renewal: Renewal, row: DueRow): Promise<Step> {
  const { db, charges, tenant, parties } = renewal;
  const due = dueAt(row);
  const expired = expiry(row, due);
  if (expired !== undefined) return expired;
  const input = periodCharge(
    { name: row.plan_name, priceCents: Number(row.plan_price_cents), currency: row.plan_currency },
    row.customer_id,
    {
      variant: 'saved_card',
      method: { type: 'credit_card', cardTokenId: row.card_id, installments: 1 },
    },
  );
  // Read before the lookup starts: a lookup that fails while this is awaited would be a
  // rejection nobody handles yet.
  const refusal = await renewal.refusal();
  let looked = parties.get(row.id);
  if (looked === undefined) {
    looked = charges.parties(db, tenant, input);
    parties.set(row.id, looked);
  }
  try {
    const options = { at: due, merchantInitiated: true, parties: await looked, refusal };
    return afterCharge(row, due, await charges.createIn(db, tenant, input, options));
  } catch (error) {
    // The card can no longer be charged (e.g. it was deactivated): a failed attempt, no charge.
    if (error instanceof ApiError) return afterCharge(row, due, undefined);
    throw error;
  }
}

/** A refund of a subscription's latest payment marks the subscription `refunded`. */
export const markRefunded: RefundHook = async (trx, tenant, charge) => {
  await trx
    .updateTable('subscriptions')
    .set({ refunded: true, updated_at: charge.refundedAt ?? charge.updatedAt })
    .where('merchant_id', '=', tenant.merchantId)
    .where('latest_charge_id', '=', charge.id)
    .execute();
};
