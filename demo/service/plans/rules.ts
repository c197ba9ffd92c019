import type { PlanStatus } from '../kernel/db/schema';
import { ApiError, badRequest } from '../kernel/http/errors';

/**
 * The plans' decisions, pure: when a plan may be created with an end, which status changes are
 * allowed, when deactivating needs a confirmation and when that confirmation is good. The store
 * reads and writes (`store.ts`); what a subscription may do with a plan is `subscriptions/rules.ts`.
 */

/** How long a deactivation's confirmation token is valid, on the merchant's clock. */
export const CONFIRMATION_TTL_MS = 10 * 60 * 1000;

/** A new plan's `endDate`, when it has one, is in the future on the merchant's clock (else 400). */
export function mustEndInFuture(endDate: Date | null, now: Date): void {
  if (endDate !== null && !(endDate > now)) {
    throw new ApiError(badRequest(`endDate must be in the future (now ${now.toISOString()})`));
  }
}

const tokenRefused = (why: string) => new ApiError(badRequest(`confirmationToken ${why}`));

/**
 * The spec's transitions: inactive → active, active → inactive; to the status the plan has is a
 * 400, and so is a confirmation token sent with an activation (only a deactivation takes one).
 */
export function mustChangeStatus(
  current: PlanStatus,
  change: { status: PlanStatus; confirmationToken?: string },
): void {
  if (current === change.status) {
    throw new ApiError(badRequest(`subscription plan is already ${change.status}`));
  }
  if (change.status === 'active' && change.confirmationToken !== undefined) {
    throw tokenRefused('confirms a deactivation only; activating a plan needs none');
  }
}

/**
 * A deactivation that would cancel active subscriptions is not done at once: it answers a
 * confirmation token that a second call sends back. None: the plan is deactivated at once.
 */
export const needsConfirmation = (activeSubscriptions: number): boolean => activeSubscriptions > 0;

/** When a confirmation asked for at `now` stops being good. */
export const confirmationExpiry = (now: Date): Date =>
  new Date(now.getTime() + CONFIRMATION_TTL_MS);

/** What the confirmation's answer tells the merchant. */
export const confirmationMessage = (activeSubscriptions: number): string =>
  `the plan has ${activeSubscriptions} active subscription(s), which deactivating it cancels; to confirm, send status inactive again with this confirmationToken within 10 minutes`;

/** What the check reads of a stored confirmation. */
interface Confirmation {
  plan_id: string;
  used_at: Date | null;
  expires_at: Date;
}

/**
 * The token sent back is good for this plan's deactivation: one of this merchant's (`found`),
 * issued for this plan, unused and not expired by `now`; else a 400 saying which.
 */
export function mustConfirm<T extends Confirmation>(
  found: T | undefined,
  planId: string,
  now: Date,
): asserts found is T {
  if (found === undefined) throw tokenRefused('is not valid');
  if (found.plan_id !== planId) throw tokenRefused('was issued for another subscription plan');
  if (found.used_at !== null) throw tokenRefused('has already been used');
  if (found.expires_at <= now) throw tokenRefused('has expired; ask for a new one');
}
