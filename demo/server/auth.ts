import type { MiddlewareHandler } from 'hono';
import { ApiError, spec } from './http-errors';

export type KeyKind = 'publishable' | 'secret';

export interface ApiKey {
  key: string;
  kind: KeyKind;
  merchantId: string;
  /** `pk_test_inactive` belongs to a sub-merchant that is not active. */
  merchantActive: boolean;
}

export const SANDBOX_KEYS = {
  publishable: 'pk_test_sandbox',
  secret: 'sk_test_sandbox',
  inactive: 'pk_test_inactive',
} as const;

export const SANDBOX_MERCHANT_ID = 'mer_sandbox';

const KEYS: ReadonlyMap<string, ApiKey> = new Map(
  [
    {
      key: SANDBOX_KEYS.publishable,
      kind: 'publishable',
      merchantId: SANDBOX_MERCHANT_ID,
      merchantActive: true,
    },
    {
      key: SANDBOX_KEYS.secret,
      kind: 'secret',
      merchantId: SANDBOX_MERCHANT_ID,
      merchantActive: true,
    },
    {
      key: SANDBOX_KEYS.inactive,
      kind: 'publishable',
      merchantId: 'mer_inactive',
      merchantActive: false,
    },
  ].map((entry) => [entry.key, entry as ApiKey]),
);

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The spec's Basic scheme: `Basic base64(<key>:)`, the key as username and an empty password.
 * Anything else (absent, another scheme, bad base64, no colon, a password, an unknown key) is
 * undefined, which the caller answers with 401.
 */
export function keyFromHeader(header: string | undefined): ApiKey | undefined {
  const match = /^Basic +([^ ]+) *$/i.exec(header ?? '');
  const encoded = match?.[1];
  if (encoded === undefined || !BASE64.test(encoded) || encoded.length % 4 === 1) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1 || colon !== decoded.length - 1) return undefined;
  return KEYS.get(decoded.slice(0, colon));
}

export type ApiEnv = { Variables: { apiKey: ApiKey } };

/**
 * `three_ds`: the 3DS endpoints, which the spec describes with both the publishable and the
 * secret key; an inactive sub-merchant gets the spec's 422.
 * `secret`: everything a merchant's server calls; a publishable key gets 403.
 */
export const requireKey =
  (access: 'three_ds' | 'secret'): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    const apiKey = keyFromHeader(c.req.header('Authorization'));
    if (apiKey === undefined) throw new ApiError(spec.unauthorized());
    if (access === 'secret' && apiKey.kind !== 'secret') throw new ApiError(spec.forbidden());
    if (access === 'three_ds' && !apiKey.merchantActive) {
      throw new ApiError(spec.inactiveSubMerchant());
    }
    c.set('apiKey', apiKey);
    await next();
  };

/** The header a client sends for a key. */
export const basicAuth = (key: string): string =>
  `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
