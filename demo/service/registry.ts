import { AccountStore } from './accounts/account-store';
import { MerchantGates } from './accounts/merchant-gates';
import { TokenService } from './accounts/tokens';
import { CardStore } from './cards/store';
import { ChargeStore } from './charges/store';
import { CustomerStore } from './customers/store';
import { faultGate } from './faults/gate';
import { FaultStore } from './faults/store';
import { FeeStore } from './fees/store';
import type { SandboxUrls } from './host';
import { idempotencyGate } from './idempotency/gate';
import { IdempotencyStore } from './idempotency/store';
import { MerchantClocks } from './kernel/clock';
import type { Database } from './kernel/db/database';
import { storedSecret } from './kernel/db/settings';
import { Vault } from './kernel/db/vault';
import { parseAllowedHosts } from './kernel/delivery/allowed-hosts';
import { DeliveryWorker } from './kernel/delivery/worker';
import { LatencyStore } from './latency/store';
import { ThrowawayMerchantStore } from './merchants/store';
import { PayoutStore } from './payouts/store';
import { PixExpirySweeper, pixExpiriesDue } from './pix/expiry';
import { PlanStore, type PlanStoreOptions } from './plans/store';
import { RequestLog } from './requests/store';
import { VAULT_KEY } from './seed';
import { SubMerchantStore } from './submerchants/store';
import { markRefunded, renewalsDue } from './subscriptions/renewals';
import { SubscriptionStore } from './subscriptions/store';
import { AuthenticationStore } from './three-ds/store';
import { WalletStore } from './wallets/store';
import { EndpointStore } from './webhooks/endpoints-store';

/**
 * The service registry: every service of the sandbox, built in one place (`createServices`) and
 * handed to each app and route factory as an argument (`createApiApp`, `threeDsRoutes(services)`,
 * the bank's `createAcsApp`). Nothing reaches a store another way.
 */
export interface Services {
  readonly database: Database;
  readonly accounts: AccountStore;
  readonly tokens: TokenService;
  /** What each merchant request goes through between its credentials and its operation. */
  readonly gates: MerchantGates;
  /** Each merchant's fault rules (`faults/`), tried by the first of the gates. */
  readonly faults: FaultStore;
  /** Each merchant's last requests (`requests/`), written by the API app's middleware. */
  readonly requestLog: RequestLog;
  /** Each merchant's API latency (`latency/`). */
  readonly latency: LatencyStore;
  /** Each merchant's clock, for its records' timestamps. */
  readonly clocks: MerchantClocks;
  readonly customers: CustomerStore;
  readonly cards: CardStore;
  readonly authentications: AuthenticationStore;
  readonly charges: ChargeStore;
  readonly wallets: WalletStore;
  readonly payouts: PayoutStore;
  readonly subMerchants: SubMerchantStore;
  readonly fees: FeeStore;
  readonly plans: PlanStore;
  readonly subscriptions: SubscriptionStore;
  /** The dashboard's webhook endpoints. */
  readonly webhookEndpoints: EndpointStore;
  /** Throwaway merchants (`POST /sandbox/merchants`): made, swept once expired, deleted. */
  readonly merchants: ThrowawayMerchantStore;
  /**
   * The webhook delivery worker. Nobody wakes it by hand: the writer of delivery rows does once
   * they commit (kernel/delivery/outbox.ts); tests wait on its `idle()`.
   */
  readonly deliveries: DeliveryWorker;
  /** The sweep that expires PIX charges as real time passes (tests run its `sweep()`). */
  readonly pixExpiry: PixExpirySweeper;
  /** Starts the background work (deliveries, the PIX sweep), once the origins listen. */
  start(): void;
  /** Stops it; the database stays open (its owner closes it). */
  close(): Promise<void>;
}

/** The service's own settings (`startSandbox` takes them as they are). */
export interface ServiceSettings {
  /** Webhook back-off base: retries wait base, 2 × base … (default 1000 ms, the spec's ~1 s, 2 s). */
  webhookBackoffMs?: number;
  /**
   * A webhook attempt slower than this fails as a timeout, on every channel (default per
   * channel: 5 s for the legacy postback, 10 s for endpoints; `kernel/delivery/worker.ts`).
   */
  webhookTimeoutMs?: number;
  /**
   * Hosts webhooks may go to besides loopback, as `SANDBOX_WEBHOOK_HOSTS` lists them
   * (comma-separated `host` or `host:port`).
   */
  webhookHosts?: string;
  /** How often the delivery worker looks for due deliveries when idle (default 250 ms). */
  webhookPollMs?: number;
  /**
   * How often PIX charges whose code expired are looked for as real time passes (default 1000
   * ms; 0: only when read, paid or the merchant's clock advances).
   */
  pixSweepMs?: number;
  /** Test seams of the plans: say how many active subscriptions a plan has, see cancellations. */
  plans?: Omit<PlanStoreOptions, 'apiUrl'>;
  /**
   * Test seams of throwaway merchants: the cap of live ones (default 1,000) and the real time
   * their expiry is judged by (default `Date.now`).
   */
  throwaway?: { cap?: number; now?: () => number };
  /** Requests the log keeps per merchant (default 1,000; tests make it small). */
  requestLogCap?: number;
}

