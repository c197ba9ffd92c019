/**
 * The Playwright helpers of `secure-checkout/testing` (src/testing/) when what they wait for never
 * comes: each rejects, within its timeout, with a message that names it. On small static pages
 * shaped like the widget's DOM (a form in an open shadow root of <secure-checkout-form>, the
 * bank's page in an iframe of <secure-checkout-frame>); the real widget is driven by the
 * stories that use them (support.ts, checkout-ui, pix, testing-package).
 */
import { expect, type Page, test } from '@playwright/test';
import {
  choosePix,
  completeChallenge,
  fillCard,
  pay,
  paymentOutcome,
  payPix,
} from '../src/testing';

/** Hosts with an open shadow root holding `html` each, in containers #one, #two…. */
async function staticForms(page: Page, forms: string[], extra = ''): Promise<void> {
  const ids = ['one', 'two', 'three'];
  await page.setContent(
    `${forms.map((_, i) => `<div id="${ids[i]}"><secure-checkout-form></secure-checkout-form></div>`).join('')}${extra}`,
  );
  await page.evaluate((inner) => {
    document.querySelectorAll('secure-checkout-form').forEach((host, i) => {
      host.attachShadow({ mode: 'open' }).innerHTML = inner[i] ?? '';
    });
  }, forms);
}

const CARD_FIELDS = ['number', 'name', 'month', 'year', 'cvv']
  .map((name) => `<input name="${name}" id="${name}">`)
  .join('');
const CARD_FORM = `<form>${CARD_FIELDS}<button type="submit">Pay</button></form>`;

/**
 * The budget of a call expected to end before its time is up (a wrong page found at once): it
 * never waits that long, and a loaded machine cannot turn it into a timeout.
 */
const AMPLE = 10_000;
/**
 * The budget of a call expected to time out at a later step: the form is found first, which on a
 * loaded CI machine can take a good part of a second.
 */
const LATER_STEP = 2_000;

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: Error) => error.message,
  );

test('completeChallenge: no challenge comes (the hidden fingerprint frame is not one)', async ({
  page,
}) => {
  await staticForms(
    page,
    [CARD_FORM],
    '<secure-checkout-frame aria-hidden="true"><iframe srcdoc="fingerprint"></iframe></secure-checkout-frame>',
  );
  expect(await rejection(completeChallenge(page, { timeout: 500 }))).toBe(
    "secure-checkout/testing: completeChallenge waited 500 ms for the bank's challenge (an iframe in <secure-checkout-frame>); none appeared",
  );
  expect(await rejection(completeChallenge(page, { close: true, timeout: 300 }))).toContain(
    'completeChallenge waited 300 ms for the bank',
  );
});

test('completeChallenge: a challenge whose page has no code field, and one that never closes', async ({
  page,
}) => {
  await page.setContent(
    '<secure-checkout-frame><dialog open><button aria-label="Close">×</button><iframe srcdoc="<p>no form</p>"></iframe></dialog></secure-checkout-frame>',
  );
  expect(await rejection(completeChallenge(page, { timeout: LATER_STEP }))).toBe(
    `secure-checkout/testing: completeChallenge waited ${LATER_STEP} ms for the code field of the bank's page (#acs-code in the challenge iframe)`,
  );
  // Its Close does nothing here: the widget would remove the challenge.
  expect(await rejection(completeChallenge(page, { close: true, timeout: LATER_STEP }))).toBe(
    `secure-checkout/testing: completeChallenge waited ${LATER_STEP} ms for the challenge to close after its Close button was clicked`,
  );
});

test('fillCard: no form, two forms without `within`, and `within` choosing one', async ({
  page,
}) => {
  await page.setContent('<p>no form here</p>');
  expect(await rejection(fillCard(page, '4111111111111111', { timeout: 300 }))).toBe(
    'secure-checkout/testing: fillCard waited 300 ms for the checkout form (<secure-checkout-form>) on the page',
  );
  await staticForms(page, [CARD_FORM, CARD_FORM]);
  expect(await rejection(fillCard(page, '4111111111111111', { timeout: AMPLE }))).toBe(
    'secure-checkout/testing: fillCard found 2 checkout forms (<secure-checkout-form>) on the page: pass { within } with the element the form was mounted in',
  );
  await fillCard(
    page,
    { number: '378282246310005', expiry: '3/31', holderName: 'Ana Souza' },
    { within: '#two' },
  );
  const values = (id: string) =>
    page
      .locator(`#${id} secure-checkout-form input`)
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(await values('two')).toEqual(['378282246310005', 'Ana Souza', '03', '31', '1234']);
  expect(await values('one')).toEqual(['', '', '', '', '']);
});

