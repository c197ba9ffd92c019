import type { Server } from 'node:http';
import { join } from 'node:path';
import { Hono } from 'hono';
import { createAcsApp } from './bank/app';
import { lookAlikeRoutes } from './bank/look-alike-routes';
import { type RenewalTimer, ThrowawayDemoMerchant } from './demo-merchant';
import { createDemoApp } from './merchant/app';
import type { MerchantSettings } from './merchant/routes';
import type { ApiEnv } from './service/accounts/authenticate';
import { demoAccounts } from './service/accounts/demo-accounts';
import { accountRoutes } from './service/accounts/routes';
import { SANDBOX_KEYS } from './service/accounts/sandbox-keys';
import { createApiApp } from './service/api-app';
import type { SandboxHost, SandboxUrls } from './service/host';
import type { Database, DatabaseConfig } from './service/kernel/db/database';
import type { DeliveryWorker } from './service/kernel/delivery/worker';
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
import type { ThrowawayMerchant } from './service/merchants/schema';
import { serveOpenApi } from './service/openapi/route';
import type { PixExpirySweeper } from './service/pix/expiry';
import { createServices, type ServiceSettings, type Services } from './service/registry';
import { dataLocation, resetLine } from './service/reset-report';
import { openSandboxDatabase, resetToSeed } from './service/seed';

/**
 * The composition root of the three actors: it opens the database, builds the service registry
 * (`service/registry.ts`) and hands each app what it needs as arguments: the API app and the
 * bank the registry, every app the host's settings (`service/host.ts`: addresses, log, latency,
 * static roots). The service's own settings (webhooks, PIX sweep, plans' seams) are
 * `ServiceSettings`.
 */
export interface SandboxOptions extends ServiceSettings {
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
  /**
   * Static roots of the demo origin (defaults: `demo/merchant/pages`, `dist`,
   * `demo/merchant/examples`).
   */
  pagesDir?: string;
  distDir?: string;
  examplesDir?: string;
  /**
   * Where state lives: a config (the sandbox opens and closes it; default: embedded PGlite in
   * memory) or an open database the caller owns. Migrated and seeded on start.
   */
  database?: DatabaseConfig | Database;
  /** Back to the seed on start (`npm run demo -- --reset`). */
  reset?: boolean;
  /** Socket timeouts and cap of every origin (default `SERVER_LIMITS`; tests shorten them). */
  serverLimits?: Partial<ServerLimits>;
  /**
   * Whose keys the demo's merchant server and pages hold: `seeded` (default), Loja Exemplo's;
   * `throwaway`, a throwaway merchant made at start, renewed an hour before it expires and
   * deleted on close (`demo-merchant.ts`).
   */
  demoMerchant?: 'seeded' | 'throwaway';
  /** Test seam of the throwaway demo merchant's renewal timer (its clock: `throwaway.now`). */
  demoMerchantTimer?: RenewalTimer;
}

export interface Sandbox {
  apiUrl: string;
  threeDsUrl: string;
  demoUrl: string;
  database: Database;
  /** The API origin's app: its `routes` are what `/openapi.json` must document. */
  apiApp: Hono<ApiEnv>;
  /** The registry's delivery worker (`services.deliveries`; tests wait on its `idle()`). */
  webhooks: DeliveryWorker;
  /** The registry's PIX sweep (`services.pixExpiry`; tests run its `sweep()`). */
  pixExpiry: PixExpirySweeper;
  /** The demo's throwaway merchant now (`demoMerchant: 'throwaway'`); undefined: Loja Exemplo. */
  demoMerchant(): ThrowawayMerchant | undefined;
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
 * The API origin: the service's routes (`api-app.ts`), plus login, reset and `/openapi.json`.
 * `afterReset` runs once a reset succeeded, before it answers.
 */
function apiOrigin(
  services: Services,
  host: SandboxHost,
  afterReset: () => Promise<void>,
): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.onError(jsonErrorHandler(host.log));
  app.notFound(jsonNotFound);
  app.use('/sandbox/reset', async (c, next) => {
    await next();
    if (c.req.method === 'POST' && c.res.status === 200) await afterReset();
  });
  app.route('/', createApiApp(services, host, [lookAlikeRoutes()]));
  app.route('/', accountRoutes(services, host.log));
  serveOpenApi(app, () => host.urls.api);
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
  const { database, owned } = await useDatabase(options.database, log);
  const closeDatabase = async () => {
    if (owned) await database.close();
  };
  const urls: SandboxUrls = { api: '', threeDs: '', demo: '' };
  let services: Services;
  try {
    if (options.reset) {
      const restored = await resetToSeed(database.db);
      log(resetLine('--reset', dataLocation(database.config), restored));
    }
    services = await createServices(database, { ...options, urls, log });
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  const host: SandboxHost = {
    urls,
    log,
    latencyMs: options.latencyMs ?? 0,
    pagesDir: options.pagesDir ?? join(REPO_ROOT, 'demo', 'merchant', 'pages'),
    distDir: options.distDir ?? join(REPO_ROOT, 'dist'),
    examplesDir: options.examplesDir ?? join(REPO_ROOT, 'demo', 'merchant', 'examples'),
  };

  let demoMerchant: ThrowawayDemoMerchant | undefined;
  // A reset removes every throwaway merchant, the demo's too: it takes a new one.
  const apiApp = apiOrigin(services, host, async () => demoMerchant?.afterReset());
  const servers: Server[] = [];
  const close = async () => {
    await demoMerchant?.close();
    await services.close();
    await Promise.all(servers.splice(0).map(closeServer));
    await closeDatabase();
  };
  const limits: ServerLimits = { ...SERVER_LIMITS, ...options.serverLimits };
  try {
    let merchant: MerchantSettings = {
      publishableKey: SANDBOX_KEYS.publishable,
      secretKey: SANDBOX_KEYS.secret,
      accounts: demoAccounts(),
    };
    if (options.demoMerchant === 'throwaway') {
      demoMerchant = await ThrowawayDemoMerchant.start(services.merchants, {
        log,
        ...(options.throwaway?.now === undefined ? {} : { now: options.throwaway.now }),
        ...(options.demoMerchantTimer === undefined ? {} : { timer: options.demoMerchantTimer }),
      });
      merchant = demoMerchant.settings(merchant.accounts);
    }
    const api = await listen(apiApp, options.apiPort ?? DEFAULT_PORTS.api, '127.0.0.1', limits);
    servers.push(api);
    const threeDs = await listenLoopbackBoth(
      createAcsApp(services, host),
      options.threeDsPort ?? DEFAULT_PORTS.threeDs,
      limits,
      log,
    );
    servers.push(...threeDs);
    const demo = await listen(
      createDemoApp(host, merchant),
      options.demoPort ?? DEFAULT_PORTS.demo,
      '127.0.0.1',
      limits,
    );
    servers.push(demo);
    urls.api = `http://127.0.0.1:${portOf(api)}`;
    urls.threeDs = `http://localhost:${portOf(threeDs[0] as Server)}`;
    urls.demo = `http://127.0.0.1:${portOf(demo)}`;
    services.start();
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
    webhooks: services.deliveries,
    pixExpiry: services.pixExpiry,
    demoMerchant: () => demoMerchant?.merchant,
    close,
  };
}
