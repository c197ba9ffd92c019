import { expect, type Page, test } from '@playwright/test';
import { SANDBOX } from './sandbox-urls';
import { expectNoProblems } from './support';
import {
  addEndpoint,
  answerOf,
  type Endpoint,
  endpointAction,
  expectAccessible,
  failNext,
  listEventsOfKind,
  listedEvents,
  makeCharge,
  open,
  openEvent,
  received,
  receivedAll,
  refreshEvent,
  region,
  shownDeliveries,
  shownReceived,
} from './webhooks-page';

// One story on one sandbox, in order: Sub da Outra adds an endpoint for the demo's receiver,
// which fails twice, so its charge's `charge.paid` is retried until delivered; then a resend, a
// test event, a change of kinds, a disabled endpoint that gets nothing, and its deletion. Sub da
// Outra makes no charge and has no endpoint in any other spec (the Platform spec reads only its
// wallet's withdrawal flag), and Outra Loja's subscription renewals (subscriptions.spec.ts) would
// charge in parallel. The receiver is every spec's: its list is read by this story's event ids.
test.describe.configure({ mode: 'serial' });

const KEY = 'sk_test_other_sub';
const MERCHANT = 'Sub da Outra';
const RECEIVER = `${SANDBOX.demo}/merchant/webhooks`;
const RETRIES = { timeout: 20_000 };
let endpoint: Endpoint;
let paidEvent = '';

test('adds an endpoint for the built-in receiver; a URL the sandbox may not deliver to is a 400', async ({
  page,
}) => {
  const problems = await open(page, KEY, MERCHANT);
  for (const url of ['http://10.0.0.1/x', 'ftp://x']) {
    const refused = await addEndpoint(page, url, ['charge.paid']);
    expect(refused).toMatchObject({ status: 400, body: { statusCode: 400, error: 'Bad Request' } });
    expect(refused.body.message).toMatch(/url/);
    await expect(page.locator('#add-result')).toContainText('Not added: 400');
  }

  await region(page, 'Add an endpoint')
    .getByRole('button', { name: 'Use the built-in receiver' })
    .click();
  await expect(region(page, 'Add an endpoint').getByLabel('URL')).toHaveValue(RECEIVER);
  // charge.paid alone: one charge's deliveries to an endpoint go out in order, so with
  // charge.created taken too, it would be the one meeting the receiver's failures.
  const added = await addEndpoint(page, RECEIVER, ['charge.paid']);
  expect(added).toMatchObject({
    status: 201,
    body: { url: RECEIVER, events: ['charge.paid'], enabled: true },
  });
  endpoint = added.body as unknown as Endpoint;
  await expect(page.locator('#add-result')).toContainText(`Endpoint ${endpoint.id} added`);
  const row = region(page, 'Endpoints').getByRole('row').filter({ hasText: endpoint.id });
  await expect(row).toContainText('charge.paid');
  await expect(row).toContainText('enabled');
  await expectAccessible(page, problems);
});

/**
 * Tells the receiver to fail the next 2, makes a charge and follows its `charge.paid` on the page
 * until delivered. The receiver's knob is global: a postback of another spec running in parallel
 * may meet one of the failures first, which the receiver's list then shows.
 */
async function chargeMeetingTwoFailures(page: Page) {
  const since = new Date().toISOString();
  expect(await failNext(page, 2)).toMatchObject({ status: 200, body: { failNext: 2 } });
  const charge = await makeCharge(page);
  expect(charge).toMatchObject({ status: 201, body: { status: 'paid' } });
  const chargeId = charge.body.id as string;
  await expect(region(page, 'Events').getByLabel('Resource id')).toHaveValue(chargeId);
  const events = await listedEvents(page);
  expect(Object.keys(events).sort()).toEqual(['charge.created', 'charge.paid']);
  const paid = events['charge.paid'] as string;
  const detail = await openEvent(page, paid);
  expect(detail.body).toMatchObject({
    id: paid,
    event: 'charge.paid',
    resourceId: chargeId,
    envelope: { id: paid, event: 'charge.paid', data: { id: chargeId } },
  });
  // Followed: the page refreshes each second while the delivery is queued.
  await region(page, 'Events')
    .getByRole('checkbox', { name: /^Follow/ })
    .check();
  await expect
    .poll(async () => (await shownDeliveries(page)).map((d) => d.status), RETRIES)
    .toEqual(['delivered']);
  const [shown] = await shownDeliveries(page);
  return { chargeId, events, paid, shown, since };
}

