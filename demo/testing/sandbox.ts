/** Helpers of the sandbox's API tests (real HTTP against ephemeral ports). */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll } from 'vitest';
import { ASSETS_DIR } from '../bank/assets';
import { type Sandbox, type SandboxOptions, startSandbox } from '../sandbox';
import { basicAuth } from '../service/accounts/authenticate';
import { SANDBOX_KEYS } from '../service/accounts/sandbox-keys';
import { SEED_PASSWORD } from '../service/accounts/seed';
import type { Database } from '../service/kernel/db/database';
import { pageToken } from '../service/three-ds/rules';
import { SCENARIOS } from '../service/three-ds/scenarios';
import { BROWSER } from './browser';
import { openTestDatabase } from './database';

export { SANDBOX_KEYS as KEYS };

export interface Reply<T> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallInit {
  method?: string;
  /** The Basic key; `null` sends no Authorization header. Default: none. */
  key?: string | null;
  /** A Bearer token (see `token` of `useSandbox`); wins over `key`. */
  bearer?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One HTTP call; JSON bodies are parsed (other bodies are left in `text`). */
export async function call<T = Record<string, unknown>>(
  url: string,
  init: CallInit = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.Authorization = basicAuth(init.key);
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers['Content-Type'] ??= 'application/json';
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text);
  } catch {
    body = text as T;
  }
  return { status: response.status, headers: response.headers, body, text };
}

export interface TestSandbox {
  readonly sandbox: Sandbox;
  api<T = Record<string, unknown>>(path: string, init?: CallInit): Promise<Reply<T>>;
  acs<T = string>(path: string, init?: CallInit): Promise<Reply<T>>;
  demo<T = Record<string, unknown>>(path: string, init?: CallInit): Promise<Reply<T>>;
  /** Secret-key call to the API. */
  secret<T = Record<string, unknown>>(path: string, init?: CallInit): Promise<Reply<T>>;
  /** A Bearer token of the seeded login `email` (password `sandbox`); fails if the login does. */
  token(email: string): Promise<string>;
  /** Bearer call to the API as the seeded login `email` (a token per e-mail, kept per file). */
  as<T = Record<string, unknown>>(email: string, path: string, init?: CallInit): Promise<Reply<T>>;
}

/** Logs in as a seeded account (password `sandbox`) and answers its access token. */
export async function login(apiUrl: string, email: string, password = SEED_PASSWORD) {
  const reply = await call<{ accessToken?: string }>(`${apiUrl}/v1/auth/login`, {
    body: { email, password },
  });
  if (reply.status !== 200 || typeof reply.body.accessToken !== 'string') {
    throw new Error(`login as ${email} failed: ${reply.status} ${reply.text}`);
  }
  return reply.body.accessToken;
}

/** Starting a sandbox opens and seeds a database: seconds on a busy machine. */
export const SANDBOX_START_TIMEOUT_MS = 60_000;

/**
 * Starts a sandbox on ephemeral ports for the test file, with a fast webhook back-off, on its
 * own database (embedded, or a new one on `TEST_DATABASE_URL`'s PostgreSQL).
 */
export function useSandbox(options: SandboxOptions = {}): TestSandbox {
  let sandbox: Sandbox | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    sandbox = await startSandbox({
      apiPort: 0,
      threeDsPort: 0,
      demoPort: 0,
      webhookBackoffMs: 20,
      webhookTimeoutMs: 1000,
      database,
      ...options,
    });
  }, SANDBOX_START_TIMEOUT_MS);
  afterAll(async () => {
    await sandbox?.close();
    await database?.close();
  }, SANDBOX_START_TIMEOUT_MS);
  const running = (): Sandbox => {
    if (sandbox === undefined) throw new Error('the sandbox is not running');
    return sandbox;
  };
  const tokens = new Map<string, Promise<string>>();
  const token = (email: string): Promise<string> => {
    let pending = tokens.get(email);
    if (pending === undefined) {
      pending = login(running().apiUrl, email);
      tokens.set(email, pending);
      pending.catch(() => tokens.delete(email));
    }
    return pending;
  };
  return {
    get sandbox() {
      return running();
    },
    token,
    as: async (email, path, init) =>
      call(running().apiUrl + path, { ...init, bearer: await token(email) }),
    api: (path, init) => call(running().apiUrl + path, init),
    acs: (path, init) => call(running().threeDsUrl + path, init),
    demo: (path, init) => call(running().demoUrl + path, init),
    secret: (path, init) => call(running().apiUrl + path, { key: SANDBOX_KEYS.secret, ...init }),
  };
}

