import type { Principal } from '../accounts/principal';
import type { MerchantStatus } from '../kernel/db/schema';
import { ApiError, badRequest, forbiddenBecause } from '../kernel/http/errors';

/**
 * The sub-merchants' decisions: who lists them, and the administrator's status changes. What a
 * status allows (billing only while `active`) is the accounts' rule (`accounts/rules.ts`).
 */

/** Only a master lists sub-merchants (after its key): a sub-merchant's key gets 403 naming why. */
export function mustBeMaster(principal: Principal): void {
  if (principal.role !== 'merchant' || principal.merchant.kind !== 'master') {
    throw new ApiError(
      forbiddenBecause('only a master merchant lists sub-merchants; this key is a sub-merchant’s'),
    );
  }
}

/** The column a status's date goes in when a sub-merchant moves to it (`pending` has none). */
export const STATUS_DATE = {
  active: 'approved_at',
  rejected: 'rejected_at',
  blocked: 'blocked_at',
  inactive: 'inactivated_at',
  pending: undefined,
} as const satisfies Record<MerchantStatus, string | undefined>;

export interface StatusChange {
  /** Where the change's date goes, besides `updated_at`. */
  dateColumn: (typeof STATUS_DATE)[MerchantStatus];
  /** The events recorded for the sub-merchant and for its master, in this order. */
  events: readonly string[];
}

/**
 * The administrator's status change: any status may move to any other (the sandbox lets QA reach
 * every state); moving to the one it has is a 400. Each change is `merchant.updated`; becoming
 * `active` is also `merchant.approved`.
 */
export function statusChange(current: MerchantStatus, next: MerchantStatus): StatusChange {
  if (current === next) throw new ApiError(badRequest(`sub-merchant is already ${next}`));
  return {
    dateColumn: STATUS_DATE[next],
    events: next === 'active' ? ['merchant.updated', 'merchant.approved'] : ['merchant.updated'],
  };
}