test('the receiver fails twice: the charge.paid delivery goes 500, 500, then 200', async ({
  page,
}) => {
  const problems = await open(page, KEY, MERCHANT);
  let round = await chargeMeetingTwoFailures(page);
  for (let again = 0; again < 2 && round.shown?.attempts.join() !== '500,500,200'; again++) {
    // Only a failure another delivery took may explain it; then once more.
    const { since, paid } = round;
    const foreign = (await receivedAll(page)).filter(
      (r) => r.receivedAt >= since && r.answeredStatus === 500 && r.id !== paid,
    );
    expect(foreign.length).toBeGreaterThan(0);
    round = await chargeMeetingTwoFailures(page);
  }
  const { events } = round;
  paidEvent = round.paid;
  expect(round.shown).toEqual({
    id: expect.any(String),
    status: 'delivered',
    channel: 'endpoint',
    attempts: ['500', '500', '200'],
  });
  const final = await refreshEvent(page);
  const [delivery] = final.body.deliveries as Record<string, unknown>[];
  expect(delivery).toMatchObject({
    channel: 'endpoint',
    url: RECEIVER,
    endpointId: endpoint.id,
    status: 'delivered',
    attempts: 3,
    nextAttemptAt: null,
    attemptLog: [
      { attempt: 1, status: 500, delivered: false },
      { attempt: 2, status: 500, delivered: false },
      { attempt: 3, status: 200, delivered: true, error: null },
    ],
  });
  await expect(page.locator('#deliveries-state')).toHaveText('1 delivery: 1 delivered.');

  // The receiver got the envelope three times and answered as told.
  const arrived = await received(page, paidEvent);
  expect(arrived.map((r) => [r.event, r.answeredStatus])).toEqual([
    ['charge.paid', 500],
    ['charge.paid', 500],
    ['charge.paid', 200],
  ]);
  // The merchant server read each with parseWebhook: the two it refused on purpose not taken.
  const notTaken = 'not taken (answered 500)';
  expect(await shownReceived(page)).toEqual([
    { event: 'charge.paid', id: paidEvent, answered: '200', readAs: 'new' },
    { event: 'charge.paid', id: paidEvent, answered: '500', readAs: notTaken },
    { event: 'charge.paid', id: paidEvent, answered: '500', readAs: notTaken },
  ]);

  // charge.created is not a kind this endpoint takes: it went nowhere.
  const created = await openEvent(page, events['charge.created'] as string);
  expect(created.body.deliveries).toEqual([]);
  await expect(page.locator('#deliveries-state')).toHaveText('No delivery.');
  await expectAccessible(page, problems);
});

test('a resend queues a new delivery with the same envelope id, and the receiver gets it', async ({
  page,
}) => {
  const problems = await open(page, KEY, MERCHANT);
  await listEventsOfKind(page, 'charge.paid');
  await openEvent(page, paidEvent);
  // A resend reloads the event too: wait for that load, so each refresh below is one exchange.
  const eventExchange = page.locator('#event-exchange');
  const loads = Number(await eventExchange.getAttribute('data-count'));
  const resent = await answerOf(page, 'resend-exchange', () =>
    region(page, 'Events').getByRole('button', { name: 'Resend' }).click(),
  );
  expect(resent).toMatchObject({ status: 202, body: { eventId: paidEvent, deliveries: 1 } });
  await expect(page.locator('#resend-result')).toContainText('1 new delivery');
  await expect(eventExchange).toHaveAttribute('data-count', String(loads + 1));
  await expect
    .poll(async () => {
      await refreshEvent(page);
      return shownDeliveries(page);
    }, RETRIES)
    .toEqual([
      expect.objectContaining({ status: 'delivered', attempts: ['500', '500', '200'] }),
      expect.objectContaining({ status: 'delivered', channel: 'endpoint', attempts: ['200'] }),
    ]);
  await expect
    .poll(async () => (await received(page, paidEvent)).map((r) => r.answeredStatus), RETRIES)
    .toEqual([500, 500, 200, 200]);
  // The resend's envelope was taken before: the dedup helper calls it a repeat.
  expect((await received(page, paidEvent)).map((r) => r.verdict)).toEqual([
    'not taken (answered 500)',
    'not taken (answered 500)',
    'new',
    'repeat',
  ]);

  // "Show at the receiver" filters its list by the envelope id.
  await answerOf(page, 'received-exchange', () =>
    region(page, 'Events').getByRole('button', { name: 'Show at the receiver' }).click(),
  );
  await expect(region(page, 'Built-in receiver').getByLabel('Show only')).toHaveValue(paidEvent);
  await expect(
    region(page, 'Built-in receiver').getByRole('table', { name: 'Received' }).locator('tbody tr'),
  ).toHaveCount(4);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/webhooks.png', fullPage: true });
  await expectAccessible(page, problems);
});

