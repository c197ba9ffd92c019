/**
 * The inline challenge (`challengeContainer`) on the drop-in's page, widget.html?challenge=inline:
 * the bank's page renders inside #bank-check, under the form, with no modal dialog (the page
 * stays usable), at its EMV size ('05' fills the container); Close, by pointer or keyboard, ends
 * the payment as canceled; nothing is left in the container.
 */
import { expect, type Page, test } from '@playwright/test';
import { completeChallenge } from '../src/testing';
import {
  cardForm,
  challengeFrame,
  expectClean,
  fillCardForm,
  recordViolations,
  seriousAxe,
} from './support';

const CHALLENGE_CARD = '4000000000000044';
const CANCELED = 'The payment was not confirmed with your bank. You can try again.';

async function openInline(page: Page, query = '') {
  await recordViolations(page);
  await page.goto(`/widget.html?challenge=inline${query}`);
  await expect(cardForm(page).locator('input').first()).toBeVisible();
}

const container = (page: Page) => page.locator('#bank-check');
const frameInContainer = (page: Page) =>
  container(page).locator('secure-checkout-frame dialog iframe');
const closeButton = (page: Page) =>
  container(page).locator('secure-checkout-frame').getByRole('button', { name: 'Close' });
const payButton = (page: Page) => cardForm(page).getByRole('button', { name: /^Pay / });

/** No dialog of the page is modal (the top layer is empty), looking into shadow roots. */
const modalDialogs = (page: Page) =>
  page.evaluate(() => {
    const found: Element[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.matches('dialog:modal')) found.push(element);
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
    return found.length;
  });

/** Pays with the challenge card and waits for the bank's page inside the container. */
async function payIntoChallenge(page: Page) {
  await fillCardForm(page, CHALLENGE_CARD);
  await payButton(page).click();
  await expect(frameInContainer(page)).toBeVisible();
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
}

test('a challenge card paid with the challenge inline: in the container, filling it, no modal', async ({
  page,
}) => {
  await openInline(page);
  await payIntoChallenge(page);
  expect(await modalDialogs(page)).toBe(0);
  // The page stays usable: the order summary still takes a pointer (no backdrop over it).
  await page.locator('#order-title').click({ trial: true });
  // '05', chosen from the container (narrower than 600 px): the dialog is the container's width.
  const room = await container(page).evaluate((element) => element.clientWidth);
  const dialog = await container(page).locator('secure-checkout-frame dialog').boundingBox();
  expect(dialog?.width).toBeCloseTo(room, 0);
  await expect(closeButton(page)).toBeFocused();
  // The merchant's helper finds the bank's page inline as it does in the modal.
  await completeChallenge(page);
  await expect(cardForm(page).getByRole('status')).toHaveText('Payment approved. Thank you!');
  await expect(page.locator('#charge-status')).toHaveText('paid');
  await expect(container(page)).toBeEmpty();
  await expectClean(page);
});

test("challengeWindowSize '01': the bank's page is 250 × 400 inside the container", async ({
  page,
}) => {
  await openInline(page, '&challengeWindowSize=01');
  await payIntoChallenge(page);
  const box = await frameInContainer(page).boundingBox();
  expect([box?.width, box?.height]).toEqual([250, 400]);
  expect(await modalDialogs(page)).toBe(0);
  // Accessible as it shows; the CSP checked first (axe injects inline styles of its own).
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  expect(await seriousAxe(page)).toEqual([]);
  await completeChallenge(page, { close: true });
  await expect(cardForm(page).getByRole('status')).toContainText(CANCELED);
});

test('closed inline with its Close button: the canceled message, no charge, the container empty', async ({
  page,
}) => {
  const charges: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/merchant/charges')) charges.push(request.url());
  });
  await openInline(page);
  await payIntoChallenge(page);
  await closeButton(page).click();
  await expect(cardForm(page).getByRole('status')).toContainText(CANCELED);
  await expect(container(page)).toBeEmpty();
  expect(charges).toEqual([]);
  await expectClean(page);
});

test('keyboard only: Enter pays; Tab into the bank’s page, Shift+Tab back to Close, Enter closes', async ({
  page,
}) => {
  await openInline(page);
  await fillCardForm(page, CHALLENGE_CARD);
  await cardForm(page).getByLabel('Security code').press('Enter');
  await expect(frameInContainer(page)).toBeVisible();
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
  await expect(closeButton(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(challengeFrame(page).locator('#acs-code')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(closeButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cardForm(page).getByRole('status')).toContainText(CANCELED);
  await expect(container(page)).toBeEmpty();
  await expectClean(page);
});

test('Esc while focus is on its header closes it: canceled', async ({ page }) => {
  await openInline(page);
  await payIntoChallenge(page);
  await expect(closeButton(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(cardForm(page).getByRole('status')).toContainText(CANCELED);
  await expect(container(page)).toBeEmpty();
  await expectClean(page);
});
