import type { MerchantAccount } from '../accounts/principal';
import type { Tenant } from '../accounts/tenancy';
import type { Charge } from '../charges/store';
import { fromCents } from '../kernel/db/money';
import type { EventKind } from '../kernel/delivery/kinds';
import { newPlanBody } from '../plans/schema';
import type { Services } from '../registry';
import type { SubscriptionRecord } from '../subscriptions/record';
import { newSubscriptionBody } from '../subscriptions/schema';
import {
  billingDayTomorrow,
  daysUntil,
  endsBeforeRenewal,
  TRIGGER_AMOUNT_CENTS,
  TRIGGER_CARDS,
  TRIGGER_CUSTOMER,
} from './rules';
import { cardMethod, chargeInput, type Made, type Recipe } from './trigger-recipe';

/**
 * The recipes of the caller's own charges and subscriptions (`TRIGGER_RECIPES` in `rules.ts`):
 * each a request a merchant could send (`services.charges.create` …), and for a renewal, an
 * advance of the merchant's clock as `POST /sandbox/clock/advance` makes it.
 */

const tenantOf = (caller: MerchantAccount): Tenant => ({ merchantId: caller.id });

const ofCharge = (caller: MerchantAccount, charge: Charge): Made => ({
  owner: caller.id,
  about: charge.id,
  resources: { charge: charge.id, customer: charge.customer.id },
});

/** A card charge on `number`: paid, or declined by its issuer. */
const cardCharge =
  (number: string): Recipe =>
  async (services, caller, kind) =>
    ofCharge(
      caller,
      await services.charges.create(tenantOf(caller), chargeInput(kind, cardMethod(number))),
    );

const pixCharge: Recipe = async (services, caller, kind) =>
  ofCharge(
    caller,
    await services.charges.create(tenantOf(caller), chargeInput(kind, { type: 'pix' })),
  );

const refund: Recipe = async (services, caller, kind) => {
  const tenant = tenantOf(caller);
  const paid = await services.charges.create(
    tenant,
    chargeInput(kind, cardMethod(TRIGGER_CARDS.paid)),
  );
  return ofCharge(caller, await services.charges.refund(tenant, paid.id));
};

/** The merchant's clock now (read, not cached: an advance may just have moved it). */
const clockNow = async (services: Services, merchantId: string): Promise<Date> =>
  new Date((await services.wallets.clock(merchantId)).now);

/**
 * A new monthly plan (ending an hour from now for `ends`) and a subscription to it on `number`,
 * its first charge made at once, its period ending a day from now (`billingDayTomorrow`).
 */
async function subscribe(
  services: Services,
  caller: MerchantAccount,
  kind: EventKind,
  options: { number: string; ends?: boolean },
): Promise<SubscriptionRecord> {
  const tenant = tenantOf(caller);
  const now = await clockNow(services, caller.id);
  const plan = await services.plans.create(
    tenant,
    newPlanBody.parse({
      name: `Event on demand: ${kind}`,
      price: fromCents(TRIGGER_AMOUNT_CENTS),
      currency: 'BRL',
      recurrenceType: 'monthly',
      ...(options.ends ? { endDate: endsBeforeRenewal(now).toISOString() } : {}),
    }),
  );
  return services.subscriptions.create(
    tenant,
    newSubscriptionBody.parse({
      planId: plan.id,
      customer: TRIGGER_CUSTOMER,
      paymentMethod: cardMethod(options.number),
      billingDay: billingDayTomorrow(now),
    }),
  );
}

const ofSubscription = (caller: MerchantAccount, subscription: SubscriptionRecord): Made => ({
  owner: caller.id,
  about: subscription.id,
  resources: {
    plan: subscription.planId,
    customer: subscription.customerId,
    subscription: subscription.id,
    ...(subscription.latestChargeId === null ? {} : { charge: subscription.latestChargeId }),
  },
});

const subscription: Recipe = async (services, caller, kind) =>
  ofSubscription(caller, await subscribe(services, caller, kind, { number: TRIGGER_CARDS.paid }));

/** Subscribes, then cancels or pauses it as `POST /v1/subscriptions/{id}/cancel|pause` does. */
const transition =
  (action: 'cancel' | 'pause'): Recipe =>
  async (services, caller, kind) => {
    const made = await subscribe(services, caller, kind, { number: TRIGGER_CARDS.paid });
    return ofSubscription(
      caller,
      await services.subscriptions.apply(tenantOf(caller), made.id, action),
    );
  };

/**
 * Subscribes, then moves the merchant's clock (by whole days, one as a rule) until its renewal
 * falls due: everything else due on that clock by then happens too, as with
 * `POST /sandbox/clock/advance`. `charge` in the answer is the renewal's.
 */
const renewal =
  (options: { number: string; ends?: boolean }): Recipe =>
  async (services, caller, kind) => {
    const made = await subscribe(services, caller, kind, options);
    const due = made.nextBillingAt ?? made.currentPeriodEnd;
    await services.wallets.advance(caller.id, daysUntil(due, await clockNow(services, caller.id)));
    return ofSubscription(caller, await services.subscriptions.require(tenantOf(caller), made.id));
  };

export const BILLING_RECIPES = {
  paid_charge: cardCharge(TRIGGER_CARDS.paid),
  declined_charge: cardCharge(TRIGGER_CARDS.declined),
  pix_charge: pixCharge,
  refund,
  subscription,
  cancel: transition('cancel'),
  pause: transition('pause'),
  renewal: renewal({ number: TRIGGER_CARDS.paid }),
  declined_renewal: renewal({ number: TRIGGER_CARDS.renewalsDeclined }),
  expiry: renewal({ number: TRIGGER_CARDS.paid, ends: true }),
} as const satisfies Record<string, Recipe>;