test('a test event goes to its endpoint alone', async ({ page }) => {
  const problems = await open(page, KEY, MERCHANT);
  const sent = await endpointAction(page, 'Send test', endpoint.id);
  expect(sent.status).toBe(202);
  const eventId = sent.body.eventId as string;
  expect(eventId).toMatch(/^evt_/);
  await answerOf(page, 'event-exchange', () =>
    region(page, 'Endpoints')
      .getByRole('button', { name: `Open ${eventId}` })
      .click(),
  );
  await expect(page.locator('#event-title')).toHaveText(`Event ${eventId}`);
  await expect
    .poll(async () => {
      await refreshEvent(page);
      return shownDeliveries(page);
    }, RETRIES)
    .toEqual([
      expect.objectContaining({ status: 'delivered', channel: 'endpoint', attempts: ['200'] }),
    ]);
  const arrived = await received(page, eventId);
  expect(arrived).toMatchObject([{ event: 'webhook.test', answeredStatus: 200 }]);
  await expectAccessible(page, problems);
});

test('new kinds, then disabled: a new charge makes no endpoint delivery; then deleted', async ({
  page,
}) => {
  const problems = await open(page, KEY, MERCHANT);
  const endpoints = region(page, 'Endpoints');
  await endpoints.getByRole('button', { name: `Edit ${endpoint.id}` }).click();
  await expect(page.locator('#editor-title')).toBeFocused();
  await endpoints.getByRole('checkbox', { name: 'all (*)' }).check();
  await expect(endpoints.getByRole('checkbox', { name: 'charge.paid' })).toBeDisabled();
  const saved = await answerOf(page, 'editor-exchange', () =>
    endpoints.getByRole('button', { name: 'Save changes' }).click(),
  );
  expect(saved).toMatchObject({ status: 200, body: { id: endpoint.id, events: ['*'] } });
  // Only what changed is sent: the kinds, not the URL.
  await expect(page.locator('#editor-exchange pre').first()).not.toContainText('"url"');
  await expect(endpoints.getByRole('row').filter({ hasText: endpoint.id })).toContainText(
    'all (*)',
  );

  const disabled = await endpointAction(page, 'Disable', endpoint.id);
  expect(disabled).toMatchObject({ status: 200, body: { enabled: false } });
  await expect(endpoints.getByRole('button', { name: `Enable ${endpoint.id}` })).toBeVisible();
  const charge = await makeCharge(page);
  expect(charge.status).toBe(201);
  const events = await listedEvents(page);
  expect(Object.keys(events).sort()).toEqual(['charge.created', 'charge.paid']);
  for (const id of Object.values(events)) {
    expect((await openEvent(page, id)).body.deliveries).toEqual([]);
  }
  const nowhere = await answerOf(page, 'resend-exchange', () =>
    region(page, 'Events').getByRole('button', { name: 'Resend' }).click(),
  );
  expect(nowhere.status).toBe(400);
  await expect(page.locator('#resend-result')).toContainText('Not resent: 400');

  const deleted = await endpointAction(page, 'Delete', endpoint.id);
  expect(deleted).toMatchObject({ status: 200, body: { id: endpoint.id, deleted: true } });
  await expect(page.locator('#editor')).toBeHidden();
  await expect(endpoints.getByRole('row').filter({ hasText: endpoint.id })).toHaveCount(0);

  // On a phone the tables scroll sideways inside their own focusable regions.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, problems);
});

test('under Trusted Types (?trusted-types=1): endpoints, events, an event, the receiver, 0 violations', async ({
  page,
}) => {
  const problems = await open(page, KEY, MERCHANT, '/webhooks.html?trusted-types=1');
  await listEventsOfKind(page, 'charge.paid');
  const detail = await openEvent(page, paidEvent);
  // The endpoint is gone; the deliveries it got stay in the event's history.
  expect(detail.body.deliveries).toMatchObject([
    { endpointId: null, status: 'delivered' },
    { endpointId: null, status: 'delivered' },
  ]);
  expect((await shownDeliveries(page)).length).toBe(2);
  await expect(page.locator('#deliveries-result')).toContainText('— (none)');
  await received(page, paidEvent);
  expect(await shownReceived(page)).toHaveLength(4);
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  expectNoProblems(problems);
});
