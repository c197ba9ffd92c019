/**
 * The Vue example (demo/merchant/examples/vue/, built by `npm run build:examples`), as a shopper
 * meets it, under the demo's Trusted Types policy: the server's markup hydrated into one form, a
 * quantity change that updates the same form and the amount authenticated and charged, an amount
 * changed while the bank's challenge shows, and the form toggled away leaving nothing.
 */
import { expect, type Page, test } from '@playwright/test';
import { SANDBOX } from './sandbox-urls';
import {
  answerChallenge,
  cardForm,
  challengeFrame,
  expectClean,
  fillCardForm,
  leftovers,
  openDemoPage,
  type PageProblems,
  scenario,
  seriousAxe,
} from './support';

const PATH = '/examples/vue/?trusted-types=1';
const FRICTIONLESS = '4000000000000010';

declare global {
  interface Element {
    /** Set by the tests on an element, to find the same one later. */
    e2eMark?: string;
  }
}

/** The example opened, with its console and every POST /v1/three-ds/authenticate body recorded. */
async function openExample(page: Page) {
  const authenticated: { amount: number; currency: string }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/v1/three-ds/authenticate'))
      authenticated.push(request.postDataJSON());
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const problems = await openDemoPage(page, PATH);
  await expect(cardForm(page).getByLabel('Card number')).toBeVisible();
  return { authenticated, warnings, problems };
}

const payButton = (page: Page) => cardForm(page).getByRole('button', { name: /^Pay / });
const notice = (page: Page) => page.locator('#checkout-notice');

/** The charge the merchant server created, as the API has it. */
async function chargeOnServer(page: Page) {
  const id = (await page.locator('#charge-id').textContent()) ?? '';
  return (await page.request.get(`${SANDBOX.demo}/merchant/charges/${id}`)).json();
}

function expectNoProblems(problems: PageProblems, warnings: string[]) {
  expect(problems).toEqual({ consoleErrors: [], pageErrors: [] });
  expect(warnings.filter((line) => /hydrat|vue/i.test(line))).toEqual([]);
}

test('the server-rendered page hydrates into one form: no mismatch, no CSP violation', async ({
  page,
}) => {
  const served = await (await page.request.get(PATH)).text();
  expect(served).toContain('<div data-secure-checkout></div>');
  expect(served).toContain('<strong id="total">R$120.50</strong>');
  expect(served).not.toContain('secure-checkout-form');

  // The app hydrates once it has the sandbox's config: held back until the server's placeholder
  // is marked, so that the same node afterwards is the server's markup taken over.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/demo-config.json', async (route) => {
    await held;
    await route.continue();
  });
  const opened = openExample(page);
  await page.locator('[data-secure-checkout]').waitFor({ state: 'attached' });
  await page.locator('[data-secure-checkout]').evaluate((placeholder) => {
    placeholder.e2eMark = 'server';
  });
  release();
  const { warnings, problems } = await opened;
  await expect(payButton(page)).toHaveText('Pay R$120.50');
  await expect(page.locator('[data-secure-checkout] > secure-checkout-form')).toHaveCount(1);
  expect(
    await page.locator('[data-secure-checkout]').evaluate((placeholder) => placeholder.e2eMark),
  ).toBe('server');
  await page.waitForLoadState('networkidle');
  await expect(cardForm(page)).toHaveCount(1);
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  expectNoProblems(problems, warnings);
  expect(await seriousAxe(page)).toEqual([]);
});

test('a new quantity updates the same form: Pay, the authentication and the charge have the new amount', async ({
  page,
}) => {
  const { authenticated, warnings, problems } = await openExample(page);
  await cardForm(page).evaluate((host) => {
    host.e2eMark = 'first';
  });
  await page.getByLabel('Mugs').selectOption('2');
  await expect(page.locator('#total')).toHaveText('R$241.00');
  await expect(payButton(page)).toHaveText('Pay R$241.00');
  expect(await cardForm(page).evaluate((host) => host.e2eMark)).toBe('first');
  await expect(cardForm(page)).toHaveCount(1);

  await fillCardForm(page, FRICTIONLESS);
  await payButton(page).click();
  await expect(page.locator('#charge-status')).toHaveText('paid');
  expect(authenticated).toEqual([expect.objectContaining({ amount: 241, currency: 'BRL' })]);
  expect(await chargeOnServer(page)).toMatchObject({ status: 'paid', amount: 241 });
  await expect(notice(page)).toBeEmpty();
  await expectClean(page);
  expectNoProblems(problems, warnings);
});

