import type { Page } from '@playwright/test';
import { Budget, type WaitOptions } from './waits';

/**
 * The code the sandbox bank's challenge page accepts (demo/service/three-ds/scenarios.ts,
 * CHALLENGE_CODE; src/testing/complete-challenge.test.ts keeps the two equal). Any other code
 * fails the challenge.
 */
export const SANDBOX_CHALLENGE_CODE = '1234';

/** completeChallenge's default timeout. */
export const CHALLENGE_TIMEOUT_MS = 30_000;

/**
 * The challenge's host: every step of the bank's the widget shows is an iframe in a
 * `<secure-checkout-frame>` (src/threeds/shadow-host.ts), in the modal `<dialog>` or inside the
 * merchant's `challengeContainer`; the hidden fingerprinting one is marked aria-hidden.
 */
const CHALLENGE_HOST = 'secure-checkout-frame:not([aria-hidden="true"])';

export type ChallengeAnswer =
  | (WaitOptions & {
      /**
       * The code typed into the bank's page.
       * @default '1234', the sandbox's right code
       */
      code?: string;
      close?: never;
    })
  | (WaitOptions & {
      /** Closes the challenge with the widget's own Close button instead: the shopper gave up. */
      close: true;
      code?: never;
    });

/**
 * Completes the sandbox bank's 3-D Secure challenge: waits for it to show, types the code (the
 * right one by default; `{ code: '000000' }` a wrong one) and sends it, or with `{ close: true }`
 * clicks the widget's Close button; resolves once the challenge is gone from the page (the
 * widget removes it when the bank's page answers). Found by structure, not by text, so the
 * widget's and the bank's languages do not matter. Rejects after `timeout` (default 30 000 ms)
 * naming what it waited for.
 */
export async function completeChallenge(page: Page, answer: ChallengeAnswer = {}): Promise<void> {
  const budget = new Budget('completeChallenge', answer.timeout ?? CHALLENGE_TIMEOUT_MS);
  const host = page.locator(CHALLENGE_HOST).filter({ has: page.locator('iframe') });
  const iframe = host.locator('iframe');
  await budget.wait(
    "the bank's challenge (an iframe in <secure-checkout-frame>); none appeared",
    (timeout) => iframe.waitFor({ state: 'visible', timeout }),
  );
  if (answer.close) {
    // The widget's Close: its one button outside the bank's iframe, labelled in the shopper's language.
    await budget.wait(
      "the challenge's Close button (in <secure-checkout-frame>) to be enabled",
      (timeout) => host.locator('button').click({ timeout }),
    );
    await budget.wait('the challenge to close after its Close button was clicked', (timeout) =>
      iframe.waitFor({ state: 'detached', timeout }),
    );
    return;
  }
  const bank = host.frameLocator('iframe');
  await budget.wait(
    "the code field of the bank's page (#acs-code in the challenge iframe)",
    (timeout) => bank.locator('#acs-code').fill(answer.code ?? SANDBOX_CHALLENGE_CODE, { timeout }),
  );
  // The code's own button: Cancel submits the same form.
  await budget.wait("the bank's submit button (#acs-submit in the challenge iframe)", (timeout) =>
    bank.locator('#acs-submit').click({ timeout }),
  );
  await budget.wait(
    "the challenge to close after the code was sent (the widget closes it on the bank's answer)",
    (timeout) => iframe.waitFor({ state: 'detached', timeout }),
  );
}
