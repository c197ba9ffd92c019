import { expect, type Page, test } from '@playwright/test';
import { SANDBOX } from './sandbox-urls';
import {
  answerChallenge,
  challengeFrame,
  expectClean,
  fillShopForm,
  leftovers,
  openDemoPage,
  scenario,
} from './support';

const PAGES = [
  { path: '/', title: 'QA panel', ready: '[data-card]' },
  { path: '/checkout.html', title: 'Script-tag checkout', ready: '#order-total:not(:empty)' },
  { path: '/widget.html', title: 'Drop-in form', ready: 'secure-checkout-form' },
  { path: '/element.html', title: 'Custom element', ready: 'secure-checkout-form' },
  { path: '/spa.html', title: 'SPA example', ready: '#cart-items li' },
  { path: '/examples/react/', title: 'React', ready: 'secure-checkout-form' },
  { path: '/examples/vue/', title: 'Vue', ready: 'secure-checkout-form' },
  { path: '/engine.html', title: 'Headless engine', ready: '#scenario option' },
  { path: '/platform.html', title: 'Platform', ready: '#login:enabled' },
  { path: '/subscriptions.html', title: 'Subscriptions', ready: '#merchant-load:enabled' },
  { path: '/webhooks.html', title: 'Webhooks', ready: '#merchant-load:enabled' },
  { path: '/faults.html', title: 'Faults', ready: '#merchant-load:enabled' },
  { path: '/requests.html', title: 'Requests', ready: '#merchant-load:enabled' },
  { path: '/api-reference.html', title: 'API reference', ready: '[data-operation]' },
];

for (const { path, title, ready } of PAGES) {
  test(`${path} loads with no CSP violation, no console error, and links every demo page`, async ({
    page,
  }) => {
    const problems = await openDemoPage(page, path);
    await expect(page.locator(ready).first()).toBeAttached();
    await page.waitForLoadState('networkidle');
    const nav = page.getByRole('navigation', { name: 'Demo pages' });
    await expect(nav.getByRole('link')).toHaveText(PAGES.map((p) => p.title));
    await expect(nav.locator('[aria-current="page"]')).toHaveText(title);
    expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [] });
  });
}

