import type { Insertable } from 'kysely';
import { SEED_MERCHANT_IDS } from '../accounts/seed';
import type { SubscriptionStatus, SubscriptionsTable } from '../kernel/db/schema';
import { SEED_PLAN_IDS } from '../plans/seed';
import { nextBillingDate, type Recurrence } from './calendar';

const DAY_MS = 86_400_000;

/**
 * Loja Exemplo's seeded subscriptions, one per status, on the seeded customers' cards, so that
 * every filter of the list answers something. Periods are placed around the seed's time, so an
 * active subscription's next billing is ahead of it.
 */
export const SEED_SUBSCRIPTION_IDS = {
  active: 'sub_sandbox_active',
  paused: 'sub_sandbox_paused',
  cancelled: 'sub_sandbox_cancelled',
  pending: 'sub_sandbox_pending',
  expired: 'sub_sandbox_expired',
} as const;

const MONTHLY: Recurrence = { recurrenceType: 'monthly', recurrenceInterval: null };
const WEEKLY: Recurrence = { recurrenceType: 'weekly', recurrenceInterval: null };
const QUARTERLY: Recurrence = { recurrenceType: 'custom', recurrenceInterval: 3 };

export function seedSubscriptionRows(now = new Date()): Insertable<SubscriptionsTable>[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const seed = (
    id: string,
    status: SubscriptionStatus,
    planId: string,
    recurrence: Recurrence,
    customerId: string,
    cardId: string,
    startDaysAgo: number,
    extra: Partial<Insertable<SubscriptionsTable>> = {},
  ): Insertable<SubscriptionsTable> => {
    const start = daysAgo(startDaysAgo);
    const billingDay = start.getUTCDate();
    const end = nextBillingDate(start, recurrence, billingDay);
    return {
      id,
      merchant_id: SEED_MERCHANT_IDS.lojaExemplo,
      plan_id: planId,
      customer_id: customerId,
      card_id: cardId,
      status,
      billing_day: billingDay,
      current_period_start: start,
      current_period_end: end,
      next_billing_at: status === 'active' ? end : null,
      metadata: JSON.stringify({ seed: 'sandbox' }),
      created_at: start,
      updated_at: start,
      ...extra,
    };
  };
  const { monthly, weekly, quarterly } = SEED_PLAN_IDS;
  const ana = 'cus_sandbox_ana';
  return [
    seed(SEED_SUBSCRIPTION_IDS.active, 'active', monthly, MONTHLY, ana, 'card_sandbox_visa', 10),
    seed(SEED_SUBSCRIPTION_IDS.paused, 'paused', weekly, WEEKLY, ana, 'card_sandbox_challenge', 3, {
      paused_at: daysAgo(1),
      updated_at: daysAgo(1),
    }),
    seed(
      SEED_SUBSCRIPTION_IDS.cancelled,
      'cancelled',
      quarterly,
      QUARTERLY,
      ana,
      'card_sandbox_visa',
      40,
      {
        cancelled_at: daysAgo(20),
        cancellation_type: 'requested',
        updated_at: daysAgo(20),
      },
    ),
    seed(
      SEED_SUBSCRIPTION_IDS.pending,
      'pending_activation',
      monthly,
      MONTHLY,
      'cus_sandbox_john',
      'card_sandbox_pending',
      2,
      // Its first charge and yesterday's retry failed; the next retry falls due now.
      { failed_attempts: 2, next_billing_at: now },
    ),
    seed(SEED_SUBSCRIPTION_IDS.expired, 'expired', weekly, WEEKLY, ana, 'card_sandbox_visa', 120, {
      updated_at: daysAgo(113),
    }),
  ];
}
