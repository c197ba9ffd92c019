import type { Context, MiddlewareHandler } from 'hono';
import type { BlankInput, Input } from 'hono/types';
import { documented } from '../kernel/http/documented';
import type { ApiEnv } from './authenticate';
import { mustBeActive } from './rules';

/**
 * `requireActive` applied only when `applies(c)` holds: for a route where one request creates
 * billing and another only stops it (a plan's status change: activating, or deactivating). It
 * goes after the body's validation when `applies` reads the body.
 */
export function requireActiveWhen<I extends Input = BlankInput>(
  applies: (c: Context<ApiEnv, string, I>) => boolean,
): MiddlewareHandler<ApiEnv, string, I> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (principal === undefined) {
      throw new Error('requireActive goes after requireKey or requireToken');
    }
    // The administrator has no sub-merchant status; a merchant is judged by `rules.ts`.
    if (principal.role === 'merchant' && applies(c)) mustBeActive(principal.merchant);
    await next();
  };
}

/**
 * The one middleware every route that moves money or creates billing applies, after its key or
 * token and before its body is read: a sub-merchant that is not active gets 422 `sub-merchant is
 * not active`, and the request reads and writes nothing. The decision is `mustBeActive`.
 */
export const requireActive: MiddlewareHandler<ApiEnv> = documented(
  requireActiveWhen(() => true),
  {
    kind: 'error',
    status: 422,
    why: 'The key’s sub-merchant is not active (inactive, blocked, pending or rejected)',
  },
);
