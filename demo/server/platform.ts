import type { MiddlewareHandler } from 'hono';
import { AccountStore } from './accounts/account-store';
import { TokenService } from './accounts/tokens';
import { CustomerStore } from './customers/store';
import type { Database } from './db/database';
import { storedSecret } from './db/settings';

/**
 * The services over the database that requests reach through the Hono context (`platform`):
 * accounts and keys, access tokens, and the resource stores moved to the database so far.
 */
export interface Platform {
  readonly database: Database;
  readonly accounts: AccountStore;
  readonly tokens: TokenService;
  readonly customers: CustomerStore;
}

/** `SANDBOX_JWT_SECRET`, else a secret made once and kept in the database. */
export async function createPlatform(database: Database): Promise<Platform> {
  const secret = process.env.SANDBOX_JWT_SECRET || (await storedSecret(database.db, 'jwt_secret'));
  return {
    database,
    accounts: new AccountStore(database.db),
    tokens: new TokenService(secret),
    customers: new CustomerStore(database.db),
  };
}

export type PlatformEnv = { Variables: { platform: Platform } };

export const providePlatform =
  (platform: Platform): MiddlewareHandler<PlatformEnv> =>
  async (c, next) => {
    c.set('platform', platform);
    await next();
  };
