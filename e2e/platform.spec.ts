import { expect, test } from '@playwright/test';
import {
  amount,
  answerOf,
  brlWallet,
  column,
  expectAccessible,
  LOGINS,
  list,
  logIn,
  open,
  region,
  requestPayout,
} from './platform-page';
import { expectNoProblems, openDemoPage } from './support';

// One story on one sandbox, in order: Sub Ativa requests two payouts, the administrator approves
// one and rejects the other. Only Sub Ativa's wallet and clock and Sub Pendente's status are
// changed, which no other spec reads.
test.describe.configure({ mode: 'serial' });

const created: string[] = [];
let afterClock: { available: number; reserved: number };

test('Sub Ativa sees its wallet, requests two payouts, cannot open one, and advances its clock', async ({
  page,
}) => {
  const problems = await open(page);
  await logIn(page, LOGINS.subAtiva);
  const start = await brlWallet(page);
  expect(start.withdrawals).toBe('enabled');
  expect(start.available).toBeGreaterThan(150);

  for (const value of ['100.00', '50']) {
    const { status, body } = await requestPayout(page, value);
    expect(status).toBe(201);
    expect(body.id).toMatch(/^po_/);
    created.push(body.id as string);
    await expect(page.locator('#payout-result')).toContainText(`${body.id} created`);
  }
  const requested = await brlWallet(page);
  expect(requested.available).toBeCloseTo(start.available - 150, 2);
  expect(requested.reserved).toBeCloseTo(start.reserved + 150, 2);

  const tooMuch = await requestPayout(page, (requested.available + 1).toFixed(2));
  expect(tooMuch).toMatchObject({ status: 422, body: { message: 'insufficient balance' } });
  await expect(page.locator('#payout-result')).toContainText('Not created: 422');

  const payouts = region(page, 'Payout requests');
  const listed = await list(page, 'Payout requests', (s) =>
    s.getByLabel('Status').selectOption('pending'),
  );
  expect(listed.status).toBe(200);
  const ids = await column(payouts, 'Payout requests', 0);
  expect(ids).toEqual(expect.arrayContaining(created));
  await expect(payouts.getByRole('status')).toContainText(`${listed.body.pendingCount} pending`);

  const detail = await answerOf(page, 'payout-detail-exchange', () =>
    payouts.getByRole('button', { name: `Open ${created[0]}` }).click(),
  );
  expect(detail.status).toBe(403);
  await expect(page.locator('#payout-detail-facts')).toContainText('Not shown: 403');
  await expect(page.locator('#payout-detail-title')).toBeFocused();

  const clock = region(page, 'Clock');
  await clock.getByLabel('Days to advance').fill('2');
  const advanced = await answerOf(page, 'clock-exchange', () =>
    clock.getByRole('button', { name: 'Advance' }).click(),
  );
  expect(advanced.status).toBe(200);
  expect(advanced.body.offsetDays).toBeGreaterThanOrEqual(2);
  await expect(clock.locator('.notice')).toContainText('days ahead');
  const settled = await brlWallet(page);
  expect(settled.pending).toBe(0);
  expect(settled.available).toBeCloseTo(requested.available + requested.pending, 2);
  afterClock = settled;

  await expectAccessible(page, problems);
});