export interface ServiceOptions extends ServiceSettings {
  /** The origins' addresses, read when needed (filled in once the servers listen). */
  urls: Readonly<SandboxUrls>;
  log: (line: string) => void;
}

/**
 * Builds every service over `database`. The token secret is `SANDBOX_JWT_SECRET`, else one made
 * once and kept in the database; the vault's key is kept there too.
 */
export async function createServices(
  database: Database,
  options: ServiceOptions,
): Promise<Services> {
  const { db } = database;
  const { urls, log } = options;
  const secret = process.env.SANDBOX_JWT_SECRET || (await storedSecret(db, 'jwt_secret'));
  const vault = new Vault(await storedSecret(db, VAULT_KEY));
  const allowed = parseAllowedHosts(options.webhookHosts);
  const timeout = options.webhookTimeoutMs;
  const deliveries = new DeliveryWorker({
    db,
    backoffMs: options.webhookBackoffMs ?? 1000,
    ...(timeout === undefined
      ? {}
      : { timeoutMs: { postback: timeout, endpoint: timeout, payout: timeout } }),
    allowed,
    ...(options.webhookPollMs === undefined ? {} : { pollMs: options.webhookPollMs }),
    log,
  });
  const pixExpiry = new PixExpirySweeper({
    db,
    log,
    ...(options.pixSweepMs === undefined ? {} : { everyMs: options.pixSweepMs }),
  });
  const now = options.throwaway?.now ?? Date.now;
  const accounts = new AccountStore(db, undefined, now);
  const clocks = new MerchantClocks();
  const customers = new CustomerStore(db, clocks);
  const cards = new CardStore(db, vault, clocks);
  const authentications = new AuthenticationStore(
    db,
    vault,
    () => urls.threeDs,
    log,
    await storedSecret(db, 'bank_page_secret'),
  );
  const wallets = new WalletStore(db, accounts, clocks);
  const charges = new ChargeStore({
    db,
    customers,
    cards,
    authentications,
    clocks,
    webhookHosts: allowed,
    log,
  });
  // What other families do inside a charge's or a clock advance's transaction.
  charges.onRefund(markRefunded);
  wallets.addDueWork(renewalsDue(charges, log));
  wallets.addDueWork(pixExpiriesDue(log));
  const gates = new MerchantGates();
  const faults = new FaultStore(db);
  // Faults first of the gates: a faulted request runs nothing, and takes no idempotency key.
  gates.add(faultGate(faults));
  const requestLog = new RequestLog(db, log, options.requestLogCap);
  // Idempotency keys: added last of the gates, so it runs after any gate added before it (the
  // faults first): a request a fault answers never takes a key.
  gates.add(idempotencyGate({ store: new IdempotencyStore(db), clocks, db, log }));
  return {
    database,
    accounts,
    tokens: new TokenService(secret),
    gates,
    faults,
    requestLog,
    latency: new LatencyStore(db),
    clocks,
    customers,
    cards,
    authentications,
    charges,
    wallets,
    payouts: new PayoutStore(db),
    subMerchants: new SubMerchantStore(db),
    fees: new FeeStore(db),
    plans: new PlanStore(db, clocks, { ...options.plans, apiUrl: () => urls.api }),
    subscriptions: new SubscriptionStore({ db, customers, cards, charges, log }),
    webhookEndpoints: new EndpointStore(db, allowed),
    merchants: new ThrowawayMerchantStore({
      db,
      vault,
      accounts,
      clocks,
      log,
      now,
      // Log lines still queued for a merchant are written before its rows go, never after.
      beforeRemoval: () => requestLog.settled(),
      ...(options.throwaway?.cap === undefined ? {} : { cap: options.throwaway.cap }),
    }),
    deliveries,
    pixExpiry,
    start() {
      deliveries.start();
      pixExpiry.start();
    },
    async close() {
      await pixExpiry.close();
      await deliveries.close();
      // The log's last entries are written before the database closes.
      await requestLog.settled();
    },
  };
}
