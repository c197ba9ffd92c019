import type { MerchantAccount } from '../accounts/principal';
import { toCents } from '../kernel/db/money';
import type { EventKind } from '../kernel/delivery/kinds';
import type { Review } from '../payouts/rules';
import type { Services } from '../registry';
import { subMerchantListQuery } from '../submerchants/schema';
import { SETTLEMENT_DAYS } from '../wallets/rules';
import {
  ROUND_TRIP,
  subMerchantFor,
  TRIGGER_AMOUNT_CENTS,
  TRIGGER_CARDS,
  TRIGGER_REJECTION,
} from './rules';
import { cardMethod, chargeInput, type Recipe } from './trigger-recipe';

/**
 * The recipes about a sub-merchant (`TRIGGER_RECIPES` in `rules.ts`): its payout request and the
 * administrator's review, its status changed by the administrator. The sub-merchant is the
 * caller when it is one, else the master's first active sub-merchant (`subMerchantFor`).
 */

async function subMerchantOf(
  services: Services,
  caller: MerchantAccount,
  kind: EventKind,
): Promise<MerchantAccount> {
  let first: MerchantAccount | undefined;
  if (caller.kind === 'master') {
    const query = subMerchantListQuery.parse({ status: 'active', orderBy: 'createdAt', size: '1' });
    const [item] = (await services.subMerchants.list(caller.id, query)).data;
    first = item === undefined ? undefined : await services.accounts.merchant(item.id);
  }
  return subMerchantFor(kind, caller, first);
}

/** The sub-merchant's available BRL, in cents, as `GET /v1/wallets` shows it. */
async function availableCents(services: Services, sub: MerchantAccount): Promise<number> {
  const principal = { role: 'merchant', merchant: sub, credential: 'secret' } as const;
  const [wallet] = await services.wallets.list(principal, { currency: 'BRL' });
  return wallet === undefined ? 0 : toCents(Math.max(0, wallet.balance.available));
}

/**
 * A payout request by the sub-merchant, then the administrator's review. A wallet that cannot
 * cover it is funded first the real way: a paid card charge of the sub-merchant, and its clock
 * moved the days a payment takes to settle (`SETTLEMENT_DAYS`).
 */
const payout =
  (review: Review): Recipe =>
  async (services, caller, kind) => {
    const sub = await subMerchantOf(services, caller, kind);
    const funded: Record<string, string> = {};
    if ((await availableCents(services, sub)) < TRIGGER_AMOUNT_CENTS) {
      const charge = await services.charges.create(
        { merchantId: sub.id },
        chargeInput(kind, cardMethod(TRIGGER_CARDS.paid)),
      );
      await services.wallets.advance(sub.id, SETTLEMENT_DAYS);
      funded.charge = charge.id;
    }
    const { id } = await services.payouts.create(sub, TRIGGER_AMOUNT_CENTS);
    await services.payouts.review(id, review);
    return {
      owner: sub.id,
      about: id,
      resources: { subMerchant: sub.id, ...funded, payoutRequest: id },
    };
  };

/**
 * The administrator moves the sub-merchant to `pending` and back to `active`, so it ends as it
 * began: `merchant.updated`, then `merchant.updated` and `merchant.approved`, each recorded for
 * the sub-merchant and for its master. Between the two it may not bill.
 */
const statusRoundTrip: Recipe = async (services, caller, kind) => {
  const sub = await subMerchantOf(services, caller, kind);
  try {
    await services.subMerchants.changeStatus(sub.id, ROUND_TRIP.through);
  } finally {
    // Keys cache their merchant's status, as after the administrator's route.
    services.accounts.forgetKeys();
  }
  try {
    await services.subMerchants.changeStatus(sub.id, ROUND_TRIP.back);
  } finally {
    services.accounts.forgetKeys();
  }
  return { owner: caller.id, about: sub.id, resources: { subMerchant: sub.id } };
};

export const SUB_MERCHANT_RECIPES = {
  payout_approval: payout({ decision: 'approve' }),
  payout_rejection: payout({ decision: 'reject', reason: TRIGGER_REJECTION }),
  status_round_trip: statusRoundTrip,
} as const satisfies Record<string, Recipe>;