test('fillCard: a field that never becomes editable; a customer field the form lacks', async ({
  page,
}) => {
  await staticForms(page, [
    CARD_FORM.replace('<input name="number" id="number">', '<input name="number" disabled>'),
  ]);
  expect(await rejection(fillCard(page, '4111111111111111', { timeout: LATER_STEP }))).toBe(
    `secure-checkout/testing: fillCard waited ${LATER_STEP} ms for the card number field (input[name="number"] in <secure-checkout-form>) to be editable`,
  );
  expect(
    await rejection(
      fillCard(page, '4111111111111111', { timeout: LATER_STEP, customer: { email: 'a@b.co' } }),
    ),
  ).toBe(
    `secure-checkout/testing: fillCard waited ${LATER_STEP} ms for the customer's email field (input[name="customer-email"] in <secure-checkout-form>) to be editable`,
  );
});

test('pay: a Pay button that stays disabled', async ({ page }) => {
  await staticForms(page, [
    CARD_FORM.replace('<button type="submit">', '<button type="submit" disabled>'),
  ]);
  expect(await rejection(pay(page, { timeout: LATER_STEP }))).toBe(
    `secure-checkout/testing: pay waited ${LATER_STEP} ms for the Pay button (button[type="submit"] in <secure-checkout-form>) to be enabled`,
  );
});

test('choosePix: a form without PIX; a choice that does not take', async ({ page }) => {
  await staticForms(page, [CARD_FORM]);
  expect(await rejection(choosePix(page, { timeout: AMPLE }))).toBe(
    'secure-checkout/testing: choosePix found no Card / PIX choice in the form: mount it with paymentMethods including "pix" (and BRL)',
  );
  await staticForms(page, [
    `<form><fieldset class="methods"><button type="button" aria-pressed="true">Card</button><button type="button" aria-pressed="false">PIX</button></fieldset>${CARD_FIELDS}<button type="submit">Pay</button></form>`,
  ]);
  expect(await rejection(choosePix(page, { timeout: LATER_STEP }))).toBe(
    `secure-checkout/testing: choosePix waited ${LATER_STEP} ms for the form to show PIX chosen (aria-pressed="true")`,
  );
});

test('payPix: no code showing; a code that names no charge', async ({ page }) => {
  await staticForms(page, [CARD_FORM]);
  const options = { apiBase: 'http://127.0.0.1:9', secretKey: 'sk_test_x', timeout: LATER_STEP };
  expect(await rejection(payPix(page, options))).toBe(
    `secure-checkout/testing: payPix waited ${LATER_STEP} ms for the PIX code (input#pix-code in <secure-checkout-form>): choose PIX and pay first`,
  );
  await staticForms(page, ['<form><input id="pix-code" value="00020101021252040000"></form>']);
  expect(await rejection(payPix(page, { ...options, timeout: AMPLE }))).toBe(
    'secure-checkout/testing: payPix found no charge id in the PIX code "00020101021252040000" (not a sandbox BR Code?)',
  );
});

test('paymentOutcome: no outcome shows; then the approval, by its tone', async ({ page }) => {
  await staticForms(page, [`<form>${CARD_FIELDS}<div role="status" class="notice "></div></form>`]);
  expect(await rejection(paymentOutcome(page, { timeout: LATER_STEP }))).toBe(
    `secure-checkout/testing: paymentOutcome waited ${LATER_STEP} ms for the form's outcome message ([role=status] in <secure-checkout-form>)`,
  );
  await page.locator('secure-checkout-form [role=status]').evaluate((n) => {
    n.setAttribute('class', 'notice bad');
    n.innerHTML = 'Declined.<button type="button">Try again</button>';
  });
  expect(await paymentOutcome(page)).toEqual({ paid: false, message: 'Declined.' });
});
