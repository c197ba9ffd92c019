import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type Request, test } from '@playwright/test';
import {
  answerChallenge,
  cardForm,
  challengeFrame,
  fillCardForm,
  leftovers,
  openDemoPage,
  scenario,
  seriousAxe,
} from './support';

/**
 * The React example (demo/merchant/examples/react/, secure-checkout/react) as Vite built it:
 * server-rendered markup hydrated in StrictMode, under the demo's strictest policy (Trusted
 * Types). `npm run build && npm run build:examples` first.
 */
const PAGE = '/examples/react/?trusted-types=1';
const BUILT = join(import.meta.dirname, '../demo/merchant/examples/react/build/index.html');

test.beforeAll(() => {
  if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: npm run build:examples first`);
});

/** The page opened, with its console's errors and warnings, and the requests it makes. */
async function openExample(page: Page) {
  const seen = { console: [] as string[], authenticate: [] as Request[], charges: [] as Request[] };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      seen.console.push(message.text());
  });
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const { pathname } = new URL(request.url());
    if (pathname === '/v1/three-ds/authenticate') seen.authenticate.push(request);
    if (pathname === '/merchant/charges') seen.charges.push(request);
  });
  const problems = await openDemoPage(page, PAGE);
  await expect(cardForm(page)).toHaveCount(1);
  await expect(payButton(page)).toHaveText(/^Pay /);
  return { ...seen, problems };
}

const payButton = (page: Page) => cardForm(page).locator('button[type="submit"]');
const message = (page: Page) => page.locator('#checkout-message');
const amountOf = (request: Request | undefined) => request?.postDataJSON().amount;
const quantityOf = (request: Request | undefined) => request?.postDataJSON().cart[0].quantity;

/** No CSP or Trusted Types violation, no console error or warning (React's hydration ones). */
async function expectQuiet(page: Page, seen: Awaited<ReturnType<typeof openExample>>) {
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  expect(seen.console).toEqual([]);
  expect(seen.problems.pageErrors).toEqual([]);
}

test('the server sent the form placeholder, and hydration mounts one form, quietly', async ({
  page,
  browser,
}) => {
  // Before any script: the markup as the server rendered it.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto(PAGE);
  await expect(bare.locator('#root [data-secure-checkout=""]')).toHaveCount(1);
  await expect(bare.locator('#total')).toHaveText('R$120.50');
  await expect(bare.locator('secure-checkout-form')).toHaveCount(0);
  await noScript.close();

  const seen = await openExample(page);
  await expect(page.locator('[data-secure-checkout] > secure-checkout-form')).toHaveCount(1);
  await expect(payButton(page)).toHaveText('Pay R$120.50');
  await page.waitForLoadState('networkidle');
  await expectQuiet(page, seen);
  expect(await seriousAxe(page)).toEqual([]);
});

test('StrictMode leaves one form, and paying sends one authentication', async ({ page }) => {
  // Every form host ever put in the page, not only those left: StrictMode's mount, unmount and
  // mount again must not make a form (and a checkout) for nothing.
  await page.addInitScript(() => {
    const made = { forms: 0 };
    Object.assign(window, { made });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node.nodeName === 'SECURE-CHECKOUT-FORM') made.forms += 1;
    }).observe(document, { childList: true, subtree: true });
  });
  const formsMade = () =>
    page.evaluate(() => (window as unknown as { made: { forms: number } }).made.forms);
  const seen = await openExample(page);
  await expect(cardForm(page)).toHaveCount(1);
  expect(await formsMade()).toBe(1);
  // Mounted again on the client (no hydration): StrictMode mounts, unmounts and mounts it.
  await page.locator('#toggle-form').click();
  await expect(cardForm(page)).toHaveCount(0);
  await page.locator('#toggle-form').click();
  await expect(cardForm(page)).toHaveCount(1);
  await expect(payButton(page)).toHaveText('Pay R$120.50');
  expect(await formsMade()).toBe(2);
  const { card } = await scenario('Frictionless success');
  await fillCardForm(page, card);
  await payButton(page).click();
  await expect(page.locator('#charge-status')).toHaveText('paid');
  expect(seen.authenticate).toHaveLength(1);
  expect(seen.charges).toHaveLength(1);
  await expect(cardForm(page)).toHaveCount(1);
  await expectQuiet(page, seen);
});

test('a new quantity updates the same form, and the new amount is the one paid', async ({
  page,
}) => {
  const seen = await openExample(page);
  await page.evaluate(() => {
    Object.assign(window, { formHost: document.querySelector('secure-checkout-form') });
  });
  await page.locator('#quantity').selectOption('2');
  await expect(payButton(page)).toHaveText('Pay R$241.00');
  expect(
    await page.evaluate(
      () => document.querySelector('secure-checkout-form') === Reflect.get(window, 'formHost'),
    ),
  ).toBe(true);

  const { card } = await scenario('Frictionless success');
  await fillCardForm(page, card);
  await payButton(page).click();
  await expect(page.locator('#charge-status')).toHaveText('paid');
  expect(amountOf(seen.authenticate[0])).toBe(241);
  expect(quantityOf(seen.charges[0])).toBe(2);
  await expect(page.locator('#charge-amount')).toHaveText('R$241.00');
  await expectQuiet(page, seen);
});

test.describe('a quantity changed while the bank asks for its code', () => {
  async function changeDuringChallenge(page: Page) {
    const seen = await openExample(page);
    const { card } = await scenario('Direct challenge');
    await fillCardForm(page, card);
    await payButton(page).click();
    await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
    await page.locator('#quantity').selectOption('3');
    await expect(page.locator('#total')).toHaveText('R$361.50');
    await expect(message(page)).toHaveText(/^busy: /);
    return seen;
  }

  test('is refused: the payment goes on at the amount authenticated', async ({ page }) => {
    const seen = await changeDuringChallenge(page);
    await answerChallenge(page, 'approve');
    await expect(page.locator('#charge-status')).toHaveText('paid');
    expect(amountOf(seen.authenticate[0])).toBe(120.5);
    expect(quantityOf(seen.charges[0])).toBe(1);
    await expect(page.locator('#charge-amount')).toHaveText('R$120.50');
  });

  test('applies once the payment ended: the next payment is at the new amount', async ({
    page,
  }) => {
    const seen = await changeDuringChallenge(page);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(message(page)).toHaveText('canceled');
    await expect(payButton(page)).toHaveText('Pay R$361.50');

    const { card } = await scenario('Frictionless success');
    await fillCardForm(page, card);
    await payButton(page).click();
    await expect(page.locator('#charge-status')).toHaveText('paid');
    expect(seen.authenticate.map(amountOf)).toEqual([120.5, 361.5]);
    expect(seen.charges.map(quantityOf)).toEqual([3]);
    expect(seen.console).toEqual([]);
  });
});

test('removing the form while the bank asks for its code leaves nothing behind', async ({
  page,
}) => {
  const seen = await openExample(page);
  const { card } = await scenario('Direct challenge');
  await fillCardForm(page, card);
  await payButton(page).click();
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
  // The modal makes the page inert: the app removes the form itself, as a route change would.
  await page.locator('#toggle-form').dispatchEvent('click');
  await expect(page.locator('#toggle-form')).toHaveText('Show the form');
  await expect(page.locator('secure-checkout-form')).toHaveCount(0);
  await expect.poll(() => leftovers(page)).toEqual({ iframes: 0, dialogs: 0, hosts: 0 });
  expect(seen.charges).toHaveLength(0);
  await expectQuiet(page, seen);
});
