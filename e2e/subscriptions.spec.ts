import { expect, test } from '@playwright/test';
import {
  advance,
  answerOf,
  CARDS,
  createPlan,
  expectAccessible,
  expectTimeline,
  listSubscriptions,
  open,
  openSubscription,
  region,
  row,
  type Subscription,
  shownCharge,
  shownEvents,
  subscribe,
  tinyPng,
  uploadImage,
} from './subscriptions-page';
import { expectNoProblems } from './support';

// One story on one sandbox, in order: Outra Loja creates a plan, subscribes a customer whose card
// pays, one whose card is declined and one whose renewals are declined, moves its clock until one
// renews and the others are cancelled, then deactivates the plan. Only Outra Loja's plans,
// subscriptions and clock change, which no other spec reads (its clock moves 37 days).
test.describe.configure({ mode: 'serial' });

const KEY = 'sk_test_noconnect';
const MERCHANT = 'Outra Loja';
const PLAN = `Clube e2e ${Date.now().toString(36)}`;
const DAY = 86_400_000;
const DECLINED = { Status: 'failed', 'Failure reason': 'card_declined' };
const FAILED = 'subscription.payment_failed';
let planId = '';
let paid: Subscription;
let declined: Subscription;
let renewing: Subscription;
let firstCharge = '';

test('creates a monthly plan and gives it a PNG image, which the page shows', async ({ page }) => {
  const problems = await open(page, KEY, MERCHANT);
  const created = await createPlan(page, PLAN);
  expect(created).toMatchObject({
    status: 201,
    body: { name: PLAN, price: 39.9, recurrenceType: 'monthly', status: 'active', imageUrl: '' },
  });
  planId = created.body.id as string;
  await expect(page.locator('#plan-result')).toContainText(`${planId} (active)`);
  await expect(region(page, 'Plans').getByRole('table')).toContainText(planId);

  const refused = await uploadImage(page, { name: 'notes.png', buffer: Buffer.from('not a png') });
  expect(refused).toMatchObject({
    status: 400,
    body: { message: 'file must be a PNG or JPEG image (judged by its content)' },
  });
  await expect(page.locator('#image-result')).toContainText('Not uploaded: 400');

  const uploaded = await uploadImage(page, { name: 'plan.png', buffer: tinyPng() });
  expect(uploaded.status).toBe(200);
  expect(uploaded.body.imageUrl).toMatch(
    new RegExp(`/sandbox/plan-images/${planId}/[0-9a-f]{16}\\.png$`),
  );
  await expect(page.locator('#image-exchange')).toContainText('part "file": plan.png (image/png');
  const image = page.getByRole('img', { name: `Image of the plan ${PLAN}` });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await expect(page.locator('.plan-image figcaption')).toContainText('image/png');
  const plans = region(page, 'Plans').getByRole('row').filter({ hasText: planId });
  await expect(plans.getByRole('link', { name: 'image' })).toHaveAttribute(
    'href',
    uploaded.body.imageUrl as string,
  );
  await expectAccessible(page, problems);
});

test('subscribes customers with the paid, the declined and the renewals-declined cards', async ({
  page,
}) => {
  const problems = await open(page, KEY, MERCHANT);
  const first = await subscribe(page, planId, CARDS.paid, 'Paula Pagante');
  expect(first.status).toBe(201);
  expect(first.body).toMatchObject({ status: 'active', failedAttempts: 0, planId });
  paid = first.body;
  await expect(page.locator('#subscribe-result')).toContainText(`${paid.id} created: active`);
  const second = await subscribe(page, planId, CARDS.declined, 'Diego Recusado');
  expect(second.body).toMatchObject({ status: 'pending_activation', failedAttempts: 1 });
  declined = second.body;
  const third = await subscribe(page, planId, CARDS.renewalsDeclined, 'Rita Renova');
  expect(third.body).toMatchObject({ status: 'active', failedAttempts: 0 });
  renewing = third.body;

  const listed = await listSubscriptions(page, PLAN);
  expect(Object.keys(listed).sort()).toEqual([paid.id, declined.id, renewing.id].sort());
  expect(await row(page, paid.id)).toMatchObject({
    Status: 'active',
    Failed: '0',
    Plan: expect.stringContaining(PLAN),
  });
  expect(await row(page, declined.id)).toMatchObject({ Status: 'pending_activation', Failed: '1' });

  // A pause and a resume leave it active, with the events to show for it.
  const section = region(page, 'Subscriptions');
  const paused = await answerOf(page, 'sub-action-exchange', () =>
    section.getByRole('button', { name: `Pause ${paid.id}` }).click(),
  );
  expect(paused.body).toMatchObject({ status: 'paused', nextBillingAt: null });
  await expect(section.getByRole('button', { name: `Resume ${paid.id}` })).toBeVisible();
  const resumed = await answerOf(page, 'sub-action-exchange', () =>
    section.getByRole('button', { name: `Resume ${paid.id}` }).click(),
  );
  expect(resumed.body).toMatchObject({ status: 'active', nextBillingAt: paid.nextBillingAt });

  const events = await openSubscription(page, paid.id);
  expect(events.status).toBe(200);
  expect(await shownEvents(page)).toEqual([
    'subscription.activated',
    'subscription.paused',
    'subscription.activated',
    'subscription.created',
  ]);
  firstCharge = paid.latestChargeId as string;
  expect(await shownCharge(page)).toMatchObject({
    Charge: firstCharge,
    Status: 'paid',
    Amount: 'R$39.90',
  });

  // The billing day applies from the next period on; only an active subscription takes one.
  const billing = region(page, 'Subscriptions').getByLabel('New billing day');
  await billing.fill('32');
  const refused = await answerOf(page, 'billing-exchange', () => billing.press('Enter'));
  expect(refused.status).toBe(400);
  await expect(page.locator('#billing-result')).toContainText('billingDay');
  await billing.fill(String(paid.billingDay));
  const updated = await answerOf(page, 'billing-exchange', () => billing.press('Enter'));
  expect(updated.body).toMatchObject({ success: true, id: paid.id, billingDay: paid.billingDay });

  await openSubscription(page, declined.id);
  expect(await shownEvents(page)).toEqual([FAILED, 'subscription.created']);
  expect(await shownCharge(page)).toMatchObject(DECLINED);
  await expectAccessible(page, problems);
});

