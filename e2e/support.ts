import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { completeChallenge, fillCard } from '../src/testing';
import type { AuthenticationResult } from '../src/types';
import {
  countLeftovers,
  type FlowOutcome,
  type FlowRecord,
  type FlowStart,
  type Leftovers,
  startFlowInPage,
} from './page-probes';
import { SANDBOX } from './sandbox-urls';

export interface Scenario {
  name: string;
  card: string;
  description: string;
  expected: { status: AuthenticationResult['status']; outcome?: string };
  challengeAction?: 'approve' | 'wrong_code';
  /** What the charge does after the authentication, when it is not simply paid. */
  charge?: 'declined';
}

export type { FlowOutcome };

declare global {
  interface Window {
    SecureCheckout: typeof import('../src/global');
    e2e: FlowRecord & { violations: string[] };
  }
}

let cached: Scenario[] | undefined;
export async function scenarios(): Promise<Scenario[]> {
  cached ??= (await (await fetch(`${SANDBOX.api}/sandbox/scenarios`)).json()) as Scenario[];
  return cached;
}

export async function scenario(name: string): Promise<Scenario> {
  const found = (await scenarios()).find((s) => s.name === name);
  if (!found) throw new Error(`no sandbox scenario named ${name}`);
  return found;
}

/** Records CSP violations of the page in `window.e2e.violations`, from its first script on. */
export async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.e2e = { events: [], violations: [] };
    document.addEventListener('securitypolicyviolation', (event) => {
      window.e2e.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

/** The QA engine page (built bundle via script tag), recording CSP violations from the start. */
export async function openEnginePage(page: Page): Promise<void> {
  await recordViolations(page);
  await page.goto('/engine.html');
  await page.waitForFunction(() => typeof window.SecureCheckout?.createCheckout === 'function');
  // The page's module lists the scenarios and wires the form, then enables Authenticate.
  await page.locator('#run:enabled').waitFor();
}

export interface PageProblems {
  /** `console.error` messages and failed loads, from every frame. */
  consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections. */
  pageErrors: string[];
}

/** A demo page, with CSP violations, console errors and uncaught exceptions recorded from the start. */
export async function openDemoPage(page: Page, path: string): Promise<PageProblems> {
  const problems: PageProblems = { consoleErrors: [], pageErrors: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  await recordViolations(page);
  await page.goto(path);
  return problems;
}

/** No console error except the browser's own line for an HTTP status the test asked for. */
export function expectNoProblems(problems: PageProblems, expectedStatuses: number[] = []) {
  const unexpected = problems.consoleErrors.filter(
    (line) =>
      !expectedStatuses.some((status) =>
        line.startsWith(`Failed to load resource: the server responded with a status of ${status}`),
      ),
  );
  expect(unexpected).toEqual([]);
  expect(problems.pageErrors).toEqual([]);
}

/** Starts `authenticate()` in the page with a sandbox card; the outcome is read by `outcome()`. */
export async function startFlow(
  page: Page,
  card: string,
  options: FlowStart['options'] = {},
): Promise<void> {
  const start: FlowStart = { api: SANDBOX.api, card, record: 'e2e', options };
  await page.evaluate(startFlowInPage, start);
}

export const outcome = (page: Page): Promise<FlowOutcome> =>
  page.evaluate(() => window.e2e.flow as Promise<FlowOutcome>);

export const eventTypes = (page: Page): Promise<string[]> =>
  page.evaluate(() => window.e2e.events.map((e) => e.type));

/** The challenge page inside our dialog (Playwright's CSS pierces open shadow roots). */
export function challengeFrame(page: Page): FrameLocator {
  return page.frameLocator('dialog iframe');
}

/** A scenario's challenge action, through secure-checkout/testing: the code sent, the challenge gone. */
export async function answerChallenge(page: Page, action: 'approve' | 'wrong_code'): Promise<void> {
  await completeChallenge(page, action === 'approve' ? {} : { code: '0000' });
}

export function leftovers(page: Page): Promise<Leftovers> {
  return page.evaluate(countLeftovers);
}

export async function expectClean(page: Page): Promise<void> {
  await expect.poll(() => leftovers(page)).toEqual({ iframes: 0, dialogs: 0, hosts: 0 });
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
}

/** The drop-in form (`mount()` on widget.html); Playwright's locators pierce its shadow root. */
export const cardForm = (page: Page) => page.locator('secure-checkout-form');

/** Types a card into the drop-in form, through secure-checkout/testing. */
export async function fillCardForm(page: Page, number: string, cvv = '123'): Promise<void> {
  await fillCard(page, { number, cvv, holderName: 'Ana Souza', expiry: '12/30' });
}

/** A card that expires in four years, as the shop form's MM/YY. */
const shopExpiry = `12/${String((new Date().getFullYear() + 4) % 100).padStart(2, '0')}`;

/** Fills the merchant's own form of checkout.html and spa.html (e-mail and card). */
export async function fillShopForm(page: Page, card: string): Promise<void> {
  await page.getByLabel('E-mail for the receipt').fill('ana.souza@example.com');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Name on card').fill('Ana Souza');
  await page.getByLabel('Expiry (MM/YY)').fill(shopExpiry);
  await page.getByLabel('Security code', { exact: true }).fill('123');
}

/**
 * Serves the script tag's `file` beside it (dist/) one byte longer than built, so its pinned hash
 * no longer matches; records what the widget page logs as checkout errors, and whether a charge
 * was asked of the merchant's server.
 */
export async function serveChangedSibling(page: Page, file: string) {
  const real = readFileSync(join(import.meta.dirname, '..', 'dist', file));
  await page.route(`**/dist/${file}`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: Buffer.concat([real, Buffer.from('\n// one byte more\n')]),
    }),
  );
  const seen = { errors: [] as string[], charged: false };
  page.on('console', (message) => {
    if (message.text().startsWith('checkout error')) seen.errors.push(message.text());
  });
  page.on('request', (r) => {
    if (r.url().endsWith('/merchant/charges') && r.method() === 'POST') seen.charged = true;
  });
  return seen;
}

/**
 * axe's serious and critical violations on the page as it is now, one line each (`id: targets`).
 * Run after a CSP check: axe injects inline styles of its own.
 */
export const seriousAxe = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