/** Pays quantity 1 with the challenge card, and changes the quantity to 3 while the bank asks. */
async function changeWhileChallenged(page: Page) {
  const { card } = await scenario('Direct challenge');
  await fillCardForm(page, card);
  await payButton(page).click();
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
  await page.getByLabel('Mugs').selectOption('3');
  await expect(page.locator('#total')).toHaveText('R$361.50');
  await expect(notice(page)).toHaveText(/^busy: /);
}

test('an amount changed during the challenge is refused (busy): the payment completes at the amount shown', async ({
  page,
}) => {
  const { authenticated, warnings, problems } = await openExample(page);
  await changeWhileChallenged(page);
  await answerChallenge(page, 'approve');
  await expect(page.locator('#charge-status')).toHaveText('paid');
  await expect(page.locator('#charge-amount')).toHaveText('R$120.50');
  expect(await chargeOnServer(page)).toMatchObject({ status: 'paid', amount: 120.5 });
  expect(authenticated).toEqual([expect.objectContaining({ amount: 120.5 })]);
  await expect(cardForm(page)).toHaveCount(1);
  await expectClean(page);
  expectNoProblems(problems, warnings);
});

test('the kept amount applies once the payment ended: closed challenge, then Pay at the new amount', async ({
  page,
}) => {
  const { authenticated, warnings, problems } = await openExample(page);
  await changeWhileChallenged(page);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(notice(page)).toHaveText(/^canceled: /);
  await expect(payButton(page)).toHaveText('Pay R$361.50');

  await payButton(page).click();
  await answerChallenge(page, 'approve');
  await expect(page.locator('#charge-status')).toHaveText('paid');
  expect(await chargeOnServer(page)).toMatchObject({ status: 'paid', amount: 361.5 });
  expect(authenticated.map((body) => body.amount)).toEqual([120.5, 361.5]);
  await expectClean(page);
  expectNoProblems(problems, warnings);
});

test('unmounting the component (the toggle) removes the form and every frame; showing it again mounts one', async ({
  page,
}) => {
  const { warnings, problems } = await openExample(page);
  const toggle = page.getByLabel('Show the payment form');
  const host = await cardForm(page).elementHandle();
  await toggle.uncheck();
  await expect(page.locator('[data-secure-checkout]')).toHaveCount(0);
  await expect.poll(() => page.locator('secure-checkout-form').count()).toBe(0);
  // Destroyed, not only taken out of the page with Vue's element: out of it, its form unrendered.
  expect(
    await host?.evaluate((form) => [form.parentElement, form.shadowRoot?.childElementCount]),
  ).toEqual([null, 0]);
  expect(await leftovers(page)).toEqual({ iframes: 0, dialogs: 0, hosts: 0 });

  await toggle.check();
  await expect(cardForm(page).getByLabel('Card number')).toBeVisible();
  await expect(cardForm(page)).toHaveCount(1);
  expectNoProblems(problems, warnings);
});

test('unmounting during the challenge ends it: no dialog, frame or form is left', async ({
  page,
}) => {
  const { warnings, problems } = await openExample(page);
  const { card } = await scenario('Direct challenge');
  await fillCardForm(page, card);
  await payButton(page).click();
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
  // The modal challenge covers the page: the toggle is reached as a script of the app would.
  await page.getByLabel('Show the payment form').dispatchEvent('click');
  await expect.poll(() => leftovers(page)).toEqual({ iframes: 0, dialogs: 0, hosts: 0 });
  expect(await page.locator('secure-checkout-form').count()).toBe(0);
  expectNoProblems(problems, warnings);
});
