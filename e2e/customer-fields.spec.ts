import { expect, type Page, test } from '@playwright/test';
import { cardForm, expectClean, fillCardForm, recordViolations, seriousAxe } from './support';

/** The drop-in demo asking for the customer; its page runs under a strict CSP (no inline). */
async function openWidget(page: Page, query = '', nameLabel = 'Full name') {
  await recordViolations(page);
  await page.goto(`/widget.html?customerFields=name,email,phone,document${query}`);
  await expect(cardForm(page).getByLabel(nameLabel)).toBeVisible();
}

const payButton = (page: Page) => cardForm(page).getByRole('button', { name: /^(Pay|Pagar) / });

/** What the page posted to its merchant server for the charge. */
const chargeRequest = (page: Page) =>
  page.waitForRequest((r) => r.url().endsWith('/merchant/charges') && r.method() === 'POST');

test('masks as typed, pays, and hands the customer to onCharge without punctuation', async ({
  page,
}) => {
  await openWidget(page);
  const form = cardForm(page);
  await form.getByLabel('Full name').fill('Bia Lima');
  await form.getByLabel('Email').fill('bia.lima@example.com');
  const phone = form.getByLabel('Phone');
  await phone.pressSequentially('11987654321');
  await expect(phone).toHaveValue('(11) 98765-4321');
  const document = form.getByLabel('CPF or CNPJ');
  await document.pressSequentially('12abc34501de35');
  await expect(document).toHaveValue('12.ABC.345/01DE-35');
  await fillCardForm(page, '4111111111111111');
  const request = chargeRequest(page);
  await payButton(page).click();
  expect((await request).postDataJSON().customer).toEqual({
    name: 'Bia Lima',
    email: 'bia.lima@example.com',
    phone: '11987654321',
    document: { type: 'cnpj', id: '12ABC34501DE35' },
  });
  await expect(form.getByRole('status')).toHaveText('Payment approved. Thank you!');
  await expect(page.locator('#charge-status')).toHaveText('paid');
  await expectClean(page);
});

test('errors beside the fields, focus on the first, axe clean, no request', async ({ page }) => {
  await openWidget(page);
  const form = cardForm(page);
  let charged = false;
  page.on('request', (r) => {
    if (r.url().includes('/merchant/charges')) charged = true;
  });
  await form.getByLabel('CPF or CNPJ').fill('529.982.247-24');
  await fillCardForm(page, '4111111111111111');
  await payButton(page).click();
  await expect(form.getByRole('status')).toHaveText('Check the highlighted fields.');
  const name = form.getByLabel('Full name');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('This field is required.');
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(
    'Enter an email address or a phone number.',
  );
  await expect(form.getByLabel('CPF or CNPJ')).toHaveAccessibleDescription(
    'Enter a valid CPF or CNPJ.',
  );
  expect(charged).toBe(false);
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  expect(await seriousAxe(page)).toEqual([]);
});

test('pt-BR: labels, a CPF, and installments with their cost; only the count is sent', async ({
  page,
}) => {
  await openWidget(page, '&locale=pt-BR', 'Nome completo');
  const form = cardForm(page);
  await form.getByLabel('Nome completo').fill('Ana Souza');
  await form.getByLabel('E-mail').fill('ana@example.com');
  await form.getByLabel('CPF ou CNPJ').pressSequentially('52998224725');
  await expect(form.getByLabel('CPF ou CNPJ')).toHaveValue('529.982.247-25');
  const select = form.getByLabel('Parcelas');
  // 120,50 at 1.99 %/month over 6 (the demo's plan: 3 interest-free): 21,51 each, 129,06 in all.
  await expect(select.locator('option').nth(2)).toHaveText(/^3× R\$\s40,17 sem juros$/);
  await expect(select.locator('option').nth(5)).toHaveText(/^6× R\$\s21,51 \(total R\$\s129,06\)$/);
  await select.selectOption('6');
  const card = {
    number: '4111111111111111',
    name: 'Ana Souza',
    month: '12',
    year: '30',
    cvv: '123',
  };
  for (const [name, value] of Object.entries(card)) {
    await form.locator(`input[name=${name}]`).fill(value);
  }
  const request = chargeRequest(page);
  await payButton(page).click();
  const body = (await request).postDataJSON();
  expect(body.customer).toEqual({
    name: 'Ana Souza',
    email: 'ana@example.com',
    document: { type: 'cpf', id: '52998224725' },
  });
  expect(body.paymentMethod.installments).toBe(6);
  await expect(form.getByRole('status')).toHaveText('Pagamento aprovado. Obrigado!');
  await expectClean(page);
  expect(await seriousAxe(page)).toEqual([]);
});
