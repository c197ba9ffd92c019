import { expect, test } from '@playwright/test';
import { cardForm, expectClean, fillCardForm, openDemoPage } from './support';

/** The demo's `<secure-checkout>` page: what a merchant writes, and what the element tells it. */
test('element.html: the markup shown is the element on the page; a payment fires charge, the charge is paid', async ({
  page,
}) => {
  const problems = await openDemoPage(page, '/element.html?paymentMethods=card&installments=3');
  // The page's script writes the markup after load: wait for it (read at once, it was once empty).
  const markup = page.locator('#markup');
  await expect(markup).toHaveText(/^<secure-checkout publishable-key="pk_test_sandbox"\n/);
  expect(await markup.textContent()).toContain(
    '\n  payment-methods="card"\n  installments="3">\n</secure-checkout>',
  );
  const element = page.locator('secure-checkout');
  await expect(element).toHaveAttribute('installments', '3');
  await fillCardForm(page, '4000000000000010');
  await cardForm(page).getByRole('button', { name: /^Pay / }).click();
  await expect(cardForm(page).getByRole('status')).toHaveText('Payment approved. Thank you!');
  await expect(page.locator('#charge-status')).toHaveText('paid');
  await expect(page.locator('#fired li')).toHaveText([/ charge — credit_card$/]);
  await expectClean(page);
  expect(problems).toEqual({ consoleErrors: [], pageErrors: [] });
});

test('element.html: closing the bank’s window fires checkout-cancel', async ({ page }) => {
  await openDemoPage(page, '/element.html?paymentMethods=card');
  await fillCardForm(page, '4000000000000044');
  await cardForm(page).getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('#fired li')).toHaveText([/ checkout-cancel$/]);
});
