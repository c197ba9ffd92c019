import * as z from 'zod';
import { ApiError, badRequest } from '../http/errors';
import { type AllowedHosts, refuseUrl, refuseUrlShape } from './allowed-hosts';

/** The longest delivery URL a merchant may give. */
export const MAX_DELIVERY_URL_LENGTH = 2048;

/**
 * A field holding a URL the sandbox will POST webhooks to (an endpoint's `url`, a charge's
 * `postbackUrl`). The schema checks what needs no configuration (`refuseUrlShape`), beside the
 * request's other fields; the host, which depends on `SANDBOX_WEBHOOK_HOSTS`, is checked by
 * `requireDeliveryUrl` where the URL is stored.
 */
export const deliveryUrl = z
  .string()
  .max(MAX_DELIVERY_URL_LENGTH)
  .superRefine((value, ctx) => {
    const why = refuseUrlShape(value);
    if (why !== undefined) ctx.addIssue({ code: 'custom', message: why, input: value });
  })
  .meta({ format: 'uri' });

/** `url` when the sandbox may deliver to it; otherwise 400 `<field> <why>`, naming the rule. */
export function requireDeliveryUrl(allowed: AllowedHosts, field: string, url: string): string {
  const why = refuseUrl(allowed, url);
  if (why !== undefined) throw new ApiError(badRequest(`${field} ${why}`));
  return url;
}
