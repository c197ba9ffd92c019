import type { NewCharge, PaymentMethodInput } from '../charges/schema';
import { fromCents } from '../kernel/db/money';

/** What a period's charge takes of its plan. */
export interface PlanPrice {
  name: string;
  priceCents: number;
  currency: string;
}

/**
 * The charge of one period (the first at creation, each renewal and retry): the plan's price in
 * its currency, for the subscription's customer, with the plan as its one item.
 */
export function periodCharge(
  plan: PlanPrice,
  customerId: string,
  paymentMethod: PaymentMethodInput,
): NewCharge {
  const price = fromCents(plan.priceCents);
  return {
    amount: price,
    currency: plan.currency,
    customer: { id: customerId },
    paymentMethod,
    items: [{ type: 'service', name: plan.name, quantity: 1, amount: price }],
  };
}
