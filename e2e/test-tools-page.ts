// The Faults and Request log pages as the e2e tests drive them: a throwaway merchant of their
// own (so no other spec's charges meet its rules), its key typed on the page, the checks.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { SANDBOX } from './sandbox-urls';
import { settled } from './subscriptions-page';
import { expectNoProblems, openDemoPage, type PageProblems } from './support';

export { answerOf, region } from './platform-page';
export { settled };

export type Throwaway = { id: string; secretKey: string; publishableKey: string };

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** A new merchant of the sandbox's own (`POST /sandbox/merchants`), for one spec. */
export async function newMerchant(request: APIRequestContext, name: string): Promise<Throwaway> {
  const reply = await request.post(`${SANDBOX.api}/sandbox/merchants`, { data: { name } });
  expect(reply.status()).toBe(201);
  return (await reply.json()) as Throwaway;
}

/** Deletes it, its rules and its log with it. */
export async function deleteMerchant(request: APIRequestContext, merchant: Throwaway) {
  const reply = await request.delete(`${SANDBOX.api}/sandbox/merchants/${merchant.id}`, {
    headers: { Authorization: basic(merchant.secretKey) },
  });
  expect(reply.status()).toBe(200);
}

/** One of the merchant's own API calls (its secret key), e.g. to add a fault rule. */
export async function asMerchant(
  request: APIRequestContext,
  merchant: Throwaway,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const reply = await request.fetch(`${SANDBOX.api}${path}`, {
    method,
    headers: { Authorization: basic(merchant.secretKey) },
    ...(data === undefined ? {} : { data }),
  });
  return { status: reply.status(), body: await reply.json() };
}

/** The page at `path`, acting as the merchant of the typed `secretKey`. */
export async function openAs(page: Page, path: string, secretKey: string): Promise<PageProblems> {
  const problems = await openDemoPage(page, path);
  await page.locator('#merchant-load:enabled').waitFor();
  await page.getByLabel('Secret key').fill(secretKey);
  await page.getByRole('button', { name: 'Use this key' }).press('Enter');
  await expect(page.locator('#merchant-state')).toHaveText(
    `Acting as the typed key (${secretKey})`,
  );
  await settled(page);
  return problems;
}

/**
 * No CSP or Trusted Types violation, no console error but the statuses asked for, and axe finds
 * nothing serious or critical.
 */
export async function expectAccessible(page: Page, problems: PageProblems, statuses: number[]) {
  // The CSP first: axe injects inline styles of its own.
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  expectNoProblems(problems, statuses);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
