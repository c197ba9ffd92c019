// README screenshots of the drop-in form: `npx tsx scripts/screenshots.ts`, with `npm run demo`
// running (or DEMO_URL).
import { type BrowserContextOptions, chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/chromium-launch';

const demo = process.env.DEMO_URL ?? 'http://127.0.0.1:4012';
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const shots: [name: string, context: BrowserContextOptions, query: string][] = [
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
