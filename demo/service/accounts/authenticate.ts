import type { MiddlewareHandler } from 'hono';
import type { Role } from '../kernel/db/schema';
import { documented } from '../kernel/http/documented';
import { ApiError, spec } from '../kernel/http/errors';
import type { AccountStore } from './account-store';
import type { ApiEnv } from './api-env';
import type { MerchantGates } from './merchant-gates';
import type { Principal } from './principal';
import { mustBeActive } from './rules';
import type { TokenService } from './tokens';

export type { ApiEnv, ApiKey } from './api-env';

/**
 * The services a credential is checked against: the route factory's registry
 * (`registry.ts`), passed on as it is (`requireKey(services, 'secret')`).
 */
export interface Credentials {
  readonly accounts: AccountStore;
  readonly tokens: TokenService;
  /** What a merchant's request goes through after its credentials, before its operation. */
  readonly gates?: MerchantGates;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The spec's Basic scheme: `Basic base64(<key>:)`, the key as username and an empty password.
 * Anything else (absent, another scheme, bad base64, no colon, a password) is undefined.
 */
export function keyFromHeader(header: string | undefined): string | undefined {
  const match = /^Basic +([^ ]+) *$/i.exec(header ?? '');
  const encoded = match?.[1];
  if (encoded === undefined || !BASE64.test(encoded) || encoded.length % 4 === 1) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1 || colon !== decoded.length - 1) return undefined;
  return decoded.slice(0, colon);
}

/** `Bearer <JWT>`: three base64url parts; anything else is undefined. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  return /^Bearer +([A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*) *$/i.exec(header ?? '')?.[1];
}

/**
 * `three_ds`: the three 3DS endpoints, which take the publishable or the secret key; a
 * sub-merchant that is not active gets the spec's 422. `secret`: everything a merchant's server
 * calls; a publishable key gets 403. Missing, malformed or unknown credentials: 401.
 */
export const requireKey = (
  { accounts, gates }: Pick<Credentials, 'accounts' | 'gates'>,
  access: 'three_ds' | 'secret',
): MiddlewareHandler<ApiEnv> =>
  documented<MiddlewareHandler<ApiEnv>>(
    async (c, next) => {
      const key = keyFromHeader(c.req.header('Authorization'));
      const found = key === undefined ? undefined : await accounts.findKey(key);
      if (key === undefined || found === undefined) throw new ApiError(spec.unauthorized());
      const { kind, merchant } = found;
      if (access === 'secret' && kind !== 'secret') throw new ApiError(spec.forbidden());
      const active = merchant.status === 'active';
      // An authentication is the start of a charge: the rule of every route that bills (rules.ts).
      if (access === 'three_ds') mustBeActive(merchant);
      c.set('principal', { role: 'merchant', merchant, credential: kind });
      c.set('apiKey', { key, kind, merchantId: merchant.id, merchantActive: active });
      await (gates ? gates.run(c, next) : next());
    },
    { kind: 'key', access },
  );

/**
 * Bearer: a valid access token of a login that still exists. Roles outside `roles` get 403;
 * a missing, expired, altered, unsigned or foreign token gets 401.
 */
export const requireToken = (
  { accounts, tokens, gates }: Credentials,
  roles: readonly Role[] = ['admin', 'merchant'],
): MiddlewareHandler<ApiEnv> =>
  documented<MiddlewareHandler<ApiEnv>>(
    async (c, next) => {
      const token = tokenFromHeader(c.req.header('Authorization'));
      const identity = token === undefined ? undefined : await tokens.verify(token);
      if (identity === undefined || !(await accounts.loginStillValid(identity))) {
        throw new ApiError(spec.unauthorized());
      }
      let principal: Principal;
      if (identity.merchantId === null) {
        principal = { role: 'admin', loginId: identity.loginId, credential: 'token' };
      } else {
        const merchant = await accounts.merchant(identity.merchantId);
        if (merchant === undefined) throw new ApiError(spec.unauthorized());
        principal = { role: 'merchant', merchant, credential: 'token' };
      }
      if (!roles.includes(principal.role)) throw new ApiError(spec.forbidden());
      c.set('principal', principal);
      // The administrator is no merchant: no merchant's gate applies to it.
      await (gates && principal.role === 'merchant' ? gates.run(c, next) : next());
    },
    { kind: 'token', roles },
  );

/** The header a client sends for a key. */
export const basicAuth = (key: string): string =>
  `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
