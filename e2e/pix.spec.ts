import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { choosePix, pay, payPix } from '../src/testing';
import { SANDBOX } from './sandbox-urls';
import { cardForm, expectClean, recordViolations, serveChangedSibling } from './support';

/**
 * PIX in the drop-in (script-tag build, widget.html): the step loads from its own file with the
 * pinned hash, the QR drawn by the form decodes to the code, and the QA buttons beside the charge
 * stand in for the shopper's bank.
 */
async function openWidget(page: Page, query = '') {
  await recordViolations(page);
  await page.goto(`/widget.html?paymentMethods=card,pix${query}`);
  await expect(cardForm(page).getByRole('button', { name: 'PIX' })).toBeVisible();
}

const payButton = (page: Page) => cardForm(page).getByRole('button', { name: /^(Pay|Pagar) / });
const qrImage = (page: Page) => cardForm(page).getByRole('img', { name: 'PIX QR code' });
const pixCode = (page: Page) => cardForm(page).getByRole('textbox', { name: 'PIX code' });

/** The charge the page shows and the code its PIX step shows. */
const shownCharge = async (page: Page): Promise<{ chargeId: string; code: string }> => ({
  chargeId: (await page.locator('#charge-id').textContent()) ?? '',
  code: await pixCode(page).inputValue(),
});

/** Chooses PIX and pays: the step shows the code of the charge the merchant server created. */
async function payWithPix(page: Page): Promise<{ chargeId: string; code: string }> {
  await choosePix(page);
  await expect(cardForm(page).getByLabel('Card number')).toHaveCount(0);
  await pay(page);
  await expect(qrImage(page)).toBeVisible();
  await expect(page.locator('#charge-status')).toHaveText('pending');
  return shownCharge(page);
}

/** The form says approved once onPixStatus reads the paid charge (≤ 10 s between reads). */
const expectApproved = (page: Page) =>
  expect(cardForm(page).getByRole('status')).toHaveText('Payment approved. Thank you!', {
    timeout: 15_000,
  });

/** QA pays the code with the demo page's button, beside the charge. */
async function simulatePayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Simulate payment' }).click();
  await expectApproved(page);
}

/** The merchant's way (secure-checkout/testing): the sandbox's QA route, for the code shown. */
async function payShownCode(page: Page, chargeId: string): Promise<void> {
  const charge = await payPix(page, { apiBase: SANDBOX.api, secretKey: 'sk_test_sandbox' });
  expect(charge).toMatchObject({ id: chargeId, status: 'paid' });
  await expectApproved(page);
}

/** What the merchant server reads for the charge (the API's answer). */
async function chargeOf(page: Page, id: string) {
  const reply = await page.request.get(`/merchant/charges/${id}`);
  expect(reply.status()).toBe(200);
  return (await reply.json()) as { status: string; pix: { qrCode: string; expiresAt: string } };
}

