/**
 * The inline challenge (`challengeContainer`) in every engine (scenarios.ts lists it), on
 * widget.html?challenge=inline: the bank's page inside #bank-check under the form, not modal,
 * at its EMV size; focus on its Close button; Enter there closes it (canceled), or the code
 * approves the payment; the container is left empty. e2e/inline-challenge.spec.ts covers more of
 * it in Chromium.
 */
import assert from 'node:assert/strict';
import {
  answerChallenge,
  expectClean,
  expectNoticeFocused,
  formNotice,
  openCardForm,
  type ScenarioContext,
  sandboxCard,
  typeCard,
  waitFor,
} from './steps';

interface InlineView {
  modal: boolean;
  inContainer: boolean;
  focused: string | null;
  frame: [number, number];
  dialogWidth: number;
  room: number;
}

/** The inline challenge as the page shows it, once the bank's page has loaded (run in the page). */
function inlineView(): InlineView | null {
  const container = document.getElementById('bank-check');
  const root = container?.querySelector('secure-checkout-frame')?.shadowRoot;
  const dialog = root?.querySelector('dialog');
  const frame = dialog?.querySelector('iframe');
  if (!container || !root || !dialog?.open || !frame || dialog.hasAttribute('aria-busy')) {
    return null;
  }
  const box = frame.getBoundingClientRect();
  return {
    modal: dialog.matches(':modal'),
    inContainer: container.contains(root.host),
    focused: root.activeElement?.getAttribute('aria-label') ?? null,
    frame: [Math.round(box.width), Math.round(box.height)],
    dialogWidth: Math.round(dialog.getBoundingClientRect().width),
    room: container.clientWidth,
  };
}

/** Opens the page with `query`, pays with the challenge card, and waits for the inline challenge. */
async function payIntoInlineChallenge(ctx: ScenarioContext, query: string): Promise<InlineView> {
  const { driver } = ctx;
  await openCardForm(
    driver,
    `/widget.html?challenge=inline&paymentMethods=card${query}`,
    'the card form',
  );
  await typeCard(driver, await sandboxCard(ctx.api, 'Direct challenge'));
  await driver.click({ in: 'form', selector: 'button[type="submit"]' });
  const view = await waitFor(
    driver,
    "the bank's page inside #bank-check",
    inlineView,
    null,
    20_000,
  );
  assert.equal(view.modal, false, 'not a modal dialog: nothing in the top layer');
  assert.equal(view.inContainer, true, 'inside the container');
  assert.equal(view.focused, 'Close', 'focus on its Close button');
  return view;
}

const containerEmpty = (ctx: ScenarioContext) =>
  waitFor(
    ctx.driver,
    'the container as it was (empty)',
    () => document.getElementById('bank-check')?.childElementCount === 0,
    null,
  );

export async function inlineClosedByKeyboard(ctx: ScenarioContext): Promise<void> {
  const view = await payIntoInlineChallenge(ctx, '&challengeWindowSize=01');
  assert.deepEqual(view.frame, [250, 400], "EMV size '01'");
  await ctx.driver.press('Enter');
  await waitFor(
    ctx.driver,
    'the canceled message',
    () =>
      document
        .querySelector('secure-checkout-form')
        ?.shadowRoot?.querySelector('[role="status"]')
        ?.textContent?.includes('not confirmed'),
    null,
  );
  assert.match(await formNotice(ctx.driver), /^The payment was not confirmed with your bank\./);
  await containerEmpty(ctx);
  await expectClean(ctx.driver);
}

export async function inlineApproved(ctx: ScenarioContext): Promise<void> {
  const view = await payIntoInlineChallenge(ctx, '');
  // No size given: '05' from the container (narrower than 600 px), which it fills.
  assert.equal(view.dialogWidth, view.room, 'fills the container’s width');
  await answerChallenge(ctx.driver, '1234');
  await waitFor(
    ctx.driver,
    'the charge',
    () => document.getElementById('charge-status')?.textContent === 'paid',
    null,
    20_000,
  );
  await expectNoticeFocused(ctx.driver, 'Payment approved. Thank you!');
  await containerEmpty(ctx);
  await expectClean(ctx.driver);
}
