// @vitest-environment node
/**
 * The server client against a real sandbox: wallets and payout requests (Bearer, logged in as a
 * sub-merchant, its master and the administrator), sub-merchants and fees info (Basic).
 */
import { describe, expect, it } from 'vitest';
import { SEED_MERCHANT_IDS, SEED_PASSWORD } from '../../demo/service/accounts/seed';
import { LOGINS } from '../../demo/testing/logins';
import { KEYS, useSandbox } from '../../demo/testing/sandbox';
import { createServerClient, type ServerClient } from './index';

const t = useSandbox();
const { lojaExemplo, subAtiva } = SEED_MERCHANT_IDS;

const keyed = (secretKey: string = KEYS.secret) =>
  createServerClient({ secretKey, baseUrl: t.sandbox.apiUrl });

/** A client logged in as a seeded login (password `sandbox`), with no secret key. */
async function loggedIn(who: keyof typeof LOGINS): Promise<ServerClient> {
  const client = createServerClient({ baseUrl: t.sandbox.apiUrl });
  const answer = await client.login({ email: LOGINS[who], password: SEED_PASSWORD });
  expect(answer).toMatchObject({
    tokenType: 'Bearer',
    role: who === 'admin' ? 'admin' : 'merchant',
  });
  return client;
}

describe('wallets', () => {
  it('a sub-merchant its own; a master its sub-merchant; the administrator must name one', async () => {
    const sub = await (await loggedIn('subAtiva')).wallets.list().toArray();
    expect(sub).toHaveLength(1);
    expect(sub[0]).toMatchObject({ currency: 'BRL', isWithdrawalEnabled: true });
    expect(sub[0]?.balance.available).toBeGreaterThan(0);

    const master = await loggedIn('lojaExemplo');
    expect(await master.wallets.list({ merchantId: subAtiva }).toArray()).toEqual(sub);
    expect(await master.wallets.list({ currency: 'GBP' }).toArray()).toEqual([]);

    const admin = await loggedIn('admin');
    await expect(admin.wallets.list().toArray()).rejects.toMatchObject({
      name: 'ServerApiError',
      statusCode: 400,
      method: 'GET',
      path: '/v1/wallets',
    });
    expect(await admin.wallets.list({ merchantId: subAtiva }).toArray()).toEqual(sub);
    await expect(
      admin.wallets.list({ merchantId: 'A'.repeat(27) }).toArray(),
    ).rejects.toMatchObject({
      name: 'ServerApiError',
      statusCode: 404,
      message: 'Unauthorized',
      error: 'merchant not found',
    });
  });
});