/** The QR as the shopper's phone sees it: a screenshot of the drawn SVG, decoded by jsQR. */
async function decodeQr(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await qrImage(page).screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

const eventsShown = (page: Page) => page.locator('#charge-events li');

test('pay by PIX: the QR decodes to the charge’s code, copy works, QA pays it, the form says approved', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const sibling = page.waitForRequest((r) => r.url().endsWith('/dist/secure-checkout-pix.js'));
  await openWidget(page);
  const { chargeId, code } = await payWithPix(page);
  // The step came as the sibling file, with the integrity the main file pinned.
  expect((await sibling).url()).toContain('/dist/secure-checkout-pix.js');
  const charge = await chargeOf(page, chargeId);
  expect(code).toBe(charge.pix.qrCode);
  expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
  expect(await decodeQr(page)).toBe(code);
  await expect(cardForm(page).getByText(/The code expires in \d\d:\d\d/)).toBeVisible();

  await cardForm(page).getByRole('button', { name: 'Copy code' }).click();
  await expect(cardForm(page).getByText('Code copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  // axe injects inline styles of its own: the CSP is checked before it, and after it from there.
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  const axe = (await new AxeBuilder({ page }).include('#checkout').analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(axe.map((v) => v.id)).toEqual([]);
  await page.evaluate(() => window.e2e.violations.splice(0));

  await expect(eventsShown(page)).toHaveText(['charge.created', 'charge.pending']);
  await simulatePayment(page);
  await expect(eventsShown(page)).toHaveText(['charge.created', 'charge.pending', 'charge.paid']);
  await expect(qrImage(page)).toHaveCount(0);
  await expect(page.locator('#charge-status')).toHaveText('paid');
  await expectClean(page);
});

test('an expired code: the form offers a new one, which is a new charge and can be paid', async ({
  page,
}) => {
  await openWidget(page);
  const first = await payWithPix(page);
  await page.getByRole('button', { name: 'Expire the code now' }).click();
  await expect(eventsShown(page)).toHaveText([
    'charge.created',
    'charge.pending',
    'charge.updated',
  ]);
  const newCode = cardForm(page).getByRole('button', { name: 'Generate a new code' });
  await expect(newCode).toBeVisible({ timeout: 15_000 });
  // Shown once, and read out as it takes focus (not said again by the live region).
  await expect(cardForm(page).getByText('This code has expired.')).toBeFocused();
  await expect(cardForm(page).locator('p.sr')).not.toHaveText('This code has expired.');
  expect((await chargeOf(page, first.chargeId)).status).toBe('expired');

  await newCode.click();
  await expect(qrImage(page)).toBeVisible();
  await expect(page.locator('#charge-id')).not.toHaveText(first.chargeId);
  const second = await shownCharge(page);
  expect(second.code).not.toBe(first.code);
  expect(await decodeQr(page)).toBe(second.code);
  await payShownCode(page, second.chargeId);
  await expectClean(page);
});

test('destroy() while the code shows: the step is gone and its charge is never read again', async ({
  page,
}) => {
  await openWidget(page);
  const { chargeId } = await payWithPix(page);
  const reads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`/merchant/charges/${chargeId}`)) reads.push(r.url());
  });
  await page.evaluate(() =>
    (window as unknown as { demoMount: { destroy(): void } }).demoMount.destroy(),
  );
  await expect(page.locator('secure-checkout-form')).toHaveCount(0);
  const after = reads.length;
  // Longer than the longest back-off between two reads.
  await page.waitForTimeout(12_000);
  expect(reads.length).toBe(after);
  await expectClean(page);
});

test('a changed PIX file is refused by its integrity hash: onError, no charge created', async ({
  page,
}) => {
  const seen = await serveChangedSibling(page, 'secure-checkout-pix.js');
  await openWidget(page);
  await cardForm(page).getByRole('button', { name: 'PIX' }).click();
  await payButton(page).click();
  await expect
    .poll(() => seen.errors)
    .toEqual(['checkout error network The PIX step could not load']);
  expect(seen.charged).toBe(false);
  await expect(qrImage(page)).toHaveCount(0);
  // The shopper can still pay another way: the form is usable again.
  await expect(payButton(page)).toBeEnabled();
});

test('under Trusted Types (?trusted-types=1): the PIX file loads through the secure-checkout policy, 0 violations', async ({
  page,
}) => {
  await openWidget(page, '&trusted-types=1');
  const { code, chargeId } = await payWithPix(page);
  expect(await decodeQr(page)).toBe(code);
  await payShownCode(page, chargeId);
  await expectClean(page);
  // The policy is live: a plain string into a script's src is refused.
  const refused = await page.evaluate(() => {
    try {
      document.createElement('script').src = '/x.js';
      return false;
    } catch {
      return true;
    }
  });
  expect(refused).toBe(true);
});

test('the ESM build (?build=esm): the PIX step comes as a chunk of it, and pays the same way', async ({
  page,
}) => {
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/dist/secure-checkout')) loaded.push(new URL(r.url()).pathname);
  });
  await openWidget(page, '&build=esm');
  const { code, chargeId } = await payWithPix(page);
  expect(loaded.some((path) => /^\/dist\/secure-checkout-pix-step-[\w-]+\.mjs$/.test(path))).toBe(
    true,
  );
  expect(loaded).not.toContain('/dist/secure-checkout-pix.js');
  expect(await decodeQr(page)).toBe(code);
  await payShownCode(page, chargeId);
  await expectClean(page);
});
