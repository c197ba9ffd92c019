import { expect, type Locator, type Page, test } from '@playwright/test';
import { cardForm, expectClean, recordViolations } from './support';

/**
 * Where focus lands when a payment ends, for a keyboard or screen-reader user (docs/form.md,
 * "Where focus goes"): on the outcome's message in every outcome the form can reach, in the
 * drop-in (widget.html) and in `<secure-checkout>` (element.html); back on the button that opened
 * the bank's window or the wallet's sheet when the shopper stepped back. Never on the page's body.
 */

const notice = (form: Locator) => form.locator('[role="status"].notice');

/** The element that has focus, through shadow roots: `tag.class` and its text. */
const deepFocus = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active ? `${active.localName}.${active.className}` : 'none';
  });

/** Types the card with the keyboard alone, from "Card number", and presses Enter in the last field. */
async function payByKeyboard(page: Page, form: Locator, number: string): Promise<void> {
  await form.getByLabel('Card number').focus();
  for (const text of [number, 'Ana Souza', '12', '30', '123']) {
    await page.keyboard.type(text);
    if (text !== '123') await page.keyboard.press('Tab');
  }
  await expect(form.getByLabel('Security code')).toBeFocused();
  await page.keyboard.press('Enter');
}

for (const { name, path, form } of [
  { name: 'drop-in', path: '/widget.html', form: cardForm },
  { name: '<secure-checkout>', path: '/element.html', form: (page: Page) => cardForm(page) },
]) {
  test.describe(name, () => {
    test.beforeEach(async ({ page }) => {
      await recordViolations(page);
      await page.goto(`${path}?paymentMethods=card`);
      await expect(form(page).getByLabel('Card number')).toBeVisible();
    });

    test('approved, keyboard only: "Payment approved" has focus once Pay is gone', async ({
      page,
    }) => {
      await payByKeyboard(page, form(page), '4000000000000010');
      await expect(notice(form(page))).toHaveText('Payment approved. Thank you!');
      await expect(notice(form(page))).toBeFocused();
      expect(await deepFocus(page)).toBe('div.notice good');
      await expectClean(page);
    });

    test('declined by the issuer: the message has focus, Tab reaches "Try again", Enter the card', async ({
      page,
    }) => {
      await payByKeyboard(page, form(page), '4000000000000150');
      await expect(notice(form(page))).toContainText('The payment was declined.');
      await expect(notice(form(page))).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(form(page).getByRole('button', { name: 'Try again' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(form(page).getByLabel('Card number')).toBeFocused();
    });

    test("the bank's 3DS error: the message has focus", async ({ page }) => {
      await payByKeyboard(page, form(page), '4000000000000127');
      await expect(notice(form(page))).toContainText('could not check this payment');
      await expect(notice(form(page))).toBeFocused();
    });
  });
}

test.describe('PIX (drop-in)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/widget.html?paymentMethods=card,pix');
    const form = cardForm(page);
    await form.getByRole('button', { name: 'PIX' }).click();
    await form.getByRole('button', { name: /^Pay / }).click();
    await expect(form.getByRole('img', { name: 'PIX QR code' })).toBeVisible();
  });

  test('paid: "Payment approved" has focus', async ({ page }) => {
    await page.getByRole('button', { name: 'Simulate payment' }).click();
    await expect(notice(cardForm(page))).toHaveText('Payment approved. Thank you!', {
      timeout: 15_000,
    });
    await expect(notice(cardForm(page))).toBeFocused();
  });

  test('expired: "This code has expired." has focus, "Generate a new code" the next Tab stop', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Expire the code now' }).click();
    const message = cardForm(page).getByText('This code has expired.');
    await expect(message).toBeFocused({ timeout: 15_000 });
    await page.keyboard.press('Tab');
    await expect(cardForm(page).getByRole('button', { name: 'Generate a new code' })).toBeFocused();
  });
});

test.describe('stepping back: focus returns to the button that opened the window', () => {
  test("the bank's window closed with Esc: back on Pay", async ({ page }) => {
    await page.goto('/widget.html?paymentMethods=card');
    await payByKeyboard(page, cardForm(page), '4000000000000044');
    await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(notice(cardForm(page))).toContainText('was not confirmed');
    await expect(cardForm(page).getByRole('button', { name: /^Pay / })).toBeFocused();
  });

  test("Apple Pay's sheet canceled: back on the Apple Pay button", async ({ page }) => {
    await page.goto('/widget.html?simulateApplePay=1&paymentMethods=apple_pay,card');
    const apple = cardForm(page).getByRole('button', { name: 'Pay with Apple Pay' });
    await apple.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Simulated Apple Pay' });
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(apple).toBeEnabled();
    await expect(apple).toBeFocused();
  });
});
