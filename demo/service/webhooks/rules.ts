import { ApiError, badRequest } from '../kernel/http/errors';

/**
 * The webhook endpoints' decisions. Which kinds an endpoint may name (known kinds, or `*` alone)
 * is checked with the body (`endpoints-schema.ts`); where the sandbox may deliver, by
 * `kernel/delivery/delivery-url.ts`.
 */

/** A merchant may keep this many endpoints. */
export const MAX_ENDPOINTS = 20;

/** A new endpoint when the merchant keeps `count` already: 400 once it has `MAX_ENDPOINTS`. */
export function mustHaveRoomForEndpoint(count: number): void {
  if (count >= MAX_ENDPOINTS) {
    throw new ApiError(badRequest(`a merchant may keep at most ${MAX_ENDPOINTS} endpoints`));
  }
}
