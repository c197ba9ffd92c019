// A merchant's own checkout tests, as docs/testing.md shows them: only 'secure-checkout/testing'
// and '@playwright/test'. e2e/testing-package.spec.ts copies this file into a scratch project
// that installed the packed tarball (as tests/checkout.spec.ts) and runs it against the sandbox's
// demo drop-in page (/widget.html: the form with Card and PIX, the merchant server charging).
import { expect, test } from '@playwright/test';
import {
  choosePix,
  completeChallenge,
  fillCard,
  pay,
  paymentOutcome,
  payPix,
} from 'secure-checkout/testing';

const apiBase = process.env.SANDBOX_API_URL ?? 'http://127.0.0.1:4010';
const secretKey = 'sk_test_sandbox';

test.beforeEach(async ({ page }) => {
  await page.goto('/widget.html?paymentMethods=card,pix');
});

test('a card with a 3-D Secure challenge is paid', async ({ page }) => {
  await fillCard(page, { number: '4000 0000 0000 0044', expiry: '12/30', cvv: '123' });
  await pay(page);
  await completeChallenge(page);
  await expect(page.locator('secure-checkout-form [role=status]')).toHaveText(
    'Payment approved. Thank you!',
  );
  expect(await paymentOutcome(page)).toEqual({
    paid: true,
    message: 'Payment approved. Thank you!',
  });
});

test('a PIX payment is paid', async ({ page }) => {
  await choosePix(page);
  await pay(page);
  const charge = await payPix(page, { apiBase, secretKey });
  expect(charge).toMatchObject({ id: expect.stringMatching(/^ch_/), status: 'paid' });
  expect(await paymentOutcome(page)).toMatchObject({ paid: true });
});

test('a challenge that never comes: the helper names what it waited for', async ({ page }) => {
  // Frictionless: no challenge.
  await fillCard(page, '4000000000000010');
  await pay(page);
  await expect(completeChallenge(page, { timeout: 1500 })).rejects.toThrow(
    "secure-checkout/testing: completeChallenge waited 1500 ms for the bank's challenge (an iframe in <secure-checkout-frame>); none appeared",
  );
  expect(await paymentOutcome(page)).toMatchObject({ paid: true });
});
