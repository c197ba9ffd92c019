import type { Page } from '@playwright/test';
import { Budget, type FormOptions, findForm } from './waits';

/** How the form says a payment ended (its message, src/ui/outcome-notice.tsx). */
export interface PaymentOutcome {
  /** The payment was approved; `false`: declined, failed, canceled, or fields to fix. */
  paid: boolean;
  /** The message as the shopper reads it, in the form's language. */
  message: string;
}

/** paymentOutcome's default timeout: longer than the form's longest wait between PIX reads. */
export const OUTCOME_TIMEOUT_MS = 30_000;

/**
 * Waits for the form's outcome message after pay (and a challenge, or payPix) and says whether
 * it is the approval, by the message's tone rather than its words. Rejects after `timeout`
 * (default 30 000 ms) if the form shows none.
 */
export async function paymentOutcome(
  page: Page,
  options: FormOptions = {},
): Promise<PaymentOutcome> {
  const budget = new Budget('paymentOutcome', options.timeout ?? OUTCOME_TIMEOUT_MS);
  const form = await findForm(page, budget, options.within);
  const notice = form.locator('[role="status"].notice:is(.good, .bad)');
  await budget.wait(
    "the form's outcome message ([role=status] in <secure-checkout-form>)",
    (timeout) => notice.waitFor({ state: 'visible', timeout }),
  );
  const [className, text] = await Promise.all([
    notice.getAttribute('class', { timeout: budget.left() }),
    // Without the "Try again" button's text.
    notice.evaluate((element) => element.firstChild?.textContent ?? '', undefined, {
      timeout: budget.left(),
    }),
  ]);
  return { paid: /\bgood\b/.test(className ?? ''), message: text.trim() };
}