export { BROWSER } from './browser';

export const authenticateBody = (number: string, overrides: Record<string, unknown> = {}) => ({
  amount: 120.5,
  currency: 'BRL',
  card: { number, expirationMonth: '12', expirationYear: '2030', holderName: 'Ana Souza' },
  browser: BROWSER,
  ...overrides,
});

/**
 * The page token the service puts in the bank's URLs for `authenticationId`
 * (demo/service/three-ds/rules.ts), from the secret this sandbox keeps in its database.
 */
export async function pageTokenOf(sandbox: Sandbox, authenticationId: string): Promise<string> {
  const row = await sandbox.database.db
    .selectFrom('sandbox_settings')
    .select('value')
    .where('name', '=', 'bank_page_secret')
    .executeTakeFirstOrThrow();
  return pageToken(row.value, authenticationId);
}

/** The bank's page for `authenticationId`, as the service links it (with its page token). */
export async function bankPagePath(
  t: TestSandbox,
  page: 'fingerprint' | 'fingerprint-silent' | 'challenge',
  authenticationId: string,
): Promise<string> {
  const token = await pageTokenOf(t.sandbox, authenticationId);
  return `/3ds/${page}?${new URLSearchParams({ authenticationId, token })}`;
}

/** The form's fields with the page token the page carries, unless the test gives its own. */
async function withPageToken(t: TestSandbox, fields: Record<string, string>) {
  const id = fields.authenticationId;
  if (fields.token !== undefined || id === undefined) return fields;
  return { ...fields, token: await pageTokenOf(t.sandbox, id) };
}

/** A form POST as the challenge page (same origin) sends it. */
export async function postChallengeForm(
  t: TestSandbox,
  fields: Record<string, string>,
  origin = t.sandbox.threeDsUrl,
): Promise<Reply<string>> {
  return t.acs('/3ds/challenge', {
    method: 'POST',
    body: new URLSearchParams(await withPageToken(t, fields)).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
  });
}

/** The challenge page's Cancel: its form posted to the cancel action, by default same origin. */
export async function postChallengeCancel(
  t: TestSandbox,
  fields: Record<string, string>,
  headers: Record<string, string> = { Origin: t.sandbox.threeDsUrl },
): Promise<Reply<string>> {
  return t.acs('/3ds/challenge/cancel', {
    method: 'POST',
    body: new URLSearchParams(await withPageToken(t, fields)).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
}

/** Runs one of the pages' scripts against a fake window; returns what it posted. */
export function runScript(
  file: string,
  dataset: Record<string, string>,
  options: { referrer?: string; ticks?: number } = {},
) {
  const posted: Array<{ target: string; message: unknown; origin: string }> = [];
  const timers: Array<() => void> = [];
  const target = (name: string) => ({
    postMessage: (message: unknown, origin: string) =>
      posted.push({ target: name, message, origin }),
  });
  runInNewContext(readFileSync(join(ASSETS_DIR, file), 'utf8'), {
    document: { body: { dataset }, referrer: options.referrer ?? '' },
    window: { parent: target('parent'), top: target('top') },
    location: { origin: 'http://localhost:4011' },
    navigator: { userAgent: 'test', language: 'en' },
    screen: { width: 1, height: 2, colorDepth: 24 },
    setTimeout: (fn: () => void) => timers.push(fn),
    setInterval: (fn: () => void) => timers.push(fn),
    TextEncoder,
    btoa,
    URL,
    Date,
    JSON,
  });
  for (let tick = 0; tick < (options.ticks ?? 1); tick++) for (const fn of timers) fn();
  return posted;
}

/** A new authentication for the named scenario's card, as the 3DS pages' tests start one. */
export async function startAuthentication(t: TestSandbox, scenario: string, language = 'en-US') {
  const card = SCENARIOS.find((s) => s.name === scenario)?.card ?? '';
  const body = authenticateBody(card);
  const reply = await t.api('/v1/three-ds/authenticate', {
    key: SANDBOX_KEYS.publishable,
    body: { ...body, browser: { ...body.browser, language } },
  });
  return reply.body as {
    authenticationId: string;
    challengeUrl?: string;
    fingerprintingUrl?: string;
  };
}

/** Path and query of a URL the sandbox answered with. */
export const pathOf = (url: string | undefined) => {
  const parsed = new URL(url ?? '');
  return parsed.pathname + parsed.search;
};
