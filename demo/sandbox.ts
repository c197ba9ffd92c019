import type { Server } from 'node:http';
import { join } from 'node:path';
import { Hono } from 'hono';
import { createAcsApp } from './bank/app';
import { createDemoApp } from './merchant/app';
import type { ApiEnv } from './service/accounts/authenticate';
import { accountRoutes } from './service/accounts/routes';
import { createApiApp } from './service/api-app';
import { ChargeStore } from './service/charges/store';
import type { SandboxContext, SandboxUrls } from './service/context';
import type { Database, DatabaseConfig } from './service/kernel/db/database';
import { parseAllowedHosts } from './service/kernel/delivery/allowed-hosts';
import { DeliveryWorker } from './service/kernel/delivery/worker';
import { jsonErrorHandler, jsonNotFound } from './service/kernel/http/errors';
import {
  closeServer,
  listen,
  listenLoopbackBoth,
  portOf,
  SERVER_LIMITS,
  type ServerLimits,
} from './service/kernel/http/listen';
import { escapingLog } from './service/kernel/log';
import { serveOpenApi } from './service/openapi/route';
import { PixExpirySweeper, pixExpiriesDue } from './service/pix/expiry';
import type { PlanStoreOptions } from './service/plans/store';
import { createPlatform, type Platform, providePlatform } from './service/platform';
import { dataLocation, resetLine } from './service/reset-report';
import { openSandboxDatabase, resetToSeed } from './service/seed';
import { markRefunded, renewalsDue } from './service/subscriptions/renewals';
import { SubscriptionStore } from './service/subscriptions/store';
import { EndpointStore } from './service/webhooks/endpoints-store';

export interface SandboxOptions {
  /** Default 4010; 0 picks a free port. */
  apiPort?: number;
  /** Default 4011; 0 picks a free port. */
  threeDsPort?: number;
  /** Default 4012; 0 picks a free port. */
  demoPort?: number;
  /** Delay of every API response (default 0); `X-Sandbox-Latency-Ms` overrides it per request. */
  latencyMs?: number;
  /** Gets every line with its control characters escaped (`log.ts`). */
  log?: (line: string) => void;
  /** Webhook back-off base: retries wait base, 2 × base … (default 1000 ms, the spec's ~1 s, 2 s). */
  webhookBackoffMs?: number;
  /**
   * A webhook attempt slower than this fails as a timeout, on every channel (default per
   * channel: 5 s for the legacy postback, 10 s for endpoints; `demo/service/kernel/delivery/worker.ts`).
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
  /** Static roots of the demo origin (defaults: `demo/merchant/pages`, `dist`). */
  pagesDir?: string;
  distDir?: string;
  /**
   * Where state lives: a config (the sandbox opens and closes it; default: embedded PGlite in
   * memory) or an open database the caller owns. Migrated and seeded on start.
   */
  database?: DatabaseConfig | Database;
  /** Back to the seed on start (`npm run demo -- --reset`). */
  reset?: boolean;
  /** Test seams of the plans: say how many active subscriptions a plan has, see cancellations. */
  plans?: Omit<PlanStoreOptions, 'apiUrl'>;
  /** Socket timeouts and cap of every origin (default `SERVER_LIMITS`; tests shorten them). */
  serverLimits?: Partial<ServerLimits>;
}

export interface Sandbox {
  apiUrl: string;
  threeDsUrl: string;
  demoUrl: string;
  database: Database;
  /** The API origin's app: its `routes` are what `/openapi.json` must document. */
  apiApp: Hono<ApiEnv>;
  /** The webhook delivery worker (tests wait on its `idle()`). */
  webhooks: DeliveryWorker;
  /** The sweep that expires PIX charges as real time passes (tests run its `sweep()`). */
  pixExpiry: PixExpirySweeper;
  close(): Promise<void>;
}

export const DEFAULT_PORTS = { api: 4010, threeDs: 4011, demo: 4012 } as const;
export { SERVER_LIMITS } from './service/kernel/http/listen';

const REPO_ROOT = join(import.meta.dirname, '..');

async function useDatabase(
  option: SandboxOptions['database'],
  log: (line: string) => void,
): Promise<{ database: Database; owned: boolean }> {
  if (option !== undefined && 'db' in option) return { database: option, owned: false };
  const started = Date.now();
  const database = await openSandboxDatabase(option ?? { kind: 'pglite' }, log);
  log(`database: ${database.description} ready in ${Date.now() - started} ms`);
  return { database, owned: true };
}

/**
 * The API origin: the service's routes (`api-app.ts`) behind the platform (database, accounts),
 * plus login, reset and `/openapi.json`.
 */