test('the clock: a day later the declined card is tried again; a month later one renews, one is cancelled, one fails', async ({
  page,
}) => {
  const problems = await open(page, KEY, MERCHANT);
  await listSubscriptions(page, PLAN);
  await openSubscription(page, declined.id);

  const day = await advance(page, 1);
  expect(day.status).toBe(200);
  expect(day.body.events['subscription.payment_failed']).toBeGreaterThanOrEqual(1);
  const counts = region(page, 'Merchant and clock').getByRole('table', {
    name: 'Events the advance recorded',
  });
  await expect(counts).toContainText('subscription.payment_failed');
  // The open subscription's timeline followed.
  await expectTimeline(page, [FAILED, FAILED, 'subscription.created']);
  expect(await row(page, declined.id)).toMatchObject({ Status: 'pending_activation', Failed: '2' });
  expect(await row(page, paid.id)).toMatchObject({ Status: 'active', Failed: '0' });

  const month = await advance(page, 31);
  expect(month.body.offsetDays).toBeGreaterThanOrEqual(day.body.offsetDays + 31);
  expect(month.body.events['subscription.renewed']).toBeGreaterThanOrEqual(1);
  expect(month.body.events['subscription.payment_failed']).toBeGreaterThanOrEqual(3);
  expect(month.body.events['subscription.cancelled']).toBeGreaterThanOrEqual(1);
  await expect(counts).toContainText('subscription.renewed');

  await expectTimeline(page, [
    'subscription.cancelled',
    ...Array(4).fill(FAILED),
    'subscription.created',
  ]);
  expect(await row(page, declined.id)).toMatchObject({
    Status: 'cancelled payment_failed',
    Failed: '4',
    'Next billing': '—',
  });
  expect(await shownCharge(page)).toMatchObject(DECLINED);

  const listed = await listSubscriptions(page, PLAN);
  const [renewed, failing] = [listed[paid.id], listed[renewing.id]];
  if (renewed === undefined || failing === undefined) throw new Error('not listed');
  // Its renewal was declined at its due moment, and retried daily since, until the clock's now.
  const tries = Math.floor(
    (Date.parse(month.body.now) - Date.parse(renewing.currentPeriodEnd)) / DAY,
  );
  expect(failing).toMatchObject({
    failedAttempts: Math.min(4, tries + 1),
    status: tries + 1 >= 4 ? 'cancelled' : 'active',
    currentPeriodStart: renewing.currentPeriodStart,
  });
  expect(renewed).toMatchObject({ status: 'active', currentPeriodStart: paid.currentPeriodEnd });
  expect(renewed.latestChargeId).not.toBe(firstCharge);
  expect(Date.parse(renewed.currentPeriodEnd)).toBeGreaterThan(Date.parse(paid.currentPeriodEnd));
  const events = await openSubscription(page, paid.id);
  expect(events.body.data[0]).toMatchObject({
    event: 'subscription.renewed',
    data: { latestChargeId: renewed.latestChargeId, currentPeriodStart: paid.currentPeriodEnd },
  });
  expect((await shownEvents(page))[0]).toBe('subscription.renewed');
  expect(await shownCharge(page)).toMatchObject({
    Charge: renewed.latestChargeId,
    Status: 'paid',
    Amount: 'R$39.90',
  });
  // The first period's charge is still a click away in the timeline.
  await answerOf(page, 'charge-exchange', () =>
    region(page, 'Subscriptions')
      .getByRole('button', { name: `Show charge ${firstCharge}` })
      .last()
      .click(),
  );
  expect(await shownCharge(page)).toMatchObject({ Charge: firstCharge, Status: 'paid' });
  await expectAccessible(page, problems);
});

