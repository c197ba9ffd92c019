import type { MiddlewareHandler } from 'hono';
import { AccountStore } from './accounts/account-store';
import { TokenService } from './accounts/tokens';
import { CardStore } from './cards/store';
import { CustomerStore } from './customers/store';
import { FeeStore } from './fees/store';
import { MerchantClocks } from './kernel/clock';
import type { Database } from './kernel/db/database';
import { storedSecret } from './kernel/db/settings';
import { Vault } from './kernel/db/vault';
import { PayoutStore } from './payouts/store';
import { PlanStore, type PlanStoreOptions } from './plans/store';
import { VAULT_KEY } from './seed';
import { SubMerchantStore } from './submerchants/store';
import { AuthenticationStore } from './three-ds/store';
import { WalletStore } from './wallets/store';

/**
 * The services over the database that requests reach through the Hono context (`platform`):
 * accounts and keys, access tokens, and the resource stores moved to the database so far.
 */
export interface Platform {
  readonly database: Database;
  readonly accounts: AccountStore;
  readonly tokens: TokenService;
  readonly customers: CustomerStore;
  readonly cards: CardStore;
  readonly authentications: AuthenticationStore;
  readonly wallets: WalletStore;
  /** Each merchant's clock, for its records' timestamps. */
  readonly clocks: MerchantClocks;
  readonly payouts: PayoutStore;
  readonly subMerchants: SubMerchantStore;
  readonly fees: FeeStore;
  readonly plans: PlanStore;
}

export interface PlatformOptions {
  /** The 3DS pages' origin, known once their server listens. */
  threeDsUrl?: () => string;
  /** The API origin, known once its server listens. */
  apiUrl?: () => string;
  /** Test seams of the plans (the active-subscription count, the cancellation hook). */
  plans?: Omit<PlanStoreOptions, 'apiUrl'>;
  log?: (line: string) => void;
}

/** `SANDBOX_JWT_SECRET`, else a secret made once and kept in the database. */
export async function createPlatform(
  database: Database,
  options: PlatformOptions = {},
): Promise<Platform> {
  const { db } = database;
  const secret = process.env.SANDBOX_JWT_SECRET || (await storedSecret(db, 'jwt_secret'));
  const vault = new Vault(await storedSecret(db, VAULT_KEY));
  const threeDsUrl = options.threeDsUrl ?? (() => 'http://localhost');
  const accounts = new AccountStore(db);
  const clocks = new MerchantClocks(db);
  return {
    database,
    accounts,
    tokens: new TokenService(secret),
    customers: new CustomerStore(db, clocks),
    cards: new CardStore(db, vault, clocks),
    authentications: new AuthenticationStore(db, vault, threeDsUrl, options.log ?? (() => {})),
    wallets: new WalletStore(db, accounts, clocks),
    clocks,
    payouts: new PayoutStore(db),
    subMerchants: new SubMerchantStore(db),
    fees: new FeeStore(db),
    plans: new PlanStore(db, clocks, {
      ...options.plans,
      apiUrl: options.apiUrl ?? (() => ''),
    }),
  };
}

export type PlatformEnv = { Variables: { platform: Platform } };

export const providePlatform =
  (platform: Platform): MiddlewareHandler<PlatformEnv> =>
  async (c, next) => {
    c.set('platform', platform);
    await next();
  };
