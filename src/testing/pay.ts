import type { Page } from '@playwright/test';
import { Budget, type FormOptions, findForm } from './waits';

/** pay's and choosePix's default timeout. */
export const CLICK_TIMEOUT_MS = 10_000;

/**
 * Clicks the form's Pay button (once it is enabled). Resolves when it was clicked: the payment
 * then runs (a challenge, a PIX code, the outcome); assert on what the page shows, or use
 * completeChallenge / payPix / paymentOutcome.
 * Rejects after `timeout` (default 10 000 ms) if the button never became clickable.
 */
export async function pay(page: Page, options: FormOptions = {}): Promise<void> {
  const budget = new Budget('pay', options.timeout ?? CLICK_TIMEOUT_MS);
  const form = await findForm(page, budget, options.within);
  await budget.wait(
    'the Pay button (button[type="submit"] in <secure-checkout-form>) to be enabled',
    (timeout) => form.locator('button[type="submit"]').click({ timeout }),
  );
}

/**
 * Chooses PIX in the form's Card / PIX choice (src/ui/payment-method-choice.tsx) and waits until
 * the form shows it chosen. A form that takes PIX only has no choice: it resolves at once.
 * Rejects after `timeout` (default 10 000 ms); at once if the form offers no PIX.
 */
export async function choosePix(page: Page, options: FormOptions = {}): Promise<void> {
  const budget = new Budget('choosePix', options.timeout ?? CLICK_TIMEOUT_MS);
  const form = await findForm(page, budget, options.within);
  const choice = form.locator('fieldset.methods');
  if ((await choice.count()) === 0) {
    // No choice: PIX is the only way (no card fields), or it is not offered at all.
    if ((await form.locator('input[name="number"], input[name="card"]').count()) === 0) return;
    throw budget.error(
      'found no Card / PIX choice in the form: mount it with paymentMethods including "pix" (and BRL)',
    );
  }
  // "PIX" is not translated: the one button with that name; the card's is localized.
  const button = choice.locator('button', { hasText: /^PIX$/ });
  await budget.wait('the PIX button of the Card / PIX choice to be enabled', (timeout) =>
    button.click({ timeout }),
  );
  await budget.wait('the form to show PIX chosen (aria-pressed="true")', (timeout) =>
    choice.locator('button[aria-pressed="true"]', { hasText: /^PIX$/ }).waitFor({ timeout }),
  );
}
