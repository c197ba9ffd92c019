// @vitest-environment node
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { authenticateBody, useSandbox } from '../../testing/sandbox';
import { storedSecret } from '../kernel/db/settings';
import { ADMIN_EMAIL, SEED_MERCHANT_IDS, SEED_PASSWORD } from './seed';

const t = useSandbox();

interface Login {
  accessToken: string;
  tokenType: string;
  expiresIn: number;
  role: string;
  merchantId?: string;
}

const login = (email: string, password = SEED_PASSWORD) =>
  t.api<Login>('/v1/auth/login', { body: { email, password } });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const reset = (token: string) =>
  t.api('/sandbox/reset', { method: 'POST', headers: bearer(token) });
const unauthorized = { statusCode: 401, message: 'Unauthorized' };

describe('POST /v1/auth/login', () => {
  it.each([
    ['merchant@sandbox.test', SEED_MERCHANT_IDS.lojaExemplo],
    ['noconnect@sandbox.test', SEED_MERCHANT_IDS.outraLoja],
    ['sub@sandbox.test', SEED_MERCHANT_IDS.subAtiva],
    ['inactive@sandbox.test', SEED_MERCHANT_IDS.subInativa],
    ['other-sub@sandbox.test', SEED_MERCHANT_IDS.subDaOutra],
  ])('%s: a Bearer token of its merchant', async (email, merchantId) => {
    const reply = await login(email);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      tokenType: 'Bearer',
      expiresIn: 3600,
      role: 'merchant',
      merchantId,
    });
    const [header, payload] = reply.body.accessToken.split('.') as [string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ role: 'merchant', merchantId, sub: expect.any(String) });
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('the administrator: role admin, no merchantId; the e-mail is case-insensitive', async () => {
    const reply = await login(ADMIN_EMAIL.toUpperCase());
    expect(reply.status).toBe(200);
    expect(reply.body.role).toBe('admin');
    expect(reply.body).not.toHaveProperty('merchantId');
  });

  it.each([
    ['a wrong password', 'merchant@sandbox.test', 'nope'],
    ['an unknown e-mail', 'nobody@sandbox.test', SEED_PASSWORD],
  ])('401 Unauthorized for %s', async (_why, email, password) => {
    const reply = await login(email, password);
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(unauthorized);
  });

  it('400 naming the field for a body without a password', async () => {
    const reply = await t.api('/v1/auth/login', { body: { email: 'merchant@sandbox.test' } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('password is required');
  });
});

describe('Bearer tokens', () => {
  const adminToken = async () => (await login(ADMIN_EMAIL)).body.accessToken;
  const secret = async () =>
    new TextEncoder().encode(await storedSecret(t.sandbox.database.db, 'jwt_secret'));
  const claims = { role: 'admin' };

  it('a valid administrator token is accepted; a merchant token gets 403 on admin routes', async () => {
    expect((await reset(await adminToken())).status).toBe(200);
    const merchant = (await login('merchant@sandbox.test')).body.accessToken;
    const reply = await reset(merchant);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ statusCode: 403, message: 'Forbidden' });
  });

  it('401 for a token altered after signing (merchant claims admin)', async () => {
    const [header, , signature] = (await login('merchant@sandbox.test')).body.accessToken.split(
      '.',
    );
    const payload = Buffer.from(
      JSON.stringify({ ...claims, sub: 'x', iat: 1, exp: 9_999_999_999 }),
    ).toString('base64url');
    const reply = await reset(`${header}.${payload}.${signature}`);
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(unauthorized);
  });

  it('401 for an unsigned token (alg none)', async () => {
    const [, payload] = (await adminToken()).split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await reset(`${header}.${payload}.`)).status).toBe(401);
  });

  it('401 for another algorithm (HS512) even with the right secret', async () => {
    const [, payload] = (await adminToken()).split('.');
    const body = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    const token = await new SignJWT(body).setProtectedHeader({ alg: 'HS512' }).sign(await secret());
    expect((await reset(token)).status).toBe(401);
  });

  it('401 for an expired token, and for one signed with another secret', async () => {
    const [, payload] = (await adminToken()).split('.');
    const body = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    const expired = await new SignJWT({ ...body, iat: 1000, exp: 2000 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(await secret());
    expect((await reset(expired)).status).toBe(401);
    const foreign = await new SignJWT(body)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another secret entirely, 32 bytes!'));
    expect((await reset(foreign)).status).toBe(401);
  });

  it('401 without a token, with a Basic key, or with a malformed header', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { Authorization: `Basic ${Buffer.from('sk_test_sandbox:').toString('base64')}` },
      { Authorization: 'Bearer not-a-jwt' },
    ];
    for (const headers of cases) {
      expect((await t.api('/sandbox/reset', { method: 'POST', headers })).status).toBe(401);
    }
  });
});

describe('Basic keys of the seeded accounts', () => {
  it.each([
    'sk_test_sandbox',
    'sk_test_noconnect',
    'sk_test_sub',
    'sk_test_inactive',
    'sk_test_other_sub',
  ])('%s reaches the secret-key endpoints', async (key) => {
    expect((await t.api('/v1/customers', { key })).status).toBe(200);
  });

  it.each(['pk_test_sandbox', 'pk_test_noconnect', 'pk_test_sub'])(
    '%s: 3DS endpoints yes (200), everything else 403',
    async (key) => {
      const auth = await t.api('/v1/three-ds/authenticate', {
        key,
        body: authenticateBody('4111111111111111'),
      });
      expect(auth.status).toBe(200);
      const other = await t.api('/v1/customers', { key });
      expect(other.status).toBe(403);
      expect(other.body).toEqual({ statusCode: 403, message: 'Forbidden' });
    },
  );

  it('the inactive sub-merchant: 422 on 3DS with either key', async () => {
    for (const key of ['pk_test_inactive', 'sk_test_inactive']) {
      const reply = await t.api('/v1/three-ds/authenticate', {
        key,
        body: authenticateBody('4111111111111111'),
      });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        statusCode: 422,
        message: 'sub-merchant is not active',
        error: 'Unprocessable Entity',
      });
    }
  });
});

describe('keys found are kept a few seconds (accounts/key-cache.ts)', () => {
  const authenticate = (key: string) =>
    t.api('/v1/three-ds/authenticate', { key, body: authenticateBody('4111111111111111') });

  it('POST /sandbox/reset drops them: a merchant changed before the reset is seen as seeded', async () => {
    const admin = async () => (await login(ADMIN_EMAIL)).body.accessToken;
    expect((await reset(await admin())).status).toBe(200);
    const { db } = t.sandbox.database;
    await db
      .updateTable('merchants')
      .set({ status: 'active' })
      .where('id', '=', SEED_MERCHANT_IDS.subInativa)
      .execute();
    // Found and kept while its merchant is active.
    expect((await authenticate('pk_test_inactive')).status).toBe(200);
    expect((await reset(await admin())).status).toBe(200);
    expect((await authenticate('pk_test_inactive')).status).toBe(422);
  });
});
