import { expect, type Page, test } from '@playwright/test';
import { html, ROUTED, routePages } from './routed-pages';
import { SANDBOX } from './sandbox-urls';
import { fillCardForm, recordViolations } from './support';

/**
 * `<secure-checkout>` wherever a merchant puts the script: exactly one form, and one Pay makes
 * one charge. The pages are the test's own, served from the demo origin under its CSP.
 */

interface ElementRecord {
  errors: string[];
  statuses: string[];
}

declare global {
  interface Window {
    e2eElement: ElementRecord;
    e2eLastCharge?: string;
  }
}

/** The demo merchant's price of one `mug-350ml`: its server prices the cart itself. */
const AMOUNT = 120.5;

/** The merchant page's script: its server creates the charge each `charge` event asks for. */
const MERCHANT_JS = `window.e2eElement = { errors: [], statuses: [] };
document.addEventListener('checkout-error', (event) => window.e2eElement.errors.push(event.detail.code));
document.addEventListener('charge', (event) => {
  const { paymentMethod, respondWith } = event.detail;
  respondWith(
    fetch('/merchant/charges', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        cart: [{ sku: 'mug-350ml', quantity: 1 }],
        paymentMethod,
      }),
    })
      .then((response) => response.json())
      .then((charge) => {
        window.e2eElement.statuses.push(charge.status);
        window.e2eLastCharge = charge.id;
        return charge;
      }),
  );
});
// PIX: the merchant's server reads the charge while the code shows.
document.addEventListener('pix-status', (event) => {
  const { charge, respondWith } = event.detail;
  respondWith(fetch('/merchant/charges/' + charge.id).then((response) => response.json()));
});
`;

const DROP_IN = '<script src="/dist/secure-checkout.js"></script>';
const DROP_IN_DEFERRED = '<script defer src="/dist/secure-checkout.js"></script>';
const merchant = (defer = '') => `<script ${defer} src="${ROUTED}merchant.js"></script>`;

/** Where the page puts the script and the element. */
const LAYOUTS: Record<string, (element: string) => string> = {
  'the script after the element (end of <body>)': (element) =>
    html(merchant(), `${element}${DROP_IN}`),
  'the script in <head>, deferred': (element) =>
    html(`${DROP_IN_DEFERRED}${merchant('defer')}`, element),
  'the script in <head>, plain': (element) => html(`${DROP_IN}${merchant()}`, element),
  'the element made by a script': () =>
    html(`${DROP_IN}${merchant()}<script defer src="${ROUTED}create.js"></script>`, ''),
};

async function attributes(): Promise<Record<string, string>> {
  const config = (await (await fetch(`${SANDBOX.demo}/demo-config.json`)).json()) as {
    publishableKey: string;
    apiUrl: string;
  };
  return {
    'publishable-key': config.publishableKey,
    'base-url': config.apiUrl,
    amount: String(AMOUNT),
    currency: 'BRL',
  };
}

/** Opens the layout's page; returns the POST /merchant/charges requests it makes. */
async function open(
  page: Page,
  layout: string,
  more: Record<string, string> = {},
): Promise<string[]> {
  const attrs = { ...(await attributes()), ...more };
  const element = `<secure-checkout ${Object.entries(attrs)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ')}></secure-checkout>`;
  const create = `const element = document.createElement('secure-checkout');
for (const [name, value] of Object.entries(${JSON.stringify(attrs)})) element.setAttribute(name, value);
document.querySelector('main').append(element);`;
  await routePages(page, {
    'page.html': (LAYOUTS[layout] as (element: string) => string)(element),
    'merchant.js': MERCHANT_JS,
    'create.js': create,
  });
  const charges: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/merchant/charges')) {
      charges.push(request.url());
    }
  });
  await recordViolations(page);
  await page.goto(`${ROUTED}page.html`);
  await page.waitForLoadState('load'); // every script ran, the element is upgraded
  return charges;
}

/** Forms and "Card number" fields, counted as they are now (no waiting for a count to match). */
const counts = async (page: Page) => ({
  forms: await page.locator('secure-checkout-form').count(),
  numberFields: await page.getByLabel('Card number').count(),
});

for (const layout of Object.keys(LAYOUTS)) {
  test(`one form, one charge: ${layout}`, async ({ page }) => {
    const charges = await open(page, layout);
    await expect(page.getByLabel('Card number').first()).toBeVisible();
    expect(await counts(page)).toEqual({ forms: 1, numberFields: 1 });

    // Changed and moved: still one form.
    await page.evaluate(() => {
      const element = document.querySelector('secure-checkout') as HTMLElement;
      element.setAttribute('amount', '99.9');
      element.setAttribute('locale', 'en');
      element.remove();
      document.body.append(element);
    });
    const form = page.locator('secure-checkout-form');
    await expect(form.getByRole('button', { name: 'Pay R$99.90' })).toBeVisible();
    expect(await counts(page)).toEqual({ forms: 1, numberFields: 1 });
    await page.evaluate(() =>
      document.querySelector('secure-checkout')?.setAttribute('amount', '120.5'),
    );
    await expect(form.getByRole('button', { name: 'Pay R$120.50' })).toBeVisible();

    await fillCardForm(page, '4111111111111111');
    await form.getByRole('button', { name: /^Pay / }).click();
    await expect(form.getByRole('status')).toHaveText('Payment approved. Thank you!');
    expect(charges).toHaveLength(1);
    expect(await page.evaluate(() => window.e2eElement)).toEqual({
      errors: [],
      statuses: ['paid'],
    });
    expect(await counts(page)).toEqual({ forms: 1, numberFields: 1 });
    expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  });
}

test('payment-methods="card pix": the element pays by PIX, its pix-status answered by the merchant server', async ({
  page,
}) => {
  const layout = 'the script after the element (end of <body>)';
  const charges = await open(page, layout, { 'payment-methods': 'card pix' });
  const form = page.locator('secure-checkout-form');
  await form.getByRole('button', { name: 'PIX' }).click();
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(form.getByRole('img', { name: 'PIX QR code' })).toBeVisible();
  const id = await page.evaluate(() => window.e2eLastCharge);
  expect((await page.request.post(`/merchant/charges/${id}/pix/pay`)).status()).toBe(200);
  await expect(form.getByRole('status')).toHaveText('Payment approved. Thank you!', {
    timeout: 15_000,
  });
  expect(charges).toHaveLength(1);
  expect(await page.evaluate(() => window.e2eElement)).toEqual({
    errors: [],
    statuses: ['pending'],
  });
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
});
