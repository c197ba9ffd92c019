import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { recordViolations } from './support';

/** The value the build wrote, as a merchant copies it into the script tag. */
const integrity = readFileSync(
  new URL('../dist/secure-checkout.js.sri', import.meta.url),
  'utf8',
).trim();

/** Adds `<script src integrity crossorigin>` to the page; resolves with load or error. */
const loadScript = (page: import('@playwright/test').Page, hash: string) =>
  page.evaluate(
    (value) =>
      new Promise<{ event: string; global: string }>((resolve) => {
        const script = document.createElement('script');
        script.src = '/dist/secure-checkout.js';
        script.integrity = value;
        script.crossOrigin = 'anonymous';
        const settle = (event: string) => () =>
          resolve({
            event,
            global: typeof (window as { SecureCheckout?: unknown }).SecureCheckout,
          });
        script.onload = settle('load');
        script.onerror = settle('error');
        document.head.append(script);
      }),
    hash,
  );

test.beforeEach(async ({ page }) => {
  await recordViolations(page);
  await page.goto('/'); // the QA panel: same origin as /dist, no script tag of ours yet
});

test('dist/secure-checkout.js.sri matches the served script: the browser runs it', async ({
  page,
}) => {
  expect(integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  expect(await loadScript(page, integrity)).toEqual({ event: 'load', global: 'object' });
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
});

test('a script that does not match the hash is refused and never runs', async ({ page }) => {
  const tampered = `sha384-${'A'.repeat(64)}`;
  expect(await loadScript(page, tampered)).toEqual({ event: 'error', global: 'undefined' });
});
