/**
 * `npm run demo`: the sandbox of the Payments Service (API + 3DS pages) and the merchant demo.
 * Ports: SANDBOX_API_PORT (4010), SANDBOX_3DS_PORT (4011), SANDBOX_DEMO_PORT (4012);
 * SANDBOX_LATENCY_MS delays every API response; SANDBOX_WEBHOOK_BACKOFF_MS is the webhook
 * back-off base (1000); SANDBOX_WEBHOOK_HOSTS lists webhook hosts besides loopback. State: PostgreSQL at DATABASE_URL, else
 * embedded in SANDBOX_DATA_DIR (default `.sandbox-data/` in the project; `memory://` keeps it
 * in memory). `--reset` puts the seed back on start and logs what it restored (demo/service/reset-report.ts).
 * SANDBOX_DEMO_MERCHANT=throwaway: the demo shop runs as a throwaway merchant of its own instead
 * of the seeded Loja Exemplo (demo/demo-merchant.ts).
 */
import { join, relative } from 'node:path';
import { DEFAULT_PORTS, type Sandbox, startSandbox } from './sandbox';
import { SANDBOX_KEYS } from './service/accounts/sandbox-keys';
import type { DatabaseConfig } from './service/kernel/db/database';

const DEFAULT_DATA_DIR = join(import.meta.dirname, '..', '.sandbox-data');

function databaseFromEnv(): DatabaseConfig {
  const url = process.env.DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url };
  return { kind: 'pglite', dataDir: process.env.SANDBOX_DATA_DIR?.trim() || DEFAULT_DATA_DIR };
}

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) {
    console.error(`${name} must be a whole number, got "${raw}"`);
    process.exit(2);
  }
  return Number(raw);
}

function demoMerchantFromEnv(): 'seeded' | 'throwaway' {
  const raw = process.env.SANDBOX_DEMO_MERCHANT?.trim() || 'seeded';
  if (raw === 'seeded' || raw === 'throwaway') return raw;
  console.error(`SANDBOX_DEMO_MERCHANT must be "seeded" or "throwaway", got "${raw}"`);
  process.exit(2);
}

const scenarioDoc = `${relative(process.cwd(), new URL('../docs/sandbox.md', import.meta.url).pathname)}#test-cards`;

let sandbox: Sandbox;
try {
  sandbox = await startSandbox({
    apiPort: numberFromEnv('SANDBOX_API_PORT', DEFAULT_PORTS.api),
    threeDsPort: numberFromEnv('SANDBOX_3DS_PORT', DEFAULT_PORTS.threeDs),
    demoPort: numberFromEnv('SANDBOX_DEMO_PORT', DEFAULT_PORTS.demo),
    latencyMs: numberFromEnv('SANDBOX_LATENCY_MS', 0),
    webhookBackoffMs: numberFromEnv('SANDBOX_WEBHOOK_BACKOFF_MS', 1000),
    webhookHosts: process.env.SANDBOX_WEBHOOK_HOSTS,
    log: (line) => console.log(`[sandbox] ${line}`),
    database: databaseFromEnv(),
    reset: process.argv.includes('--reset'),
    demoMerchant: demoMerchantFromEnv(),
  });
} catch (error) {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  console.error(
    code === 'EADDRINUSE'
      ? `A sandbox port is already in use (${error instanceof Error ? error.message : ''}). Stop the other process or set SANDBOX_API_PORT / SANDBOX_3DS_PORT / SANDBOX_DEMO_PORT.`
      : `The sandbox could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

const throwaway = sandbox.demoMerchant();
const keyLines =
  throwaway === undefined
    ? [
        `  Publishable key         ${SANDBOX_KEYS.publishable}   (3DS endpoints, in the browser)`,
        `  Secret key              ${SANDBOX_KEYS.secret}   (merchant server only)`,
      ]
    : [
        `  Demo merchant           throwaway ${throwaway.id} (SANDBOX_DEMO_MERCHANT=throwaway)`,
        `                          expires ${throwaway.expiresAt}; renewed an hour before (new keys, logged)`,
        `  Publishable key         ${throwaway.publishableKey}   (the demo pages')`,
        `  Secret key              ${throwaway.secretKey}   (the demo's merchant server)`,
        `  Its login               ${throwaway.email} / ${throwaway.password}`,
        `  Seeded keys             ${SANDBOX_KEYS.publishable} · ${SANDBOX_KEYS.secret}   (Loja Exemplo)`,
      ];

console.log(
  [
    '',
    'secure-checkout sandbox is running',
    '',
    `  Demo (merchant pages)   ${sandbox.demoUrl}`,
    `  API (Payments Service)  ${sandbox.apiUrl}`,
    `  3DS pages (ACS)         ${sandbox.threeDsUrl}`,
    `  Database                ${sandbox.database.description}`,
    '',
    ...keyLines,
    `  Inactive sub-merchant   ${SANDBOX_KEYS.inactive}  (3DS endpoints answer 422)`,
    '',
    `  Scenarios               ${sandbox.apiUrl}/sandbox/scenarios  (table: ${scenarioDoc})`,
    `  Webhook deliveries      ${sandbox.apiUrl}/sandbox/deliveries  (secret key)`,
    `  Logins (password sandbox) merchant@sandbox.test, sub@sandbox.test, admin@sandbox.test …`,
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n'),
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the sandbox…`);
  const force = setTimeout(() => process.exit(1), 5000);
  force.unref();
  await sandbox.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
