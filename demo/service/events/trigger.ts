import type { MerchantAccount } from '../accounts/principal';
import type { EventKind } from '../kernel/delivery/kinds';
import type { Services } from '../registry';
import { notRecorded, TRIGGER_RECIPES, type TriggerRecipe } from './rules';
import type { Triggered } from './schema';
import { firstEventSince, lastEventSeq } from './store';
import { BILLING_RECIPES } from './trigger-billing';
import type { Recipe } from './trigger-recipe';
import { SUB_MERCHANT_RECIPES } from './trigger-sub-merchant';

/**
 * `POST /sandbox/events/trigger`: makes an event of `kind` through the operations that make it
 * for real (the recipe of `TRIGGER_RECIPES` in `rules.ts`: a charge, a refund, a subscription and
 * a renewal through the merchant's clock, a payout and its review, a status change), so it is
 * stored, fanned out to the endpoints and delivered like any other, each step in its own
 * transaction as the routes make them. Answers the first event of that kind the recipe recorded
 * about what it made, and what it made.
 */

const RECIPES: Readonly<Record<TriggerRecipe, Recipe>> = {
  ...BILLING_RECIPES,
  ...SUB_MERCHANT_RECIPES,
};

export async function triggerEvent(
  services: Services,
  caller: MerchantAccount,
  kind: EventKind,
): Promise<Triggered> {
  const { db } = services.database;
  // Events get increasing `seq`s: those of the recipe come after this one.
  const afterSeq = await lastEventSeq(db);
  const made = await RECIPES[TRIGGER_RECIPES[kind]](services, caller, kind);
  const event = await firstEventSince(db, {
    merchantId: made.owner,
    event: kind,
    resourceId: made.about,
    afterSeq,
  });
  if (event === undefined) throw notRecorded(kind, made.about);
  return { event: { id: event.id, event: kind }, resources: made.resources };
}