test.describe('script-tag checkout', () => {
  for (const name of ['Frictionless success', 'Direct challenge']) {
    test(`pays with the "${name}" card and shows the confirmation`, async ({ page, request }) => {
      const { card, challengeAction } = await scenario(name);
      const problems = await openDemoPage(page, '/checkout.html');
      await expect(page.locator('#pay')).toHaveText(/^Pay R\$/);
      await fillShopForm(page, card);
      await page.locator('#pay').click();
      if (challengeAction) await answerChallenge(page, challengeAction);

      const confirmation = page.locator('#confirmation');
      await expect(confirmation).toBeVisible();
      await expect(confirmation.getByRole('heading')).toHaveText(
        'Thank you! Your order is confirmed',
      );
      await expect(page.locator('#confirmation-amount')).toHaveText('R$185.90');
      const id = (await page.locator('#confirmation-id').textContent()) ?? '';
      const charge = await (await request.get(`${SANDBOX.demo}/merchant/charges/${id}`)).json();
      expect(charge).toMatchObject({
        status: 'paid',
        amount: 185.9,
        currency: 'BRL',
        customer: { email: 'ana.souza@example.com' },
        paymentMethod: { last4: card.slice(-4) },
        threeDS: { state: 'success' },
      });
      await expectClean(page);
      expect(problems).toEqual({ consoleErrors: [], pageErrors: [] });
    });
  }

  test('a denied card is explained in shopper words, and "Try again" brings the form back', async ({
    page,
  }) => {
    const { card } = await scenario('Authentication failed (denied)');
    await openDemoPage(page, '/checkout.html');
    await fillShopForm(page, card);
    await page.locator('#pay').click();
    const outcome = page.getByRole('alert');
    await expect(outcome).toContainText('Your bank did not confirm this payment');
    await expect(outcome).toContainText('Nothing was charged');
    await expect(page.locator('#pay-form')).toBeHidden();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('#pay')).toBeFocused();
    await expect(page.getByLabel('Card number')).not.toHaveValue('');
  });

  test('the issuer declines the charge: "Your card was declined", nothing confirmed', async ({
    page,
  }) => {
    const { card } = await scenario('Issuer declines the charge');
    const problems = await openDemoPage(page, '/checkout.html');
    await fillShopForm(page, card);
    await page.locator('#pay').click();
    const outcome = page.getByRole('alert');
    await expect(outcome).toContainText('Your card was declined');
    await expect(outcome).toContainText('failed (card_declined)');
    await expect(page.locator('#confirmation')).toBeHidden();
    await expectClean(page);
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [] });
  });

  test('closing the bank window is a "not confirmed", not an error', async ({ page }) => {
    const { card } = await scenario('Direct challenge');
    await openDemoPage(page, '/checkout.html');
    await fillShopForm(page, card);
    await page.locator('#pay').click();
    await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('alert')).toContainText('Payment not confirmed');
    await expectClean(page);
  });

  test('fields the card rules reject are marked, with the focus on the first', async ({ page }) => {
    await openDemoPage(page, '/checkout.html');
    await fillShopForm(page, '4000 0000 0000 0011');
    await page.getByLabel('Expiry (MM/YY)').fill('13/20');
    await page.locator('#pay').click();
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Card number')).toBeFocused();
    await expect(page.locator('#card-number-error')).toHaveText('Check the card number.');
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveAttribute('aria-invalid', 'true');
  });

  // Issue 26, item 3: the card's own fields used to be marked only on a second submit.
  const EMPTY_FIELD_ERRORS = {
    'E-mail for the receipt': 'Enter the e-mail address for your receipt.',
    'Name on card': 'Enter the name as it is printed on the card.',
    'Expiry (MM/YY)': 'Enter the expiry date as MM/YY.',
    'Security code': 'Enter the 3 or 4 digits on the back of the card.',
  };

  async function expectEveryEmptyFieldMarked(page: Page) {
    for (const [label, text] of Object.entries(EMPTY_FIELD_ERRORS)) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field, label).toHaveAttribute('aria-invalid', 'true');
      await expect(field, label).toHaveAccessibleDescription(text);
    }
    await expect(page.getByLabel('Card number')).not.toHaveAttribute('aria-invalid');
    await expect(page.locator('.field-error')).toHaveCount(4);
    await expect(page.locator('#pay-status')).toHaveText(/^4 fields need attention/);
    await expect(page.getByLabel('E-mail for the receipt')).toBeFocused();
  }

  test('only the card number typed: one Pay marks every other field, the first focused', async ({
    page,
  }) => {
    const { card } = await scenario('Frictionless success');
    const problems = await openDemoPage(page, '/checkout.html');
    let apiCalls = 0;
    page.on('request', (r) => {
      if (r.url().startsWith(`${SANDBOX.api}/v1/`)) apiCalls++;
    });
    await page.getByLabel('Card number').fill(card);
    await page.locator('#pay').click();
    await expectEveryEmptyFieldMarked(page);
    expect(apiCalls).toBe(0);

    // A past expiry is told as such, beside the others still missing.
    await page.getByLabel('Expiry (MM/YY)').fill('01/20');
    await page.locator('#pay').click();
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveAccessibleDescription(
      'This card has expired.',
    );
    await expect(page.locator('.field-error')).toHaveCount(4);
    expect(apiCalls).toBe(0);
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [] });
  });

  test('Enter before the cart is priced does nothing: no reload, and the form works once ready', async ({
    page,
  }) => {
    // The catalogue held back: the page is still awaiting it when Enter is pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/merchant/catalogue', async (route) => {
      await held;
      await route.continue();
    });
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await openDemoPage(page, '/checkout.html');
    await expect(page.locator('#pay')).toBeDisabled();
    await page.getByLabel('Card number').fill('4000 0000 0000 0010');
    await page.getByLabel('Card number').press('Enter');
    release();
    await expect(page.locator('#pay')).toBeEnabled();
    await expect(page.locator('#pay')).toHaveText(/^Pay R\$/);
    expect(navigations).toEqual([`${SANDBOX.demo}/checkout.html`]);
    await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0010');
    await page.getByLabel('Card number').press('Enter');
    await expectEveryEmptyFieldMarked(page);
  });

  test('keyboard only: Enter marks every field at once, then the corrected form pays', async ({
    page,
  }) => {
    const { card } = await scenario('Frictionless success');
    await openDemoPage(page, '/checkout.html');
    // Ready as a person sees it: Pay is enabled once the cart is priced (the test below).
    await expect(page.locator('#pay')).toBeEnabled();
    await page.getByLabel('Card number').focus();
    await page.keyboard.type(card);
    await page.keyboard.press('Enter');
    await expectEveryEmptyFieldMarked(page);

    // From the focused e-mail on, in the page's order, with Tab alone.
    const year = String((new Date().getFullYear() + 4) % 100).padStart(2, '0');
    await page.keyboard.type('ana.souza@example.com');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Card number')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ana Souza');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`12${year}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await expect(page.locator('#confirmation')).toContainText('Your order is confirmed');
    await expect(page.locator('#confirmation-title')).toBeFocused();
  });
});

test.describe('SPA example', () => {
  test('back during the challenge aborts: the modal closes, the page says so, nothing is left', async ({
    page,
  }) => {
    const { card } = await scenario('Direct challenge');
    const problems = await openDemoPage(page, '/spa.html');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\?step=payment$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment');
    await fillShopForm(page, card);
    await page.locator('#pay').click();
    await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(`${SANDBOX.demo}/spa.html`);
    await expect(page.locator('dialog')).toHaveCount(0);
    const notice = page.locator('#spa-notice');
    await expect(notice).toHaveAttribute('data-state', 'aborted');
    await expect(notice).toContainText('Payment interrupted');
    await expect(page.locator('#dev-log')).toContainText(
      'authenticate() rejected: CheckoutError aborted',
    );
    await expect(page.locator('#dev-log')).toContainText('checkout.destroy()');
    expect(await leftovers(page)).toEqual({ iframes: 0, dialogs: 0, hosts: 0 });
    await expectClean(page);
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [] });

    // Forward again: a fresh checkout, and the payment works.
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment');
    await page.locator('#pay').click();
    await answerChallenge(page, 'approve');
    await expect(page.locator('#confirmation')).toContainText('Your order is confirmed');
  });
});

test.describe('QA panel', () => {
  test('an inactive sub-merchant key: the 422 is shown as text, no charge', async ({ page }) => {
    const { card } = await scenario('Frictionless success');
    await openDemoPage(page, '/');
    await page.locator(`[data-card="${card}"] button`).click();
    await page.getByText('Settings').click();
    await page.getByLabel('Publishable key').fill('pk_test_inactive');
    await page.locator('#pay').click();
    const error = page.locator('#result-error');
    await expect(error).toContainText('CheckoutError unprocessable (HTTP 422)');
    await expect(error).toContainText('sub-merchant is not active');
    await expect(page.locator('#result-status')).toHaveText('');
    await expect(page.locator('#charge-note')).toContainText('No charge');
  });

  test('invalid input: each issue under its field and in the result, before any request', async ({
    page,
  }) => {
    await openDemoPage(page, '/');
    await expect(page.locator('[data-card]').first()).toBeVisible();
    let apiCalls = 0;
    page.on('request', (r) => {
      if (r.url().startsWith(`${SANDBOX.api}/v1/`)) apiCalls++;
    });
    await page.getByLabel('Card number').fill('1234');
    await page.getByLabel('Expiry month').fill('13');
    await page.locator('#pay').click();
    await expect(page.locator('#result-error')).toContainText('CheckoutError invalid_input');
    await expect(page.locator('#result-error li')).toHaveCount(2);
    await expect(page.locator('#card-number-error')).toContainText('Luhn');
    await expect(page.getByLabel('Card number')).toBeFocused();
    await expect(page.getByLabel('Expiry month')).toHaveAttribute('aria-invalid', 'true');
    expect(apiCalls).toBe(0);
  });
});