function apiOrigin(ctx: SandboxContext, platform: Platform): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.onError(jsonErrorHandler(ctx.log));
  app.notFound(jsonNotFound);
  app.use('*', providePlatform(platform));
  app.route('/', createApiApp(ctx));
  app.route('/', accountRoutes(ctx.log));
  serveOpenApi(app, () => ctx.urls.api);
  return app;
}

/**
 * Starts the API, the 3DS pages and the demo origin. Every resource (accounts, keys, customers,
 * cards, 3DS authentications, charges, their events, webhook deliveries and attempts) lives in
 * the database.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  // Every line escaped once, here: a request's path or id cannot forge a line (log.ts).
  const log = escapingLog(options.log ?? (() => {}));
  const allowed = parseAllowedHosts(options.webhookHosts);
  const { database, owned } = await useDatabase(options.database, log);
  const closeDatabase = async () => {
    if (owned) await database.close();
  };
  const urls: SandboxUrls = { api: '', threeDs: '', demo: '' };
  let platform: Platform;
  try {
    if (options.reset) {
      const restored = await resetToSeed(database.db);
      log(resetLine('--reset', dataLocation(database.config), restored));
    }
    platform = await createPlatform(database, {
      threeDsUrl: () => urls.threeDs,
      apiUrl: () => urls.api,
      log,
      ...(options.plans === undefined ? {} : { plans: options.plans }),
    });
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  const timeout = options.webhookTimeoutMs;
  const webhooks = new DeliveryWorker({
    db: database.db,
    backoffMs: options.webhookBackoffMs ?? 1000,
    ...(timeout === undefined
      ? {}
      : { timeoutMs: { postback: timeout, endpoint: timeout, payout: timeout } }),
    allowed,
    ...(options.webhookPollMs === undefined ? {} : { pollMs: options.webhookPollMs }),
    log,
  });
  const customers = platform.customers;
  const { cards, authentications } = platform;
  const charges = new ChargeStore({
    db: database.db,
    customers,
    cards,
    authentications,
    clocks: platform.clocks,
    deliveries: webhooks,
    webhookHosts: allowed,
    log,
  });
  const subscriptions = new SubscriptionStore({
    db: database.db,
    customers,
    cards,
    charges,
    log,
  });
  platform.wallets.addDueWork(renewalsDue(charges, log));
  platform.wallets.addDueWork(pixExpiriesDue(webhooks, log));
  charges.onRefund(markRefunded);
  const pixSweeper = new PixExpirySweeper({
    db: database.db,
    deliveries: webhooks,
    log,
    ...(options.pixSweepMs === undefined ? {} : { everyMs: options.pixSweepMs }),
  });
  const ctx: SandboxContext = {
    urls,
    log,
    latencyMs: options.latencyMs ?? 0,
    customers,
    cards,
    authentications,
    charges,
    subscriptions,
    webhooks,
    webhookEndpoints: new EndpointStore(database.db, allowed, webhooks),
    pagesDir: options.pagesDir ?? join(REPO_ROOT, 'demo', 'merchant', 'pages'),
    distDir: options.distDir ?? join(REPO_ROOT, 'dist'),
  };

  const apiApp = apiOrigin(ctx, platform);
  const servers: Server[] = [];
  const close = async () => {
    await pixSweeper.close();
    await webhooks.close();
    await Promise.all(servers.splice(0).map(closeServer));
    await closeDatabase();
  };
  const limits: ServerLimits = { ...SERVER_LIMITS, ...options.serverLimits };
  try {
    const api = await listen(apiApp, options.apiPort ?? DEFAULT_PORTS.api, '127.0.0.1', limits);
    servers.push(api);
    const threeDs = await listenLoopbackBoth(
      createAcsApp(ctx),
      options.threeDsPort ?? DEFAULT_PORTS.threeDs,
      limits,
      log,
    );
    servers.push(...threeDs);
    const demo = await listen(
      createDemoApp(ctx),
      options.demoPort ?? DEFAULT_PORTS.demo,
      '127.0.0.1',
      limits,
    );
    servers.push(demo);
    urls.api = `http://127.0.0.1:${portOf(api)}`;
    urls.threeDs = `http://localhost:${portOf(threeDs[0] as Server)}`;
    urls.demo = `http://127.0.0.1:${portOf(demo)}`;
    webhooks.start();
    pixSweeper.start();
  } catch (error) {
    await close();
    throw error;
  }
  return {
    apiUrl: urls.api,
    threeDsUrl: urls.threeDs,
    demoUrl: urls.demo,
    database,
    apiApp,
    webhooks,
    pixExpiry: pixSweeper,
    close,
  };
}
