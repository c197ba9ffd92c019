/**
 * `secure-checkout/testing`: Playwright helpers for a merchant's own end-to-end tests against the
 * sandbox (docs/testing.md). They run inside the merchant's Playwright and import nothing at
 * runtime: Playwright's types only.
 */
export {
  CHALLENGE_TIMEOUT_MS,
  type ChallengeAnswer,
  completeChallenge,
  SANDBOX_CHALLENGE_CODE,
} from './complete-challenge';
export {
  FILL_TIMEOUT_MS,
  type FillCardOptions,
  fillCard,
  type TestCard,
  type TestCustomer,
} from './fill-card';
export { CLICK_TIMEOUT_MS, choosePix, pay } from './pay';
export { type PaidPixCharge, type PayPixOptions, PIX_TIMEOUT_MS, payPix } from './pay-pix';
export { OUTCOME_TIMEOUT_MS, type PaymentOutcome, paymentOutcome } from './payment-outcome';
export type { FormOptions, WaitOptions, Within } from './waits';