describe('payout requests', () => {
  it('the sub-merchant requests; the master lists; the administrator reads and approves', async () => {
    const sub = await loggedIn('subAtiva');
    const { id } = await sub.payoutRequests.create(subAtiva, { amount: 10.5 });
    expect(id).toBeTypeOf('string');

    const master = await loggedIn('lojaExemplo');
    await expect(master.payoutRequests.get(id)).rejects.toMatchObject({
      name: 'ServerApiError',
      statusCode: 403,
      message: 'Forbidden',
      method: 'GET',
      path: `/v1/payout-requests/${id}`,
    });
    const page = await master.payoutRequests.list({ status: 'pending', size: 100 }).page();
    expect(page.data.map((p) => p.id)).toContain(id);
    expect(page.pendingCount).toBe(page.total);

    const admin = await loggedIn('admin');
    const read = await admin.payoutRequests.get(id);
    expect(read).toMatchObject({
      id,
      merchantId: subAtiva,
      amount: 10.5,
      currency: 'BRL',
      status: 'pending',
      externalAccountDetails: { type: 'pix', pixKey: '34567890000130' },
    });
    expect(read.netAmount).toBeCloseTo(read.amount - read.payoutFee, 2);
    const approved = await admin.payoutRequests.approve(id);
    expect(approved).toMatchObject({ id, status: 'approved', rejectionReason: null });
    expect(approved.processedAt).not.toBeNull();
    await expect(admin.payoutRequests.approve(id)).rejects.toMatchObject({
      name: 'ServerApiError',
      statusCode: 400,
    });
  });

  it('the administrator rejects with a reason; a merchant may not review', async () => {
    const sub = await loggedIn('subAtiva');
    const { id } = await sub.payoutRequests.create(subAtiva, { amount: 5 });
    await expect(sub.payoutRequests.reject(id, { reason: 'mine' })).rejects.toMatchObject({
      name: 'ServerApiError',
      statusCode: 403,
    });
    const admin = await loggedIn('admin');
    const rejected = await admin.payoutRequests.reject(id, { reason: 'conta divergente' });
    expect(rejected).toMatchObject({ id, status: 'rejected', rejectionReason: 'conta divergente' });
  });

  it("a sub-merchant's list walks every page; one page carries pendingCount", async () => {
    const sub = await loggedIn('subAtiva');
    for (const amount of [1, 2, 3]) await sub.payoutRequests.create(subAtiva, { amount });
    const first = await sub.payoutRequests.list({ size: 2 }).page(1);
    expect(first).toMatchObject({ page: 1, size: 2 });
    expect(first.pages).toBeGreaterThanOrEqual(2);
    expect(first.pendingCount).toBeGreaterThanOrEqual(3);
    const all = await sub.payoutRequests.list({ size: 2 }).toArray();
    expect(all).toHaveLength(first.total);
    for (const payout of all) expect(payout.merchantId).toBe(subAtiva);
  });

  it('creating for another merchant is 403', async () => {
    const sub = await loggedIn('subAtiva');
    await expect(sub.payoutRequests.create(lojaExemplo, { amount: 1 })).rejects.toMatchObject({
      name: 'ServerApiError',
      statusCode: 403,
      method: 'POST',
    });
  });
});

describe('sub-merchants', () => {
  it("a master's list walks every page; a sub-merchant's key is refused", async () => {
    const first = await keyed().submerchants.list({ size: 2 }).page();
    expect(first).toMatchObject({ page: 1, size: 2 });
    expect(first.pages).toBeGreaterThanOrEqual(3);
    const all = await keyed().submerchants.list({ size: 2 }).toArray();
    expect(all).toHaveLength(first.total);
    expect(new Set(all.map((s) => s.id)).size).toBe(first.total);
    expect(all.map((s) => s.id)).toContain(subAtiva);

    const active = await keyed().submerchants.list({ status: 'active', size: 100 }).toArray();
    for (const each of active) expect(each.status).toBe('active');

    await expect(keyed('sk_test_sub').submerchants.list().page()).rejects.toMatchObject({
      name: 'ServerApiError',
      statusCode: 403,
      path: '/v1/submerchants?page=1',
    });
  });
});

describe('sub-account fees info', () => {
  it('a master reads its sub-account; the sub-account reads its own whatever the id', async () => {
    const master = await keyed().subAccounts.feesInfo(subAtiva);
    expect(master.merchant).toEqual({
      id: subAtiva,
      legalName: 'Sub Ativa Artesanato Ltda',
      companyTaxId: '34567890000130',
    });
    expect(master.fees.some((fee) => fee.brand === null)).toBe(true);
    expect(await keyed('sk_test_sub').subAccounts.feesInfo('anything')).toEqual(master);
  });

  it("404 for the master's own id; 403 without enable_connect", async () => {
    await expect(keyed().subAccounts.feesInfo(lojaExemplo)).rejects.toMatchObject({
      name: 'ServerApiError',
      statusCode: 404,
      message: 'sub-account not found',
    });
    await expect(keyed('sk_test_noconnect').subAccounts.feesInfo(subAtiva)).rejects.toMatchObject({
      name: 'ServerApiError',
      statusCode: 403,
      message: 'enable_connect capability is required',
    });
  });
});
