import { expect, type Page, test } from '@playwright/test';
import { answerOf, expectAccessible, LOGINS, list, logIn, open, region } from './platform-page';

// Issue 26, item 5: a payout request that is no longer pending offers no review. Seeded requests
// only (demo/service/payouts/seed.ts), of subs no other spec reads: Sub Bloqueada's pending one
// is approved here, Sub da Outra's are only opened.

async function openPayout(page: Page, merchant: string, id: string) {
  await list(page, 'Payout requests', async (s) => {
    await s.getByLabel('Merchant').selectOption({ label: merchant });
    await s.getByLabel('Status').selectOption('');
  });
  return answerOf(page, 'payout-detail-exchange', () =>
    region(page, 'Payout requests')
      .getByRole('button', { name: `Open ${id}` })
      .click(),
  );
}

const review = (page: Page) => {
  const payouts = region(page, 'Payout requests');
  return {
    approve: payouts.getByRole('button', { name: 'Approve' }),
    reject: payouts.getByRole('button', { name: 'Reject' }),
    reason: payouts.getByLabel('Rejection reason'),
    note: page.locator('#review-note'),
  };
};

test('after Approve, the request offers no review: Approve and Reject disabled, and why', async ({
  page,
}) => {
  const problems = await open(page);
  await logIn(page, LOGINS.admin);
  const opened = await openPayout(
    page,
    'Sub Bloqueada (sub of Loja Exemplo)',
    'po_sandbox_bloqueada_2',
  );
  expect(opened).toMatchObject({ status: 200, body: { status: 'pending' } });
  const { approve, reject, reason, note } = review(page);
  await expect(approve).toBeEnabled();
  await expect(reject).toBeEnabled();
  await expect(note).toBeHidden();

  const approved = await answerOf(page, 'payout-detail-exchange', () => approve.click());
  expect(approved).toMatchObject({ status: 200, body: { status: 'approved' } });
  const processed = String(approved.body.processedAt);
  await expect(approve).toBeDisabled();
  await expect(reject).toBeDisabled();
  await expect(reason).toBeDisabled();
  await expect(note).toHaveText(
    `Approved on ${processed.slice(0, 10)} ${processed.slice(11, 16)}: nothing to review.`,
  );
  // The focus was on Approve, now disabled: it goes to the note, not to the page's start.
  await expect(note).toBeFocused();
  await expectAccessible(page, problems);
});

test('an already rejected request opens with Approve and Reject disabled; a pending one enables them', async ({
  page,
}) => {
  const problems = await open(page);
  await logIn(page, LOGINS.admin);
  const merchant = 'Sub da Outra (sub of Outra Loja)';
  const rejected = await openPayout(page, merchant, 'po_sandbox_outra_2');
  expect(rejected).toMatchObject({ status: 200, body: { status: 'rejected' } });
  const { approve, reject, reason, note } = review(page);
  await expect(approve).toBeDisabled();
  await expect(reject).toBeDisabled();
  await expect(reason).toBeDisabled();
  await expect(note).toHaveText('Rejected on 2026-01-28 10:00: nothing to review.');
  await expect(page.locator('#payout-detail-title')).toBeFocused();

  const pending = await answerOf(page, 'payout-detail-exchange', () =>
    region(page, 'Payout requests')
      .getByRole('button', { name: 'Open po_sandbox_outra_3' })
      .click(),
  );
  expect(pending).toMatchObject({ status: 200, body: { status: 'pending' } });
  await expect(approve).toBeEnabled();
  await expect(reject).toBeEnabled();
  await expect(reason).toBeEnabled();
  await expect(note).toBeHidden();
  await expectAccessible(page, problems);
});
