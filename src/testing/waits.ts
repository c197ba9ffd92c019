import type { Locator, Page } from '@playwright/test';

/** The tag of the element mount() adds: the form lives in its open shadow root (src/ui/mount.tsx). */
export const FORM_TAG = 'secure-checkout-form';

/**
 * The element the form was mounted in: a CSS selector or a Locator. Needed only on a page with
 * more than one form.
 */
export type Within = string | Locator;

export interface WaitOptions {
  /** How long the helper waits, in all, before it rejects (its default is on each helper). */
  timeout?: number;
}

export interface FormOptions extends WaitOptions {
  /** The element the form was mounted in; without it, the page's only form. */
  within?: Within;
}

/**
 * One helper's time budget: every wait gets what is left of `timeout`, and a wait that runs out
 * rejects with what it was waiting for. Playwright does the waiting (auto-wait, waitFor): no
 * timers here.
 */
export class Budget {
  readonly #deadline: number;

  constructor(
    readonly helper: string,
    readonly timeout: number,
  ) {
    if (!Number.isFinite(timeout) || timeout <= 0) {
      throw new Error(
        `secure-checkout/testing: ${helper}'s timeout must be a positive number of ms`,
      );
    }
    this.#deadline = Date.now() + timeout;
  }

  /** What is left, at least 1 ms (0 means "no timeout" to Playwright). */
  left(): number {
    return Math.max(1, this.#deadline - Date.now());
  }

  /** Runs one wait; Playwright's timeout becomes an Error that names `what`. */
  async wait<T>(what: string, run: (timeout: number) => Promise<T>): Promise<T> {
    try {
      return await run(this.left());
    } catch (error) {
      if (!isTimeout(error)) throw error;
      throw this.error(`waited ${this.timeout} ms for ${what}`, error);
    }
  }

  error(text: string, cause?: unknown): Error {
    return new Error(`secure-checkout/testing: ${this.helper} ${text}`, { cause });
  }
}

/** Playwright's TimeoutError, known by its name: this module imports nothing at runtime. */
const isTimeout = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'TimeoutError' || /Timeout \d+ms exceeded/.test(error.message));

/** The form's host element, within `within` or the page, once rendered; only one. */
export async function findForm(page: Page, budget: Budget, within?: Within): Promise<Locator> {
  const scope =
    within === undefined ? page : typeof within === 'string' ? page.locator(within) : within;
  const forms = scope.locator(FORM_TAG);
  const where = within === undefined ? 'on the page' : `in ${scopeName(within)}`;
  // Its <form> renders with the rest of it (the Pay button is gone during the PIX step).
  await budget.wait(`the checkout form (<${FORM_TAG}>) ${where}`, (timeout) =>
    forms.locator('form').first().waitFor({ state: 'attached', timeout }),
  );
  const count = await forms.count();
  if (count > 1) {
    throw budget.error(
      `found ${count} checkout forms (<${FORM_TAG}>) ${where}: pass { within } with the element the form was mounted in`,
    );
  }
  return forms;
}

const scopeName = (within: Within): string =>
  typeof within === 'string' ? `"${within}"` : 'the given Locator';
