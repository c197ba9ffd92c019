/**
 * The bank's pages speak the shopper's browser language (the `browser.language` the widget sent
 * with authenticate), as a real bank's would; the widget's `locale` sets only our dialog's words.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  challengeFrame,
  expectClean,
  openEnginePage,
  outcome,
  scenario,
  startFlow,
} from './support';

/** The HTML of the next fingerprinting page the browser loads (its frame is hidden and brief). */
const nextFingerprintPage = (page: Page) =>
  page
    .waitForResponse((response) => new URL(response.url()).pathname === '/3ds/fingerprint')
    .then((response) => response.text());

test.describe('a pt-BR browser, the widget in English', () => {
  test.use({ locale: 'pt-BR' });

  test("the bank's pages are in Portuguese; our dialog's title and Close are in English", async ({
    page,
  }) => {
    await openEnginePage(page);
    expect(await page.evaluate(() => navigator.language)).toBe('pt-BR');
    const fingerprint = nextFingerprintPage(page);
    await startFlow(page, (await scenario('Fingerprint then challenge')).card, { locale: 'en' });

    const fingerprintHtml = await fingerprint;
    expect(fingerprintHtml).toContain('<html lang="pt-BR">');
    expect(fingerprintHtml).toContain('Verificando seu dispositivo');

    const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    const bank = challengeFrame(page);
    await expect(bank.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(bank.getByRole('heading', { level: 1 })).toHaveText('Confirme sua compra');
    await expect(bank.getByLabel('Código de verificação')).toBeVisible();
    await expect(bank.getByRole('button', { name: 'Enviar' })).toBeVisible();

    await bank.getByLabel('Código de verificação').fill('1234');
    await bank.getByRole('button', { name: 'Enviar' }).click();
    expect(await outcome(page)).toMatchObject({ ok: true, result: { status: 'succeeded' } });
    await expectClean(page);
  });
});

test.describe('an es-MX browser, the widget in Portuguese', () => {
  test.use({ locale: 'es-MX' });

  test("the bank's page is in Spanish; our dialog is in Portuguese", async ({ page }) => {
    await openEnginePage(page);
    await startFlow(page, (await scenario('Direct challenge')).card, { locale: 'pt-BR' });
    const dialog = page.getByRole('dialog', { name: 'Confirme seu pagamento' });
    await expect(dialog.getByRole('button', { name: 'Fechar' })).toBeVisible();
    const bank = challengeFrame(page);
    await expect(bank.locator('html')).toHaveAttribute('lang', 'es');
    await expect(bank.getByRole('heading', { level: 1 })).toHaveText('Confirme su compra');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    expect(await outcome(page)).toMatchObject({ ok: true, result: { status: 'canceled' } });
    await expectClean(page);
  });
});

test.describe('browser.language de-DE, Accept-Language pt-BR', () => {
  // Chromium sends the Accept-Language of `locale` to the frame; the widget reads navigator.language,
  // set apart here so the two disagree. The bank matches browser.language alone: German is not one
  // of its languages, so English, whatever the Accept-Language or the widget's locale (es) say.
  test.use({ locale: 'pt-BR' });

  test("the bank's page is in English; our dialog is in Spanish", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'language', { get: () => 'de-DE' });
    });
    await openEnginePage(page);
    await startFlow(page, (await scenario('Direct challenge')).card, { locale: 'es' });
    const dialog = page.getByRole('dialog', { name: 'Confirma tu pago' });
    const bank = challengeFrame(page);
    await expect(bank.locator('html')).toHaveAttribute('lang', 'en');
    await expect(bank.getByRole('heading', { level: 1 })).toHaveText('Confirm your purchase');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    expect(await outcome(page)).toMatchObject({ ok: true, result: { status: 'canceled' } });
    await expectClean(page);
  });
});
