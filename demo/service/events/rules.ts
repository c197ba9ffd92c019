import { DAY_MS } from '../kernel/clock';
import type { DeliveryChannel, MerchantKind } from '../kernel/db/schema';
import { type EventKind, TEST_EVENT } from '../kernel/delivery/kinds';
import { ApiError, badRequest, ownError } from '../kernel/http/errors';

/**
 * A resend's decisions. An event goes again to every enabled endpoint that takes its kind now
 * (`requeueEvent`, kernel/delivery/outbox.ts, finds them); of its earlier deliveries, these
 * channels are copied too: its postback URL, and for a test event the one endpoint it was for.
 */
export const resentChannels = (event: string): readonly DeliveryChannel[] =>
  event === TEST_EVENT ? ['postback', 'endpoint'] : ['postback'];

/** A resend that queued nothing: 400 saying there is nowhere to send it. */
export function mustHaveSomewhereToGo(queued: number, id: string, event: string): void {
  if (queued === 0) {
    throw new ApiError(
      badRequest(
        `event ${id} has nowhere to go: no enabled endpoint takes ${event}, and it had no postback`,
      ),
    );
  }
}

// ---- events on demand (POST /sandbox/events/trigger, `trigger.ts`) --------------------------

/**
 * How each kind is made: through the operations that make it for real, so the event is stored,
 * fanned out and delivered like any other.
 *
 * | recipe | what is done | events it records |
 * |---|---|---|
 * | `paid_charge` | a card charge, paid | `charge.created`, `charge.paid` |
 * | `declined_charge` | a card charge the issuer declines | `charge.created`, `charge.updated` |
 * | `pix_charge` | a PIX charge, its code waiting | `charge.created`, `charge.pending` |
 * | `refund` | a paid card charge, then its refund | … `charge.refunded` |
 * | `subscription` | a subscription to a new plan, its first charge paid | `.created`, `.activated` |
 * | `cancel`, `pause` | that, then cancelled or paused | `.cancelled`, `.paused` |
 * | `renewal` | that, then the merchant's clock moved to its renewal, paid | `.renewed` |
 * | `declined_renewal` | the same with a card whose renewals the issuer declines | `.payment_failed` |
 * | `expiry` | the same on a plan that ends before the renewal | `.expired` |
 * | `payout_approval`, `payout_rejection` | a sub-merchant's payout request, then the administrator's review | `payout.approved`, `payout.rejected` |
 * | `status_round_trip` | a sub-merchant's status to `pending` and back to `active` | `merchant.updated`, then `merchant.updated`, `merchant.approved` |
 */
export type TriggerRecipe =
  | 'paid_charge'
  | 'declined_charge'
  | 'pix_charge'
  | 'refund'
  | 'subscription'
  | 'cancel'
  | 'pause'
  | 'renewal'
  | 'declined_renewal'
  | 'expiry'
  | 'payout_approval'
  | 'payout_rejection'
  | 'status_round_trip';

/** Every kind an endpoint takes, and how the trigger makes it. */
export const TRIGGER_RECIPES = {
  'charge.created': 'paid_charge',
  'charge.pending': 'pix_charge',
  'charge.paid': 'paid_charge',
  'charge.updated': 'declined_charge',
  'charge.refunded': 'refund',
  'subscription.created': 'subscription',
  'subscription.activated': 'subscription',
  'subscription.renewed': 'renewal',
  'subscription.payment_failed': 'declined_renewal',
  'subscription.cancelled': 'cancel',
  'subscription.paused': 'pause',
  'subscription.expired': 'expiry',
  'payout.approved': 'payout_approval',
  'payout.rejected': 'payout_rejection',
  'merchant.approved': 'status_round_trip',
  'merchant.updated': 'status_round_trip',
} as const satisfies Record<EventKind, TriggerRecipe>;

/** The test cards the recipes charge (docs/sandbox.md, "Test cards"). */
export const TRIGGER_CARDS = {
  paid: '4111111111111111',
  declined: '4000000000000150',
  renewalsDeclined: '4000000000000341',
} as const;

/** What a trigger's charges, plans and payouts are worth, in cents (BRL). */
export const TRIGGER_AMOUNT_CENTS = 10_00;

/** The customer the trigger's charges and subscriptions are for (found again by its e-mail). */
export const TRIGGER_CUSTOMER = {
  name: 'Events on demand',
  email: 'events-on-demand@sandbox.test',
};

export const TRIGGER_REJECTION = 'rejected by POST /sandbox/events/trigger';

/** The status a sub-merchant passes through and the one it comes back to (`status_round_trip`). */
export const ROUND_TRIP = { through: 'pending', back: 'active' } as const;

/** The recipes about a sub-merchant (its payout, its status) rather than the caller's own data. */
export const needsSubMerchant = (recipe: TriggerRecipe): boolean =>
  recipe === 'payout_approval' || recipe === 'payout_rejection' || recipe === 'status_round_trip';

/**
 * The sub-merchant a recipe acts on: the caller itself when it is one (active, or the route
 * refused it), else the master's first active sub-merchant; none is a 422 saying why.
 */
export function subMerchantFor<M extends { kind: MerchantKind }>(
  kind: EventKind,
  caller: M,
  firstActiveSub: M | undefined,
): M {
  if (caller.kind === 'sub') return caller;
  if (firstActiveSub !== undefined) return firstActiveSub;
  throw new ApiError(
    ownError(
      422,
      `${kind} is about a sub-merchant (its payout or its status): this merchant has no active sub-merchant`,
    ),
  );
}

/**
 * The billing day whose period ends one day from `now` (the time of day is kept): a renewal is
 * then one day of the merchant's clock away, not a month.
 */
export const billingDayTomorrow = (now: Date): number =>
  new Date(now.getTime() + DAY_MS).getUTCDate();

/** Whole days the merchant's clock moves for `due` to have come (at least one). */
export const daysUntil = (due: Date, now: Date): number =>
  Math.max(1, Math.ceil((due.getTime() - now.getTime()) / DAY_MS));

/** A plan that ends before its first renewal falls due (`expiry`): an hour from `now`. */
export const endsBeforeRenewal = (now: Date): Date => new Date(now.getTime() + 60 * 60 * 1000);

/** The recipe ran but recorded no event of its kind: the sandbox's fault, a 500. */
export const notRecorded = (kind: string, resourceId: string): Error =>
  new Error(`the trigger of ${kind} made ${resourceId} but recorded no ${kind}`);
