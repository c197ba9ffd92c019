import type { Page } from '@playwright/test';
import { Budget, type FormOptions, findForm } from './waits';

/**
 * A card as a merchant's test has it. Only `number` is needed; a string is the number alone.
 */
export interface TestCard {
  /** The card number, spaces allowed: e.g. a sandbox test card (docs/sandbox.md). */
  number: string;
  /**
   * `MM/YY` (or `MM/YYYY`). Instead: `expirationMonth` and `expirationYear`.
   * @default December, four years from now
   */
  expiry?: string;
  /** `1`–`12` or `01`–`12`; with `expirationYear`, instead of `expiry`. */
  expirationMonth?: string | number;
  /** `YY` or `YYYY`; with `expirationMonth`, instead of `expiry`. */
  expirationYear?: string | number;
  /**
   * The security code.
   * @default '1234' for an American Express number (34…, 37…), else '123'
   */
  cvv?: string;
  /**
   * The name on the card.
   * @default 'Test Cardholder'
   */
  holderName?: string;
}

/** The customer fields a form asks for (its `customerFields` mount option). */
export interface TestCustomer {
  name?: string;
  email?: string;
  phone?: string;
  /** CPF or CNPJ. */
  document?: string;
}

export interface FillCardOptions extends FormOptions {
  /** Also fills these customer fields; each must be one the form shows. */
  customer?: TestCustomer;
}

/** fillCard's default timeout. */
export const FILL_TIMEOUT_MS = 10_000;

/** Month and year as the form's two expiry fields take them. */
export function expiryOf(card: TestCard): { month: string; year: string } {
  const pad = (month: string) => (month.length === 1 ? `0${month}` : month);
  if (card.expiry !== undefined) {
    const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
    if (!match) {
      throw new Error(
        `secure-checkout/testing: fillCard's expiry must be MM/YY or MM/YYYY, not "${card.expiry}"`,
      );
    }
    return { month: pad(match[1] as string), year: match[2] as string };
  }
  if (card.expirationMonth !== undefined || card.expirationYear !== undefined) {
    if (card.expirationMonth === undefined || card.expirationYear === undefined) {
      throw new Error(
        'secure-checkout/testing: fillCard needs expirationMonth and expirationYear together',
      );
    }
    return { month: pad(String(card.expirationMonth)), year: String(card.expirationYear) };
  }
  return { month: '12', year: String(new Date().getFullYear() + 4) };
}

/** The default security code: four digits for American Express. */
const defaultCvv = (number: string) => (/^3[47]/.test(number.replace(/\D/g, '')) ? '1234' : '123');

/**
 * Types a card into the checkout form, field by field, as a shopper would (the form formats and
 * checks what it gets). A form that lists saved cards is switched to "a new card" first. Fields
 * are found by their names, not their labels, so the form's language does not matter.
 * Rejects after `timeout` (default 10 000 ms) naming the field it waited for.
 */
export async function fillCard(
  page: Page,
  card: TestCard | string,
  options: FillCardOptions = {},
): Promise<void> {
  const budget = new Budget('fillCard', options.timeout ?? FILL_TIMEOUT_MS);
  const given: TestCard = typeof card === 'string' ? { number: card } : card;
  const { month, year } = expiryOf(given);
  const form = await findForm(page, budget, options.within);
  const fill = (name: string, value: string, what: string) =>
    budget.wait(
      `${what} (input[name="${name}"] in <secure-checkout-form>) to be editable`,
      (timeout) => form.locator(`input[name="${name}"]`).fill(value, { timeout }),
    );

  for (const [field, value] of Object.entries(options.customer ?? {})) {
    if (value !== undefined)
      await fill(`customer-${field}`, value, `the customer's ${field} field`);
  }
  // Saved cards hide the new card's fields until "a new card" is chosen (src/ui/saved-card-choice.tsx).
  const newCard = form.locator('input[type="radio"][name="card"][value="new"]');
  if ((await newCard.count()) > 0) {
    await budget.wait('the saved cards\' "new card" choice', (timeout) =>
      newCard.check({ timeout }),
    );
  }
  await fill('number', given.number, 'the card number field');
  await fill('name', given.holderName ?? 'Test Cardholder', 'the name on card field');
  await fill('month', month, 'the expiry month field');
  await fill('year', year, 'the expiry year field');
  await fill('cvv', given.cvv ?? defaultCvv(given.number), 'the security code field');
}
