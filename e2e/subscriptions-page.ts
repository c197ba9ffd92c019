// The Subscriptions QA page as the e2e tests drive it: choose the merchant, act, read the answer.
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { answerOf, region } from './platform-page';
import { openDemoPage, type PageProblems } from './support';

export { answerOf, expectAccessible, region } from './platform-page';

export const CARDS = {
  paid: '4111111111111111',
  declined: '4000000000000150',
  renewalsDeclined: '4000000000000341',
};

export type Subscription = {
  id: string;
  status: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  nextBillingAt: string | null;
  failedAttempts: number;
  latestChargeId: string | null;
  cancellationType: string | null;
  billingDay: number;
};

/** The page, acting as the merchant of `secretKey` (its plans, subscriptions and clock shown). */
export async function open(
  page: Page,
  secretKey: string,
  label: string,
  path = '/subscriptions.html',
): Promise<PageProblems> {
  const problems = await openDemoPage(page, path);
  await page.locator('#merchant-load:enabled').waitFor();
  await page.getByLabel('Merchant', { exact: true }).selectOption(secretKey);
  await expect(page.locator('#merchant-state')).toHaveText(`Acting as ${label} (${secretKey})`);
  await settled(page);
  return problems;
}

/** Every request a chain of actions started has been answered (e.g. the lists after an advance). */
export const settled = (page: Page) =>
  expect(page.locator('.exchange[aria-busy="true"]')).toHaveCount(0);

/** An 8×8 PNG (two colours in a checkerboard), built byte by byte. */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0); // width
  header.writeUInt32BE(8, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter, no interlace
  const rows = [];
  for (let y = 0; y < 8; y++) {
    const pixels = [0]; // filter: none
    for (let x = 0; x < 8; x++) pixels.push(...((x + y) % 2 ? [79, 70, 229] : [255, 255, 255]));
    rows.push(...pixels);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function createPlan(page: Page, name: string) {
  const form = region(page, 'Create a plan');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Price').fill('39.90');
  await form.getByLabel('Recurrence').selectOption('monthly');
  return answerOf(page, 'plan-exchange', () =>
    form.getByRole('button', { name: 'Create plan' }).click(),
  );
}

export async function uploadImage(page: Page, file: { name: string; buffer: Buffer }) {
  const form = region(page, 'Plan image');
  const mimeType = file.name.endsWith('.png') ? 'image/png' : 'text/plain';
  await form.getByLabel(/^Image/).setInputFiles({ ...file, mimeType });
  return answerOf(page, 'image-exchange', () =>
    form.getByRole('button', { name: 'Upload image' }).click(),
  );
}

export async function subscribe(page: Page, planId: string, card: string, customer: string) {
  const form = region(page, 'Subscribe a customer');
  await form.getByLabel('Plan', { exact: true }).selectOption(planId);
  await form.getByLabel('Customer name').fill(customer);
  await form
    .getByLabel('Customer e-mail')
    .fill(`${customer.toLowerCase().replace(/\W+/g, '.')}@example.com`);
  await form.getByLabel('Test card').selectOption(card);
  const reply = await answerOf(page, 'subscribe-exchange', () =>
    form.getByRole('button', { name: 'Subscribe' }).click(),
  );
  await settled(page);
  return reply as { status: number; body: Subscription & Record<string, unknown> };
}

/** Lists the subscriptions whose plan or customer contains `search`. */
export async function listSubscriptions(page: Page, search: string) {
  const section = region(page, 'Subscriptions');
  await section.getByLabel('Search').fill(search);
  const reply = await answerOf(page, 'subs-exchange', () =>
    section.getByRole('button', { name: 'List subscriptions' }).click(),
  );
  expect(reply.status).toBe(200);
  return (reply.body.data as Subscription[]).reduce<Record<string, Subscription>>(
    (byId, s) => Object.assign(byId, { [s.id]: s }),
    {},
  );
}

/** A subscription's row in the table, its cells' text by heading. */
export async function row(page: Page, id: string) {
  const table = region(page, 'Subscriptions').getByRole('table', { name: 'Subscriptions' });
  const headings = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
  // As read: a cell's lines joined by a space (e.g. `cancelled payment_failed`).
  const cells = (
    await table.locator('tbody tr').filter({ hasText: id }).locator('td').allInnerTexts()
  ).map((text) => text.replace(/\s+/g, ' ').trim());
  return Object.fromEntries(headings.map((heading, i) => [heading, cells[i] ?? '']));
}

/** Advances the merchant's clock; the answer, once the lists it refreshes are shown again. */
export async function advance(page: Page, days: number) {
  const clock = region(page, 'Merchant and clock');
  await clock.getByLabel('Days to advance').fill(String(days));
  const reply = await answerOf(page, 'clock-exchange', () =>
    clock.getByRole('button', { name: 'Advance' }).click(),
  );
  await settled(page);
  return reply as {
    status: number;
    body: { now: string; offsetDays: number; events: Record<string, number> };
  };
}

/** Opens a subscription: its events (newest first) and its latest charge, as the page shows them. */
export async function openSubscription(page: Page, id: string) {
  const section = region(page, 'Subscriptions');
  const events = await answerOf(page, 'events-exchange', () =>
    section.getByRole('button', { name: `Open ${id}`, exact: true }).click(),
  );
  await settled(page);
  await expect(page.locator('#sub-detail-title')).toHaveText(`Subscription ${id}`);
  return events as { status: number; body: { data: { event: string; data: Subscription }[] } };
}

/** The events column of the open subscription's timeline, as shown. */
export const shownEvents = async (page: Page) =>
  (
    await region(page, 'Subscriptions')
      .getByRole('table', { name: 'Events' })
      .locator('tbody tr td:first-child')
      .allTextContents()
  ).map((text) => text.trim());

/** The open subscription's timeline becomes `events` (it follows the changes the page makes). */
export const expectTimeline = (page: Page, events: string[]) =>
  expect.poll(() => shownEvents(page)).toEqual(events);

/** The charge facts shown: `{ Charge, Status, Amount, 'Failure reason', … }`. */
export async function shownCharge(page: Page) {
  const facts = page.locator('#charge-result dl > div');
  await expect(facts.first()).toBeVisible();
  const pairs = await facts.evaluateAll((divs) =>
    divs.map((d) => [
      d.querySelector('dt')?.textContent?.trim(),
      d.querySelector('dd')?.textContent?.trim(),
    ]),
  );
  return Object.fromEntries(pairs) as Record<string, string>;
}
