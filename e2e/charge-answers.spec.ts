import { expect, type Page, test } from '@playwright/test';
import { installFakeApplePay, TOKEN } from './apple-pay-fake';
import { html, ROUTED, routePages } from './routed-pages';
import { fillCardForm, recordViolations } from './support';

/**
 * What the merchant's onCharge resolves with decides what the shopper sees: a test page whose
 * onCharge answers `?shape=` on the first payment and a paid charge after, so the test sees the
 * failure, then a retry that pays. Managed 3DS (no request to the service) unless `?threeDS=caller`.
 */

interface AnswersRecord {
  charges: number;
  errors: { code: string; message: string; typed: boolean }[];
}

declare global {
  interface Window {
    e2eAnswers: AnswersRecord;
  }
}

const PAGE_JS = `const SHAPES = {
  paid: () => ({ id: 'ch_e2e', status: 'paid' }),
  failed: () => ({ id: 'ch_e2e', status: 'failed' }),
  failedReason: () => ({ id: 'ch_e2e', status: 'failed', failureReason: 'card_declined' }),
  pending: () => ({ id: 'ch_e2e', status: 'pending' }),
  weird: () => ({ id: 'ch_e2e', status: 'weird' }),
  empty: () => ({}),
  undefined: () => undefined,
  null: () => null,
  string: () => 'paid',
  rejected: () => Promise.reject(new Error('Refused by the shop: <b>limit</b>')),
};
const params = new URLSearchParams(location.search);
const record = (window.e2eAnswers = { charges: 0, errors: [] });
const config = await fetch('/demo-config.json').then((response) => response.json());
SecureCheckout.createCheckout({ publishableKey: config.publishableKey, baseUrl: config.apiUrl })
  .mount('#checkout', {
    amount: 120.5,
    currency: 'BRL',
    threeDS: params.get('threeDS') ?? 'managed',
    applePay: { countryCode: 'BR', label: 'e2e shop', validateMerchant: async () => ({ id: 'session' }) },
    onCharge: () => SHAPES[record.charges++ === 0 ? params.get('shape') : 'paid'](),
    onError: (error) =>
      record.errors.push({
        code: error.code,
        message: error.message,
        typed: error instanceof SecureCheckout.CheckoutError,
      }),
  });
`;

const PAID = 'Payment approved. Thank you!';
const DECLINED = 'The payment was declined. Try again or use another card.';
const UNEXPECTED = 'Something went wrong. Please try again.';

/** Each shape: what the shopper reads, and what onError gets (code, words in its message). */
const SHAPES: [string, string, { code: string; says: string } | null][] = [
  ['failed', DECLINED, { code: 'declined', says: 'The charge failed' }],
  ['failedReason', DECLINED, { code: 'declined', says: 'card_declined' }],
  [
    'pending',
    UNEXPECTED,
    { code: 'configuration', says: 'only a PIX payment waits for the shopper' },
  ],
  ['weird', UNEXPECTED, { code: 'configuration', says: 'weird' }],
  ['empty', UNEXPECTED, { code: 'configuration', says: 'resolve with the charge' }],
  ['undefined', UNEXPECTED, { code: 'configuration', says: 'resolve with the charge' }],
  ['null', UNEXPECTED, { code: 'configuration', says: 'resolve with the charge' }],
  ['string', UNEXPECTED, { code: 'configuration', says: 'resolve with the charge' }],
  ['rejected', 'Refused by the shop: <b>limit</b>', null],
];

const form = (page: Page) => page.locator('secure-checkout-form');
const status = (page: Page) => form(page).getByRole('status');
const payButton = (page: Page) => form(page).getByRole('button', { name: /^Pay R\$/ });
const answers = (page: Page) => page.evaluate(() => window.e2eAnswers);

async function open(page: Page, query: string): Promise<void> {
  await routePages(page, {
    'answers.html': html(
      `<script src="/dist/secure-checkout.js"></script><script type="module" src="${ROUTED}answers.js"></script>`,
      '<div id="checkout"></div>',
    ),
    'answers.js': PAGE_JS,
  });
  await recordViolations(page);
  await page.goto(`${ROUTED}answers.html?${query}`);
  await expect(form(page).getByLabel('Card number')).toBeVisible();
}

/** The failure the shopper reads, never "approved"; the form is usable; a retry pays. */
async function expectFailureThenRetry(page: Page, text: string, retry: () => Promise<void>) {
  await expect(status(page)).toContainText(text);
  await expect(status(page)).not.toContainText(PAID);
  await expect(form(page).getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(payButton(page)).toBeEnabled();
  expect(await form(page).locator('b').count()).toBe(0); // the merchant's text stays text
  await retry();
  await expect(status(page)).toHaveText(PAID);
  expect((await answers(page)).charges).toBe(2);
}

for (const [shape, text, error] of SHAPES) {
  test(`onCharge answers ${shape}: "${text}", never approved, the shopper can retry`, async ({
    page,
  }) => {
    await open(page, `shape=${shape}`);
    await fillCardForm(page, '4111111111111111');
    await payButton(page).click();
    await expectFailureThenRetry(page, text, async () => {
      await form(page).getByRole('button', { name: 'Try again' }).click();
      await payButton(page).click();
    });
    const { errors } = await answers(page);
    expect(errors.map(({ code, typed }) => ({ code, typed }))).toEqual(
      error ? [{ code: error.code, typed: true }] : [],
    );
    if (error) expect(errors[0]?.message).toContain(error.says);
    expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  });
}

test('caller-run 3DS against the sandbox, then a failed charge: declined, and a retry pays', async ({
  page,
}) => {
  await open(page, 'shape=failed&threeDS=caller');
  await fillCardForm(page, '4111111111111111');
  await payButton(page).click();
  await expectFailureThenRetry(page, DECLINED, () => payButton(page).click());
  expect((await answers(page)).errors.map((e) => e.code)).toEqual(['declined']);
});

test('Apple Pay with a failed charge: STATUS_FAILURE, declined; a retry completes with STATUS_SUCCESS', async ({
  page,
}) => {
  await installFakeApplePay(page);
  await open(page, 'shape=failed');
  const apple = form(page).getByRole('button', { name: 'Pay with Apple Pay' });
  const pay = async () => {
    await apple.click();
    await expect
      .poll(async () =>
        (await page.evaluate(() => window.applePayFake.log)).filter(
          (e) => e.type === 'completeMerchantValidation',
        ),
      )
      .toHaveLength((await answers(page)).charges + 1);
    await page.evaluate(
      (token) => window.applePayFake.session?.onpaymentauthorized({ payment: { token } }),
      TOKEN,
    );
  };
  await pay();
  await expectFailureThenRetry(page, DECLINED, pay);
  const completions = (await page.evaluate(() => window.applePayFake.log))
    .filter((e) => e.type === 'completePayment')
    .map((e) => e.status);
  expect(completions).toEqual([1, 0]); // STATUS_FAILURE, then STATUS_SUCCESS
  expect((await answers(page)).errors.map((e) => e.code)).toEqual(['declined']);
});
