// The Platform QA page as the e2e tests drive it: log in, act, read the answer it shows.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoProblems, openDemoPage, type PageProblems } from './support';

export const LOGINS = {
  lojaExemplo: 'merchant@sandbox.test',
  outraLoja: 'noconnect@sandbox.test',
  subAtiva: 'sub@sandbox.test',
  subInativa: 'inactive@sandbox.test',
  subDaOutra: 'other-sub@sandbox.test',
  admin: 'admin@sandbox.test',
};

/** The browser logs each 4xx a test asks for; nothing else may reach the console. */
const ASKED_FOR = [400, 403, 404, 422];

export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Runs `action` and waits for the exchange box's next answer: `{ status, body }`. */
export async function answerOf(page: Page, box: string, action: () => Promise<unknown>) {
  const exchange = page.locator(`#${box}`);
  const before = Number((await exchange.getAttribute('data-count')) ?? 0);
  await action();
  await expect(exchange).toHaveAttribute('data-count', String(before + 1));
  const text = (await exchange.locator('pre').nth(1).textContent()) ?? '';
  return {
    status: Number(await exchange.getAttribute('data-status')),
    body: JSON.parse(text) as Record<string, unknown>,
  };
}

export async function open(page: Page): Promise<PageProblems> {
  const problems = await openDemoPage(page, '/platform.html');
  await page.locator('#login:enabled').waitFor();
  return problems;
}

export async function logIn(page: Page, email: string) {
  await page.getByLabel('Log in as').selectOption(email);
  const { status } = await answerOf(page, 'login-exchange', () =>
    page.getByRole('button', { name: 'Log in' }).click(),
  );
  expect(status).toBe(200);
  await expect(page.locator('#session-state')).toContainText('Logged in as');
}

export const amount = (text: string | null | undefined) =>
  Number((text ?? '').replace(/[^\d.]/g, ''));

/** The BRL wallet as the Wallets table shows it (optionally of another merchant). */
export async function brlWallet(page: Page, merchant?: string) {
  const wallets = region(page, 'Wallets');
  if (merchant !== undefined)
    await wallets.getByLabel('Merchant').selectOption({ label: merchant });
  const { status } = await answerOf(page, 'wallets-exchange', () =>
    wallets.getByRole('button', { name: 'Show wallets' }).click(),
  );
  expect(status).toBe(200);
  const cells = wallets.getByRole('row').filter({ hasText: /^BRL/ }).getByRole('cell');
  const texts = await cells.allTextContents();
  return {
    available: amount(texts[1]),
    pending: amount(texts[2]),
    reserved: amount(texts[3]),
    withdrawals: texts[7],
  };
}

export async function requestPayout(page: Page, value: string) {
  const payout = region(page, 'Request a payout');
  await payout.getByLabel('Amount (BRL)').fill(value);
  return answerOf(page, 'payout-exchange', () =>
    payout.getByRole('button', { name: 'Request payout' }).click(),
  );
}

/** Submits a list form and returns its answer; `fill` sets the filters first. */
export async function list(page: Page, name: string, fill: (section: Locator) => Promise<unknown>) {
  const section = region(page, name);
  await fill(section);
  const box = name === 'Payout requests' ? 'payouts-exchange' : 'subs-exchange';
  const button = name === 'Payout requests' ? 'List payouts' : 'List sub-merchants';
  return answerOf(page, box, () => section.getByRole('button', { name: button }).click());
}

export const column = async (section: Locator, table: string, index: number) =>
  (
    await section
      .getByRole('table', { name: table })
      .locator('tbody tr')
      .evaluateAll((rows, i) => rows.map((row) => row.children[i]?.textContent ?? ''), index)
  ).map((text) => text.trim());

export async function expectAccessible(page: Page, problems: PageProblems) {
  // The CSP first: axe injects inline styles of its own.
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  expectNoProblems(problems, ASKED_FOR);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
