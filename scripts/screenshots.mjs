#!/usr/bin/env node
// README screenshots of the drop-in form. Needs `npm run demo` running (or DEMO_URL).
import { chromium } from '@playwright/test';

const demo = process.env.DEMO_URL ?? 'http://127.0.0.1:4012';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const shots = [
  [
    'form-light',
    { viewport: { width: 1000, height: 720 }, colorScheme: 'light' },
    '?installments=6',
  ],
  [
    'form-dark',
    { viewport: { width: 1000, height: 720 }, colorScheme: 'dark' },
    '?installments=6&locale=pt-BR',
  ],
  [
    'form-mobile',
    { viewport: { width: 360, height: 740 }, colorScheme: 'light', deviceScaleFactor: 2 },
    '?saved=1',
  ],
];
for (const [name, context, query] of shots) {
  const page = await browser.newPage(context);
  await page.goto(`${demo}/widget.html${query}`);
  await page.locator('secure-checkout-form input').first().waitFor();
  if (!query.includes('saved')) {
    await page.locator('secure-checkout-form input').first().fill('4111 1111 1111 1111');
  }
  if (name === 'form-mobile') await page.locator('.pay').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
  await page.close();
}
await browser.close();
console.log('docs/screenshots/*.png written');
