import type { MerchantAccount } from '../accounts/principal';
import { ApiError, spec } from '../kernel/http/errors';

/**
 * Whose fees a caller reads (`GET /v1/connect/sub-accounts/{id}/fees-info`), as the spec says: a
 * sub-account always its own, whatever `{id}`; a master needs `enable_connect` (403, checked
 * first), then `{id}` must be one of its sub-merchants (`mustBeOwnSubAccount`).
 */
export function feesTarget(
  caller: MerchantAccount,
  id: string,
): { kind: 'own'; merchantId: string } | { kind: 'subOf'; masterId: string; subId: string } {
  if (caller.kind === 'sub') return { kind: 'own', merchantId: caller.id };
  if (!caller.capabilities.includes('enable_connect')) throw new ApiError(spec.connectRequired());
  return { kind: 'subOf', masterId: caller.id, subId: id };
}

/**
 * A master's `{id}` that is not one of its sub-merchants (its own id, another master's
 * sub-merchant, an unknown or malformed id): the spec's 404 `sub-account not found`.
 */
export function mustBeOwnSubAccount(isOwn: boolean): void {
  if (!isOwn) throw new ApiError(spec.subAccountNotFound());
}
