// @vitest-environment node
/**
 * Login and the Bearer token against a real sandbox: refreshed before it expires (the client's
 * clock injected), one login for concurrent callers, typed errors without a login or a key.
 */
import { describe, expect, it } from 'vitest';
import { SEED_MERCHANT_IDS, SEED_PASSWORD } from '../../demo/service/accounts/seed';
import { LOGINS } from '../../demo/testing/logins';
import { useSandbox } from '../../demo/testing/sandbox';
import { createServerClient, ServerApiError, ServerClientError } from './index';

const t = useSandbox();
const CREDENTIALS = { email: LOGINS.subAtiva, password: SEED_PASSWORD };

/**
 * A client on a clock the test moves, recording `METHOD /path` of each request; with
 * `spoil.next` set, the next Bearer token it sends is altered.
 */
function clocked() {
  const clock = { now: 1_000_000 };
  const spoil = { next: false };
  const log: string[] = [];
  const client = createServerClient({
    baseUrl: t.sandbox.apiUrl,
    now: () => clock.now,
    fetch: (input, init) => {
      const headers = { ...(init?.headers as Record<string, string>) };
      if (spoil.next && headers.Authorization?.startsWith('Bearer ')) {
        spoil.next = false;
        headers.Authorization += 'x';
      }
      log.push(`${init?.method} ${new URL(String(input)).pathname}`);
      return fetch(input, { ...init, headers });
    },
  });
  return { client, clock, log, spoil };
}

const LOGIN = 'POST /v1/auth/login';
const WALLETS = 'GET /v1/wallets';

describe('the Bearer token', () => {
  it('is used until shortly before it expires, then replaced by logging in again', async () => {
    const { client, clock, log } = clocked();
    const answer = await client.login(CREDENTIALS);
    expect(answer).toMatchObject({ role: 'merchant', merchantId: SEED_MERCHANT_IDS.subAtiva });
    const lifeMs = answer.expiresIn * 1000;
    await client.wallets.list().toArray();
    clock.now += lifeMs - 60_000 - 1; // a minute before expiry: still the same token
    await client.wallets.list().toArray();
    expect(log).toEqual([LOGIN, WALLETS, WALLETS]);

    clock.now += 1; // from a minute before expiry on: log in again first
    const wallets = await client.wallets.list().toArray();
    expect(wallets[0]?.currency).toBe('BRL');
    expect(log).toEqual([LOGIN, WALLETS, WALLETS, LOGIN, WALLETS]);
    await client.wallets.list().toArray();
    expect(log.slice(5)).toEqual([WALLETS]);
  });

  it('concurrent calls share one refresh', async () => {
    const { client, clock, log } = clocked();
    const { expiresIn } = await client.login(CREDENTIALS);
    clock.now += expiresIn * 1000;
    await Promise.all([1, 2, 3].map(() => client.wallets.list().toArray()));
    expect(log.filter((line) => line === LOGIN)).toHaveLength(2);
    expect(log.filter((line) => line === WALLETS)).toHaveLength(3);
  });

  it('a 401 on a Bearer call drops the token: the next call logs in again', async () => {
    const { client, log, spoil } = clocked();
    await client.login(CREDENTIALS);
    spoil.next = true; // the token turned bad on the service's side (revoked, a restart)
    const error = await client.payoutRequests
      .list()
      .page()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerApiError);
    expect(error).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
    log.length = 0;
    await client.payoutRequests.list().page();
    expect(log).toEqual([LOGIN, 'GET /v1/payout-requests']);
  });
});

describe('without a login or a key', () => {
  it('a Bearer call before login: not_logged_in, nothing sent', async () => {
    const { client, log } = clocked();
    const error = await client.wallets
      .list()
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerClientError);
    expect(error).toMatchObject({ code: 'not_logged_in' });
    expect((error as Error).message).toContain('client.login');
    expect(log).toEqual([]);
  });

  it('a wrong password: ServerApiError 401, and the earlier login is forgotten', async () => {
    const { client, log } = clocked();
    await client.login(CREDENTIALS);
    const error = await client
      .login({ ...CREDENTIALS, password: 'wrong' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerApiError);
    expect(error).toMatchObject({ statusCode: 401, method: 'POST', path: '/v1/auth/login' });
    expect(
      await client.wallets
        .list()
        .toArray()
        .catch((e: unknown) => e),
    ).toMatchObject({
      code: 'not_logged_in',
    });
    expect(log).toEqual([LOGIN, LOGIN]);
  });

  it('logout forgets the token', async () => {
    const { client } = clocked();
    await client.login(CREDENTIALS);
    client.logout();
    expect(
      await client.payoutRequests
        .list()
        .page()
        .catch((e: unknown) => e),
    ).toMatchObject({
      code: 'not_logged_in',
    });
  });

  it('a Basic call on a client made without secretKey: no_secret_key, nothing sent', async () => {
    const { client, log } = clocked();
    await client.login(CREDENTIALS);
    const error = await client.customers.get('cus_sandbox_ana').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerClientError);
    expect(error).toMatchObject({ code: 'no_secret_key' });
    expect(log).toEqual([LOGIN]);
  });
});
