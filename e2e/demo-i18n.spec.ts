import { expect, test } from '@playwright/test';
import { cardForm, expectNoProblems, openDemoPage } from './support';

// The demo pages' own words (order, totals, notes) in the language of the widget beside them.

test.describe("the demo pages' own words follow the page's locale", () => {
  for (const [locale, words] of [
    [
      'pt-BR',
      {
        order: 'Seu pedido',
        payment: 'Pagamento',
        shipping: 'Frete',
        free: 'Grátis',
        product: 'Caneca de cerâmica, 350 ml',
        total: 'R$ 120,50',
        field: 'Número do cartão',
      },
    ],
    [
      'es',
      {
        order: 'Tu pedido',
        payment: 'Pago',
        shipping: 'Envío',
        free: 'Gratis',
        product: 'Taza de cerámica, 350 ml',
        total: '120,50',
        field: 'Número de tarjeta',
      },
    ],
  ] as const) {
    test(`widget.html?locale=${locale}: the page and the widget speak the same language (Trusted Types)`, async ({
      page,
    }) => {
      const problems = await openDemoPage(page, `/widget.html?locale=${locale}&trusted-types=1`);
      await expect(cardForm(page).getByLabel(words.field)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.order);
      await expect(page.locator('#pay-title')).toHaveText(words.payment);
      await expect(page.locator('.lines li').first()).toContainText(words.product);
      await expect(page.locator('.lines li').nth(1)).toHaveText(`${words.shipping}${words.free}`);
      await expect(page.locator('#total')).toContainText(words.total);
      await expect(page.locator('.hint')).not.toContainText('Sandbox cards');
      expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
      expectNoProblems(problems);
    });
  }

  test('widget.html in English stays English', async ({ page }) => {
    await openDemoPage(page, '/widget.html?locale=en');
    await expect(cardForm(page).getByLabel('Card number')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order');
    await expect(page.locator('.lines li').first()).toContainText('Ceramic mug, 350 ml');
    await expect(page.locator('#pay-title')).toHaveText('Payment');
  });
});
