/**
 * Closing the challenge by keyboard once the shopper is in the bank's page: that page is another
 * origin, so its keys (Esc included) never reach our dialog; Shift+Tab leads back to Close, and a
 * hint says so while the bank's page has the focus. docs/challenge-keyboard.md has the why.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  challengeFrame,
  eventTypes,
  expectClean,
  openEnginePage,
  outcome,
  scenario,
  seriousAxe,
  startFlow,
} from './support';

const HINT = 'Press Shift+Tab, then Enter, to close';

async function clickIntoBankPage(page: Page, options: Parameters<typeof startFlow>[2] = {}) {
  await openEnginePage(page);
  await page.locator('#run').focus();
  await startFlow(page, (await scenario('Direct challenge')).card, options);
  const code = challengeFrame(page).locator('#acs-code');
  await code.click();
  await expect(code).toBeFocused();
}

const settled = (page: Page) => page.evaluate(() => window.e2e.settled);

for (const key of ['Enter', 'Space'] as const) {
  test(`in the bank's page Esc stays there; Shift+Tab, ${key} closes: canceled / abandoned`, async ({
    page,
  }) => {
    await clickIntoBankPage(page);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
    // Esc went to the bank's page (before Shift+Tab did): the dialog is still open.
    await expect(page.getByRole('dialog', { name: 'Confirm your payment' })).toBeVisible();
    expect(await settled(page)).toBe(false);
    await page.keyboard.press(key);
    expect(await outcome(page)).toEqual({
      ok: true,
      result: { authenticationId: expect.any(String), status: 'canceled', outcome: 'abandoned' },
    });
    expect(await eventTypes(page)).toEqual([
      'authenticate:start',
      'challenge:shown',
      'challenge:closed',
      'result',
    ]);
    await expectClean(page);
    await expect(page.locator('#run')).toBeFocused();
  });
}

test("the hint shows only while the bank's page has the focus, and passes axe", async ({
  page,
}) => {
  await openEnginePage(page);
  await startFlow(page, (await scenario('Direct challenge')).card);
  const hint = page.getByText(HINT);
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
  await expect(hint).toBeHidden();
  await challengeFrame(page).locator('#acs-code').click();
  await expect(hint).toBeVisible();
  await expect(page.locator('dialog iframe')).toHaveAccessibleDescription(HINT);
  expect(await seriousAxe(page)).toEqual([]);
  await page.keyboard.press('Shift+Tab');
  await expect(hint).toBeHidden();
  await page.keyboard.press('Tab');
  await expect(challengeFrame(page).locator('#acs-code')).toBeFocused();
  await expect(hint).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await outcome(page);
  await expectClean(page);
});

test('the hint does not widen the smallest EMV window (01, 250 px)', async ({ page }) => {
  const dialog = page.locator('dialog');
  await openEnginePage(page);
  await startFlow(page, (await scenario('Direct challenge')).card, { challengeWindowSize: '01' });
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
  const before = await dialog.boundingBox();
  await challengeFrame(page).locator('#acs-code').click();
  await expect(page.getByText(HINT)).toBeVisible();
  expect((await dialog.boundingBox())?.width).toBe(before?.width);
  await page.getByRole('button', { name: 'Close' }).click();
  await outcome(page);
});

test.describe('on a touch-only screen', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('no keyboard hint', async ({ page }) => {
    await clickIntoBankPage(page);
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    await expect(page.locator('dialog small')).toBeAttached();
    await expect(page.locator('dialog small')).toBeHidden();
    await page.getByRole('button', { name: 'Close' }).click();
    await outcome(page);
  });
});

test("Tab past the bank's page never lands on the merchant's page; the next Tab is Close", async ({
  page,
}) => {
  await clickIntoBankPage(page);
  await challengeFrame(page).getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Tab');
  // Past the last stop of a modal dialog, focus leaves for the browser's own UI: nothing of the
  // merchant's page has it.
  expect(await page.evaluate(() => document.activeElement?.localName)).toBe('body');
  // Headless Chromium sometimes moves the focus out of the document there (its toolbar, which a
  // shopper would Tab through back into the page); bringing the page to the front stands for that.
  if (!(await page.evaluate(() => document.hasFocus()))) await page.bringToFront();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Enter');
  expect(await outcome(page)).toMatchObject({ ok: true, result: { status: 'canceled' } });
  await expectClean(page);
});
