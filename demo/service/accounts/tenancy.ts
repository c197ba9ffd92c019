import { ApiError, spec } from '../kernel/http/errors';
import type { Principal } from './principal';

/**
 * Tenancy: every resource row has `merchant_id`, and a store reads and writes only through a
 * `Tenant` (`where <table>.merchant_id = tenant.merchantId` on every query). Another merchant's row is then simply not found (the spec's 404) and never listed.
 */
export interface Tenant {
  readonly merchantId: string;
}

/** The tenant of a merchant principal; the administrator has no resources of its own (403). */
export function tenantOf(principal: Principal): Tenant {
  if (principal.role !== 'merchant') throw new ApiError(spec.forbidden());
  return { merchantId: principal.merchant.id };
}
