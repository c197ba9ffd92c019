import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, test } from '@playwright/test';
import { installFakeApplePay, TOKEN } from './apple-pay-fake';

/**
 * Apple Pay on the widget page, with the fake `ApplePaySession` of apple-pay-fake.ts that the
 * TEST injects before any page script runs (the demo's own simulation stays off: no
 * ?simulateApplePay=1).
 */

const form = (page: Page) => page.locator('secure-checkout-form');
const appleButton = (page: Page) => form(page).getByRole('button', { name: 'Pay with Apple Pay' });
const fakeLog = (page: Page) => page.evaluate(() => window.applePayFake.log);
const logTypes = async (page: Page) => (await fakeLog(page)).map((entry) => entry.type);

/** The widget page, its console lines, and every POST /merchant/charges it makes. */
async function openWidget(page: Page, query = '') {
  const consoleLines: string[] = [];
  const charges: Request[] = [];
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/merchant/charges')) {
      charges.push(request);
    }
  });
  await page.goto(`/widget.html${query}`);
  await expect(form(page).getByLabel('Card number')).toBeVisible();
  return { consoleLines, charges };
}

/** Clicks the button and waits until the merchant is validated (the sheet is "open"). */
async function openSheet(page: Page) {
  await appleButton(page).click();
  await expect.poll(() => logTypes(page)).toContain('completeMerchantValidation');
}

const authorize = (page: Page, token: unknown) =>
  page.evaluate(
    (t) => window.applePayFake.session?.onpaymentauthorized({ payment: { token: t } }),
    token,
  );

test('success: the token reaches POST /merchant/charges unchanged, STATUS_SUCCESS', async ({
  page,
}) => {
  await installFakeApplePay(page);
  const { charges } = await openWidget(page);
  await expect(appleButton(page)).toBeVisible();
  // The demo offers PIX too, so the divider says only "or" (card and PIX follow).
  await expect(form(page).locator('p.or')).toHaveText('or');

  const chargeRequest = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/merchant/charges'),
  );
  await openSheet(page);
  const [created] = await fakeLog(page);
  expect(created).toMatchObject({
    type: 'new',
    version: 14,
    userActivation: true,
    request: {
      countryCode: 'BR',
      currencyCode: 'BRL',
      merchantCapabilities: ['supports3DS'],
      supportedNetworks: ['visa', 'masterCard', 'amex', 'elo', 'discover', 'jcb'],
      total: { label: 'Sandbox Shop', amount: '120.50' },
    },
  });
  const validated = (await fakeLog(page)).find((e) => e.type === 'completeMerchantValidation');
  expect(validated?.session).toMatchObject({ merchantIdentifier: 'SANDBOX.FAKE.MERCHANT.ID' });

  await authorize(page, TOKEN);
  const body = (await chargeRequest).postDataJSON();
  expect(body.paymentMethod).toEqual({
    type: 'credit_card',
    installments: 1,
    wallet: { type: 'apple_pay', token: TOKEN },
  });
  await expect(form(page).getByRole('status')).toHaveText('Payment approved. Thank you!');
  await expect(page.locator('#charge-status')).toHaveText('paid');
  expect((await fakeLog(page)).filter((e) => e.type === 'completePayment')).toEqual([
    { type: 'completePayment', status: 0 },
  ]);
  expect(charges).toHaveLength(1);
});

test('malformed token: STATUS_FAILURE, onError, no charge request', async ({ page }) => {
  await installFakeApplePay(page);
  const { charges, consoleLines } = await openWidget(page);
  await openSheet(page);
  const { signature: _, ...withoutSignature } = TOKEN.paymentData;
  await authorize(page, { ...TOKEN, paymentData: withoutSignature });
  await expect
    .poll(async () => (await fakeLog(page)).filter((e) => e.type === 'completePayment'))
    .toEqual([{ type: 'completePayment', status: 1 }]);
  await expect(form(page).getByRole('status')).toContainText('Something went wrong.');
  expect(consoleLines).toContain('info: checkout error bad_response Apple Pay: invalid token');
  await page.waitForLoadState('networkidle');
  expect(charges).toHaveLength(0);
  await expect(appleButton(page)).toBeEnabled();
});

