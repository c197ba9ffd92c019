// The Webhooks QA page as the e2e tests drive it: choose the merchant, act, read what it shows.
import { expect, type Page } from '@playwright/test';
import { answerOf, region } from './platform-page';
import { open as openSubscriptionsLike, settled } from './subscriptions-page';
import type { PageProblems } from './support';

export { answerOf, expectAccessible, region } from './platform-page';
export { settled };

export type Endpoint = { id: string; url: string; events: string[]; enabled: boolean };

export type Received = {
  receivedAt: string;
  id?: string;
  event?: string;
  answeredStatus: number;
  /** The merchant server's reading (parseWebhook and the dedup helper). */
  verdict: string;
  body: { data?: { id?: string } };
};

/** A delivery as the open event shows it: its status and each attempt's status column. */
export type ShownDelivery = { id: string; status: string; channel: string; attempts: string[] };

/** The page, acting as the merchant of `secretKey` (its endpoints and events listed). */
export const open = (
  page: Page,
  secretKey: string,
  label: string,
  path = '/webhooks.html',
): Promise<PageProblems> => openSubscriptionsLike(page, secretKey, label, path);

/** Adds an endpoint with exactly `kinds` checked (`['*']`: all). */
export async function addEndpoint(page: Page, url: string, kinds: string[]) {
  const form = region(page, 'Add an endpoint');
  await form.getByLabel('URL').fill(url);
  const boxes = form.getByRole('group', { name: 'Event kinds' }).getByRole('checkbox');
  await form.getByRole('checkbox', { name: 'all (*)' }).setChecked(kinds.includes('*'));
  for (const box of await boxes.all()) {
    const value = await box.getAttribute('value');
    if (value !== '*' && (await box.isEnabled())) await box.setChecked(kinds.includes(value ?? ''));
  }
  return answerOf(page, 'add-exchange', () =>
    form.getByRole('button', { name: 'Add endpoint' }).click(),
  );
}

/** The receiver answers 500 to the next `count` deliveries. */
export async function failNext(page: Page, count: number) {
  const receiver = region(page, 'Built-in receiver');
  await receiver.getByLabel('Answer 500 to the next').fill(String(count));
  return answerOf(page, 'failures-exchange', () =>
    receiver.getByRole('button', { name: 'Fail them' }).click(),
  );
}

/** Makes a charge; the page then lists its events (newest first). */
export async function makeCharge(page: Page, card = '4111111111111111') {
  const form = region(page, 'Make a charge');
  await form.getByLabel('Test card').selectOption(card);
  const reply = await answerOf(page, 'charge-exchange', () =>
    form.getByRole('button', { name: 'Make charge' }).click(),
  );
  await settled(page);
  return reply;
}

/** The events listed, as `{ [event]: id }` (the newest of each kind). */
export async function listedEvents(page: Page) {
  const rows = region(page, 'Events').getByRole('table', { name: 'Events' }).locator('tbody tr');
  const pairs = await rows.evaluateAll((trs) =>
    trs.map((tr) => [tr.children[1]?.textContent?.trim(), tr.children[0]?.textContent?.trim()]),
  );
  return Object.fromEntries(pairs.reverse()) as Record<string, string>;
}

/** Lists the events of one kind (the filter's other fields as they are). */
export async function listEventsOfKind(page: Page, event: string) {
  const events = region(page, 'Events');
  await events.getByLabel('Event', { exact: true }).fill(event);
  return answerOf(page, 'events-exchange', () =>
    events.getByRole('button', { name: 'List events' }).click(),
  );
}

/** Opens an event from the list: its detail's answer. */
export async function openEvent(page: Page, id: string) {
  const reply = await answerOf(page, 'event-exchange', () =>
    region(page, 'Events')
      .getByRole('button', { name: `Open ${id}`, exact: true })
      .click(),
  );
  await expect(page.locator('#event-title')).toHaveText(`Event ${id}`);
  return reply;
}

/** The open event's deliveries, as shown. */
export const shownDeliveries = (page: Page): Promise<ShownDelivery[]> =>
  page.locator('#deliveries-result .delivery').evaluateAll((blocks) =>
    blocks.map((block) => ({
      id: (block as HTMLElement).dataset.delivery ?? '',
      status: (block as HTMLElement).dataset.status ?? '',
      channel: (block as HTMLElement).dataset.channel ?? '',
      attempts: [...block.querySelectorAll('tbody tr')].map(
        (tr) => tr.children[1]?.textContent?.trim() ?? '',
      ),
    })),
  );

/** Clicks "Refresh deliveries": the event's detail again. */
export const refreshEvent = (page: Page) =>
  answerOf(page, 'event-exchange', () =>
    region(page, 'Events').getByRole('button', { name: 'Refresh deliveries' }).click(),
  );

/** An action of an endpoint's row (Disable, Enable, Send test, Delete). */
export const endpointAction = (page: Page, action: string, id: string) =>
  answerOf(page, 'endpoint-action-exchange', () =>
    region(page, 'Endpoints')
      .getByRole('button', { name: `${action} ${id}`, exact: true })
      .click(),
  );

/** The receiver's whole list (every merchant's), the page's table filtered to `filter`. */
export async function receivedAll(page: Page, filter = '') {
  const receiver = region(page, 'Built-in receiver');
  await receiver.getByLabel('Show only').fill(filter);
  const reply = await answerOf(page, 'received-exchange', () =>
    receiver.getByRole('button', { name: 'Refresh received' }).click(),
  );
  expect(reply.status).toBe(200);
  return reply.body as unknown as Received[];
}

/** What the receiver got with the envelope id `id`, oldest first (the page shows only those). */
export const received = async (page: Page, id: string) =>
  (await receivedAll(page, id)).filter((r) => r.id === id);

/**
 * The receiver's table as shown: `[event, envelope id, answered, read as]` per row, newest
 * first.
 */
export const shownReceived = async (page: Page) =>
  (
    await region(page, 'Built-in receiver')
      .getByRole('table', { name: 'Received' })
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [1, 2, 4, 5].map((i) => tr.children[i]?.textContent?.trim() ?? '')),
      )
  ).map(([event, id, answered, readAs]) => ({ event, id, answered, readAs }));