test('five days more: the renewals-declined subscription is cancelled after its retries', async ({
  page,
}) => {
  const problems = await open(page, KEY, MERCHANT);
  await listSubscriptions(page, PLAN);
  await openSubscription(page, renewing.id);
  await advance(page, 5);
  await expectTimeline(page, [
    'subscription.cancelled',
    ...Array(4).fill(FAILED),
    'subscription.activated',
    'subscription.created',
  ]);
  expect(await row(page, renewing.id)).toMatchObject({
    Status: 'cancelled payment_failed',
    Failed: '4',
  });
  expect(await shownCharge(page)).toMatchObject(DECLINED);
  expect(await row(page, paid.id)).toMatchObject({ Status: 'active', Failed: '0' });
  await expectAccessible(page, problems);
});

test('deactivating the plan asks for a confirmation, then cancels its active subscription', async ({
  page,
}) => {
  const problems = await open(page, KEY, MERCHANT);
  await listSubscriptions(page, PLAN);
  const plans = region(page, 'Plans');
  const asked = await answerOf(page, 'plan-status-exchange', () =>
    plans.getByRole('button', { name: `Deactivate ${PLAN} (${planId})` }).click(),
  );
  expect(asked).toMatchObject({ status: 200, body: { activeSubscriptionsCount: 1 } });
  expect(asked.body.confirmationToken).toMatch(/^pct_/);
  await expect(page.locator('#plan-confirm-message')).toHaveText(asked.body.message as string);
  await expect(page.locator('#plan-status-title')).toBeFocused();

  const confirmed = await answerOf(page, 'plan-status-exchange', () =>
    plans.getByRole('button', { name: 'Confirm deactivation' }).click(),
  );
  expect(confirmed).toMatchObject({ status: 200, body: { id: planId, status: 'inactive' } });
  await expect(page.locator('#plan-status-exchange pre').first()).toContainText(
    `"confirmationToken": "${asked.body.confirmationToken}"`,
  );
  await expect(page.locator('#plan-status-result')).toContainText('is now inactive');
  await expect
    .poll(async () => (await row(page, paid.id)).Status)
    .toBe('cancelled plan_deactivated');
  expect(await row(page, paid.id)).toMatchObject({ 'Next billing': '—', Failed: '0' });
  for (const { id } of [declined, renewing]) {
    expect(await row(page, id)).toMatchObject({ Status: 'cancelled payment_failed' });
  }
  const planRow = plans.getByRole('row').filter({ hasText: planId });
  await expect(planRow).toContainText('inactive');

  const again = await answerOf(page, 'plan-status-exchange', () =>
    planRow.getByRole('button', { name: `Activate ${PLAN} (${planId})` }).click(),
  );
  expect(again).toMatchObject({
    status: 200,
    body: { status: 'active', activeSubscriptionsCount: 0 },
  });
  await expect(planRow.getByRole('button', { name: /^Deactivate/ })).toBeVisible();

  // On a phone the tables scroll sideways inside their own focusable regions.
  await page.setViewportSize({ width: 375, height: 800 });
  const scroller = region(page, 'Subscriptions').getByRole('region', {
    name: 'Subscriptions table',
  });
  expect(await scroller.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, problems);
});

test('under Trusted Types (?trusted-types=1): image, list, timeline and charge, 0 violations', async ({
  page,
}) => {
  const problems = await open(page, KEY, MERCHANT, '/subscriptions.html?trusted-types=1');
  await region(page, 'Plan image').getByLabel('Plan', { exact: true }).selectOption(planId);
  const uploaded = await uploadImage(page, { name: 'plan.png', buffer: tinyPng() });
  expect(uploaded.status).toBe(200);
  await expect(page.getByRole('img', { name: `Image of the plan ${PLAN}` })).toBeVisible();
  await listSubscriptions(page, PLAN);
  await openSubscription(page, paid.id);
  expect((await shownEvents(page))[0]).toBe('subscription.cancelled');
  expect(await shownCharge(page)).toMatchObject({ Status: 'paid' });
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  expectNoProblems(problems);
});