test('merchant validation fails: abort(), onError, no charge request', async ({ page }) => {
  await installFakeApplePay(page);
  await page.route('**/merchant/apple-pay/validate', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: '{"statusCode":502,"message":"Apple did not answer"}',
    }),
  );
  const { charges, consoleLines } = await openWidget(page);
  await appleButton(page).click();
  await expect.poll(() => logTypes(page)).toEqual(['new', 'begin', 'abort']);
  await expect
    .poll(() => consoleLines)
    .toContain(
      'info: checkout error configuration Apple Pay: merchant validation failed: Merchant validation failed (502)',
    );
  expect(charges).toHaveLength(0);
  await expect(appleButton(page)).toBeEnabled();
});

test('the shopper cancels: onCancel, the form is usable again', async ({ page }) => {
  await installFakeApplePay(page);
  const { charges, consoleLines } = await openWidget(page);
  await openSheet(page);
  await expect(form(page).getByLabel('Card number')).toBeDisabled();
  await page.evaluate(() => window.applePayFake.session?.oncancel({}));
  await expect.poll(() => consoleLines).toContain('info: checkout canceled');
  await expect(form(page).getByLabel('Card number')).toBeEnabled();
  await expect(appleButton(page)).toBeEnabled();
  await expect(form(page).locator('[role=status]')).toHaveText('');
  expect(await logTypes(page)).not.toContain('completePayment');
  expect(charges).toHaveLength(0);
});

test('keyboard: Enter on the focused button opens Apple Pay (a user gesture)', async ({ page }) => {
  await installFakeApplePay(page);
  await openWidget(page);
  await appleButton(page).focus();
  await expect(appleButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => logTypes(page)).toContain('completeMerchantValidation');
  expect((await fakeLog(page))[0]).toMatchObject({ type: 'new', userActivation: true });
});

test('axe: no violation with the Apple Pay button shown; no CSP violation', async ({ page }) => {
  await installFakeApplePay(page);
  const violations: string[] = [];
  page.on('console', (m) => m.type() === 'error' && violations.push(m.text()));
  await openWidget(page);
  await expect(appleButton(page)).toBeVisible();
  expect(violations).toEqual([]); // before axe, which injects inline styles of its own
  const found = (await new AxeBuilder({ page }).include('secure-checkout-form').analyze())
    .violations;
  expect(found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
});

test('no ApplePaySession: no Apple Pay button, the card form as always', async ({ page }) => {
  const { consoleLines } = await openWidget(page);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => 'ApplePaySession' in window)).toBe(false);
  await expect(appleButton(page)).toHaveCount(0);
  await expect(form(page).locator('p.or')).toHaveCount(0);
  await expect(form(page).getByRole('button', { name: /^Pay / })).toBeVisible();
  expect(consoleLines.filter((line) => line.startsWith('error'))).toEqual([]);
});

test.describe('the demo’s own simulation (?simulateApplePay=1)', () => {
  test('labelled on the page; pays through its sheet; the sandbox takes variant C', async ({
    page,
  }) => {
    const { charges } = await openWidget(page, '?simulateApplePay=1');
    await expect(page.getByRole('note')).toContainText('Apple Pay is SIMULATED on this page');
    await appleButton(page).click();
    const sheet = page.getByRole('dialog', { name: 'Simulated Apple Pay' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Pay (simulated)' }).click();
    await expect(form(page).getByRole('status')).toHaveText('Payment approved. Thank you!');
    await expect(page.locator('#charge-status')).toHaveText('paid');
    const token = charges[0]?.postDataJSON().paymentMethod.wallet.token;
    expect(token).toMatchObject({
      paymentData: {
        version: 'EC_v1',
        header: {
          ephemeralPublicKey: expect.any(String),
          publicKeyHash: expect.any(String),
          transactionId: expect.any(String),
        },
      },
      paymentMethod: { displayName: 'Visa 0492', network: 'Visa', type: 'debit' },
      transactionIdentifier: expect.stringMatching(/^[0-9A-F]{64}$/),
    });
    expect(atob(token.paymentData.data).length).toBeGreaterThan(0);
    await expect(sheet).toBeHidden();
  });

  test('the shopper closes the simulated sheet: canceled', async ({ page }) => {
    const { consoleLines } = await openWidget(page, '?simulateApplePay=1');
    await appleButton(page).click();
    const sheet = page.getByRole('dialog', { name: 'Simulated Apple Pay' });
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => consoleLines).toContain('info: checkout canceled');
    await expect(sheet).toHaveCount(0);
  });
});
