import { expect, type Page, test } from '@playwright/test';
import { completeChallenge, fillCard, pay } from '../src/testing';
import {
  cardForm,
  challengeFrame,
  expectClean,
  fillCardForm,
  leftovers,
  recordViolations,
  seriousAxe,
  serveChangedSibling,
} from './support';

async function openWidget(page: Page, query = '') {
  await recordViolations(page);
  await page.goto(`/widget.html${query}`);
  await expect(cardForm(page).locator('input').first()).toBeVisible();
}

const payButton = (page: Page) => cardForm(page).getByRole('button', { name: /^Pay / });

const BRANDS: [string, string, string][] = [
  ['Visa', '4111111111111111', '123'],
  ['Mastercard', '5555555555554444', '123'],
  ['American Express', '378282246310005', '1234'],
  ['Elo', '6362970000457013', '123'],
  ['Hipercard', '6062825624254001', '123'],
  ['Diners Club', '36227206271667', '123'],
  ['Discover', '6011111111111117', '123'],
  ['JCB', '3530111333300000', '123'],
];

for (const [brand, number, cvv] of BRANDS) {
  test(`pays with ${brand}`, async ({ page }) => {
    await openWidget(page);
    await fillCardForm(page, number, cvv);
    await expect(cardForm(page).getByText(brand, { exact: true })).toBeVisible();
    await payButton(page).click();
    await expect(cardForm(page).getByRole('status')).toHaveText('Payment approved. Thank you!');
    await expect(page.locator('#charge-status')).toHaveText('paid');
    await expectClean(page);
  });
}

test('formats the number as typed and shows errors beside the fields', async ({ page }) => {
  await openWidget(page);
  const number = cardForm(page).getByLabel('Card number');
  await number.pressSequentially('4111111111111112');
  await expect(number).toHaveValue('4111 1111 1111 1112');
  await payButton(page).click();
  await expect(cardForm(page).getByRole('status')).toHaveText('Check the highlighted fields.');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toBeFocused();
  await expect(cardForm(page).getByText('Enter a valid card number.')).toBeVisible();
  expect(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').some((r) => r.name.includes('/v1/')),
    ),
  ).toBe(false);
});

test('challenge from the form: approved', async ({ page }) => {
  const sibling = page.waitForRequest((r) =>
    r.url().endsWith('/dist/secure-checkout-challenge.js'),
  );
  await openWidget(page);
  await fillCardForm(page, '4000000000000044');
  await payButton(page).click();
  // The dialog comes from the file beside the script tag's, checked by its pinned hash.
  expect((await sibling).url()).toContain('/dist/secure-checkout-challenge.js');
  await expect(page.getByRole('dialog', { name: 'Confirm your payment' })).toBeVisible();
  await completeChallenge(page);
  await expect(cardForm(page).getByRole('status')).toHaveText('Payment approved. Thank you!');
  await expect(page.locator('#charge-status')).toHaveText('paid');
  await expectClean(page);
});

test('a changed challenge file is refused by its integrity hash: no dialog, no charge, the form back', async ({
  page,
}) => {
  const seen = await serveChangedSibling(page, 'secure-checkout-challenge.js');
  await openWidget(page);
  await fillCardForm(page, '4000000000000044');
  await payButton(page).click();
  await expect
    .poll(() => seen.errors)
    .toEqual(['checkout error network The challenge dialog could not load']);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(seen.charged).toBe(false);
  await expect(payButton(page)).toBeEnabled();
  await expectClean(page);
});

test('challenge declined: shopper words and a way to try again', async ({ page }) => {
  await openWidget(page);
  await fillCard(page, '4000000000000051');
  await pay(page);
  await completeChallenge(page, { code: '000000' });
  await expect(cardForm(page).getByRole('status')).toContainText(
    'Your bank did not approve this payment',
  );
  await expect(page.locator('#charge')).toBeHidden();
  await cardForm(page).getByRole('button', { name: 'Try again' }).click();
  await expect(payButton(page)).toBeEnabled();
});

test('challenge closed: not confirmed, the form is back', async ({ page }) => {
  await openWidget(page);
  await fillCard(page, '4000000000000044');
  await pay(page);
  await completeChallenge(page, { close: true });
  await expect(cardForm(page).getByRole('status')).toContainText('was not confirmed');
  await expect(payButton(page)).toBeFocused();
  await expectClean(page);
});

test('saved card: managed 3DS with a challenge, then resume-3ds', async ({ page }) => {
  await openWidget(page, '?saved=1');
  const f = cardForm(page);
  await f
    .getByRole('radio', { name: /Visa •••• \d{4}, \d\d\/\d\d/ })
    .first()
    .check();
  await expect(f.getByLabel('Card number')).toHaveCount(0);
  await expect(f.getByRole('radio')).toHaveCount(3); // two active cards of the customer, then a new card
  await expect(f.getByRole('radio').last()).toHaveAccessibleName('Use a new card');
  await f.getByRole('radio', { name: /•••• 0044/ }).check();
  await f.getByLabel('Security code').fill('123');
  await payButton(page).click();
  await completeChallenge(page);
  await expect(f.getByRole('status')).toHaveText('Payment approved. Thank you!');
  await expect(page.locator('#charge-status')).toHaveText('paid');
});

test('keyboard only: Tab, Shift+Tab, typing, Enter to pay, Esc closes the challenge', async ({
  page,
}) => {
  await openWidget(page);
  await cardForm(page).getByLabel('Card number').focus();
  await page.keyboard.type('4000000000000044');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ana Souza');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(cardForm(page).getByLabel('Expiry month')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(cardForm(page).getByRole('status')).toContainText('was not confirmed');
  await expect(payButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible(); // the bank's page is there
  await page.keyboard.press('Tab'); // from Close into the bank's page
  await expect(challengeFrame(page).locator('#acs-code')).toBeFocused();
  await page.keyboard.type('1234');
  await page.keyboard.press('Enter');
  await expect(cardForm(page).getByRole('status')).toHaveText('Payment approved. Thank you!');
});

test('axe: no serious or critical violation, form and challenge', async ({ page }) => {
  await openWidget(page, '?saved=1');
  expect(await seriousAxe(page)).toEqual([]);
  await cardForm(page).getByRole('radio', { name: 'Use a new card' }).check();
  await payButton(page).click();
  expect(await seriousAxe(page)).toEqual([]);
});

test('strict CSP page: script-src and style-src self only, 0 violations through a whole payment', async ({
  page,
}) => {
  const response = await page.goto('/widget.html');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  await openWidget(page);
  await fillCard(page, '4000000000000036');
  await pay(page);
  await completeChallenge(page);
  await expect(cardForm(page).getByRole('status')).toHaveText('Payment approved. Thank you!');
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
});

test('360×640 phone: the form fits and the challenge is full screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await openWidget(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await fillCardForm(page, '4000000000000044');
  await payButton(page).click();
  const box = await page.locator('dialog').boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 360, height: 640 });
  await page.getByRole('button', { name: 'Close' }).click();
  expect(await leftovers(page)).toMatchObject({ dialogs: 0 });
});

test('pt-BR: labels, installments and the pay button in Portuguese', async ({ page }) => {
  await openWidget(page, '?locale=pt-BR');
  await expect(cardForm(page).getByLabel('Número do cartão')).toBeVisible();
  await expect(cardForm(page).getByRole('button', { name: /^Pagar R\$\s120,50$/ })).toBeVisible();
  const option = cardForm(page).getByLabel('Parcelas').locator('option').nth(2);
  await expect(option).toHaveText(/^3× R\$\s40,17 sem juros$/);
});