test('the administrator approves one payout and rejects the other with a reason; the wallet follows', async ({
  page,
}) => {
  const problems = await open(page);
  await logIn(page, LOGINS.admin);
  const payouts = region(page, 'Payout requests');
  await list(page, 'Payout requests', async (s) => {
    await s.getByLabel('Merchant').selectOption({ label: 'Sub Ativa (sub of Loja Exemplo)' });
    await s.getByLabel('Status').selectOption('pending');
  });
  expect(await column(payouts, 'Payout requests', 0)).toEqual(expect.arrayContaining(created));

  const opened = await answerOf(page, 'payout-detail-exchange', () =>
    payouts.getByRole('button', { name: `Open ${created[0]}` }).click(),
  );
  expect(opened).toMatchObject({ status: 200, body: { id: created[0], status: 'pending' } });
  const facts = page.locator('#payout-detail-facts');
  await expect(facts).toContainText('R$100.00');
  await expect(facts).toContainText(opened.body.merchantEmail as string);
  const approved = await answerOf(page, 'payout-detail-exchange', () =>
    payouts.getByRole('button', { name: 'Approve' }).click(),
  );
  expect(approved).toMatchObject({ status: 200, body: { status: 'approved' } });
  await expect(facts.locator('.pill')).toHaveText('approved');

  await answerOf(page, 'payout-detail-exchange', () =>
    payouts.getByRole('button', { name: `Open ${created[1]}` }).click(),
  );
  await payouts.getByLabel('Rejection reason').fill('PIX key does not match the account holder');
  const rejected = await answerOf(page, 'payout-detail-exchange', () =>
    payouts.getByLabel('Rejection reason').press('Enter'),
  );
  expect(rejected).toMatchObject({
    status: 200,
    body: { status: 'rejected', rejectionReason: 'PIX key does not match the account holder' },
  });
  await expect(facts).toContainText('PIX key does not match the account holder');
  // Rejected: nothing more to review (the API's 400 for it: demo/service/payouts/review.test.ts).
  await expect(payouts.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await expect(page.locator('#review-note')).toContainText('Rejected on');

  const wallet = await brlWallet(page, 'Sub Ativa (sub of Loja Exemplo)');
  expect(wallet.reserved).toBeCloseTo(afterClock.reserved - 150, 2);
  expect(wallet.available).toBeCloseTo(afterClock.available + 50, 2);

  await expectAccessible(page, problems);
});

test('payout requests: every filter, ordering and paging, as the administrator', async ({
  page,
}) => {
  const problems = await open(page);
  await logIn(page, LOGINS.admin);
  const payouts = region(page, 'Payout requests');
  const statuses = () => column(payouts, 'Payout requests', 5);

  await list(page, 'Payout requests', (s) => s.getByLabel('Status').selectOption('approved'));
  expect(new Set(await statuses())).toEqual(new Set(['approved']));

  const processing = await list(page, 'Payout requests', (s) =>
    s.getByLabel('Status').selectOption('processing'),
  );
  expect(processing.body).toMatchObject({ total: 0, data: [] });

  await list(page, 'Payout requests', async (s) => {
    await s.getByLabel('Status').selectOption('');
    await s.getByLabel('Currency').fill('BRL');
    await s.getByLabel('Created from').fill('2025-01-01');
    await s.getByLabel('Created until').fill('2025-12-31');
    await s.getByLabel('Order by').fill('-amount');
  });
  const dates = await column(payouts, 'Payout requests', 6);
  expect(dates.length).toBeGreaterThan(0);
  for (const date of dates) expect(date >= '2025-01-01' && date <= '2025-12-31 23:59').toBe(true);
  const amounts = (await column(payouts, 'Payout requests', 2)).map(amount);
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

  const paged = await list(page, 'Payout requests', async (s) => {
    await s.getByLabel('Created from').fill('');
    await s.getByLabel('Created until').fill('');
    await s.getByLabel('Page size').fill('2');
  });
  expect(paged.body).toMatchObject({ page: 1, size: 2 });
  const firstPage = await column(payouts, 'Payout requests', 0);
  expect(firstPage).toHaveLength(2);
  const next = await answerOf(page, 'payouts-exchange', () =>
    payouts.getByRole('button', { name: 'Next page' }).click(),
  );
  expect(next.body).toMatchObject({ page: 2, total: paged.body.total });
  await expect(payouts.getByRole('status')).toContainText(`page 2 of ${paged.body.pages}`);
  expect(await column(payouts, 'Payout requests', 0)).not.toEqual(firstPage);

  // On a phone the table scrolls sideways inside its own focusable region.
  await page.setViewportSize({ width: 375, height: 800 });
  const scroller = payouts.getByRole('region', { name: 'Payout requests table' });
  expect(await scroller.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, problems);
});

test('Loja Exemplo: sub-merchants filtered, ordered and paged; a sub-account`s fees and wallet', async ({
  page,
}) => {
  const problems = await open(page);
  await logIn(page, LOGINS.lojaExemplo);
  const subs = region(page, 'Sub-merchants');
  const all = await list(page, 'Sub-merchants', async () => {});
  expect(all.status).toBe(200);
  const total = all.body.total as number;
  expect(total).toBeGreaterThanOrEqual(6);
  expect(await column(subs, 'Sub-merchants', 0)).not.toContain('Sub da Outra');

  await list(page, 'Sub-merchants', (s) => s.getByLabel('Status').selectOption('active'));
  expect(new Set(await column(subs, 'Sub-merchants', 3))).toEqual(new Set(['active']));

  await list(page, 'Sub-merchants', async (s) => {
    await s.getByLabel('Status').selectOption('');
    await s.getByLabel('Trade name').fill('SUB');
    await s.getByLabel('Order by').fill('tradeName');
  });
  const names = await column(subs, 'Sub-merchants', 0);
  expect(names.length).toBeGreaterThan(1);
  for (const name of names) expect(name.toLowerCase()).toContain('sub');
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

  await list(page, 'Sub-merchants', async (s) => {
    await s.getByLabel('Trade name').fill('');
    await s.getByLabel('Date of').selectOption('approvedAt');
    await s.getByLabel('On the day').fill('2025-01-13');
  });
  expect(await column(subs, 'Sub-merchants', 0)).toEqual(['Sub Ativa']);

  const paged = await list(page, 'Sub-merchants', async (s) => {
    await s.getByLabel('On the day').fill('');
    await s.getByLabel('Page size').fill('2');
  });
  expect(paged.body).toMatchObject({ page: 1, size: 2, total });
  const next = await answerOf(page, 'subs-exchange', () =>
    subs.getByRole('button', { name: 'Next page' }).click(),
  );
  expect(next.body).toMatchObject({ page: 2, total });
  await expect(subs.getByRole('status')).toContainText(`page 2 of ${paged.body.pages}`);

  await list(page, 'Sub-merchants', async (s) => {
    await s.getByLabel('Page', { exact: true }).fill('1');
    await s.getByLabel('Trade name').fill('Sub Ativa');
  });
  const fees = await answerOf(page, 'fees-exchange', () =>
    subs.getByRole('button', { name: 'Fees of Sub Ativa' }).click(),
  );
  expect(fees.status).toBe(200);
  const feeTable = region(page, 'Sub-account fees').getByRole('table');
  await expect(feeTable).toContainText('default');
  for (const brand of ['visa', 'mastercard', 'elo']) {
    await expect(feeTable.getByRole('cell', { name: brand, exact: true }).first()).toBeVisible();
  }

  const wallet = await brlWallet(page, 'Sub Ativa (sub of Loja Exemplo)');
  expect(wallet.withdrawals).toBe('enabled');

  await expectAccessible(page, problems);
});

test('the administrator changes a sub-merchant`s status; its master lists the change', async ({
  page,
}) => {
  const problems = await open(page);
  await logIn(page, LOGINS.admin);
  const status = region(page, 'Sub-merchant status');
  const change = async (value: string) => {
    await status
      .getByLabel('Sub-merchant')
      .selectOption({ label: 'Sub Pendente (sub of Loja Exemplo)' });
    await status.getByLabel('New status').selectOption(value);
    return answerOf(page, 'status-exchange', () =>
      status.getByRole('button', { name: 'Change status' }).click(),
    );
  };
  expect(await change('active')).toMatchObject({ status: 200, body: { status: 'active' } });
  await expect(page.locator('#status-result')).toHaveText('Sub Pendente is now active.');
  expect(await change('active')).toMatchObject({
    status: 400,
    body: { message: 'sub-merchant is already active' },
  });

  await logIn(page, LOGINS.lojaExemplo);
  await list(page, 'Sub-merchants', async (s) => {
    await s.getByLabel('Status').selectOption('active');
    await s.getByLabel('Trade name').fill('Pendente');
  });
  expect(await column(region(page, 'Sub-merchants'), 'Sub-merchants', 0)).toEqual(['Sub Pendente']);

  await logIn(page, LOGINS.admin);
  expect(await change('pending')).toMatchObject({ status: 200, body: { status: 'pending' } });
  await expectAccessible(page, problems);
});

test('the other kinds: a master without enable_connect, an inactive sub, another master`s sub', async ({
  page,
}) => {
  const problems = await open(page);
  await logIn(page, LOGINS.outraLoja);
  const fees = await answerOf(page, 'fees-exchange', () =>
    region(page, 'Sub-account fees').getByRole('button', { name: 'Read fees' }).click(),
  );
  expect(fees).toMatchObject({
    status: 403,
    body: { message: 'enable_connect capability is required' },
  });
  await expect(page.locator('#fees-result')).toContainText('enable_connect capability is required');

  await logIn(page, LOGINS.subInativa);
  const payout = await requestPayout(page, '10');
  expect(payout).toMatchObject({ status: 422, body: { message: 'sub-merchant is not active' } });

  await logIn(page, LOGINS.subDaOutra);
  const own = await brlWallet(page);
  expect(own.withdrawals).toBe('enabled');
  const other = await answerOf(page, 'wallets-exchange', async () => {
    const wallets = region(page, 'Wallets');
    await wallets.getByLabel('Merchant').selectOption({ label: 'Sub Ativa (sub of Loja Exemplo)' });
    await wallets.getByRole('button', { name: 'Show wallets' }).click();
  });
  expect(other.status).toBe(403);
  const subs = await list(page, 'Sub-merchants', async () => {});
  expect(subs.status).toBe(403);
  await expectAccessible(page, problems);
});

test('keyboard: log in and list wallets without a mouse', async ({ page }) => {
  const problems = await open(page);
  const account = page.getByLabel('Log in as');
  await account.focus();
  await account.selectOption(LOGINS.subAtiva);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await answerOf(page, 'login-exchange', () => page.keyboard.press('Enter'));
  await expect(page.locator('#session-state')).toContainText('Logged in as Sub Ativa');
  const currency = region(page, 'Wallets').getByLabel('Currency');
  await currency.focus();
  await currency.fill('BRL');
  const reply = await answerOf(page, 'wallets-exchange', () => page.keyboard.press('Enter'));
  expect(reply.status).toBe(200);
  await expect(region(page, 'Wallets').getByRole('table')).toContainText('BRL');
  await expectAccessible(page, problems);
});

test('under Trusted Types (?trusted-types=1): log in, list, open, 0 violations', async ({
  page,
}) => {
  const problems = await openDemoPage(page, '/platform.html?trusted-types=1');
  await page.locator('#login:enabled').waitFor();
  await logIn(page, LOGINS.admin);
  await list(page, 'Payout requests', async () => {});
  const payouts = region(page, 'Payout requests');
  const opened = await answerOf(page, 'payout-detail-exchange', () =>
    payouts
      .getByRole('button', { name: /^Open / })
      .first()
      .click(),
  );
  expect(opened.status).toBe(200);
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  expectNoProblems(problems);
});
