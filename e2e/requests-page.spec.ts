import { expect, type Page, test } from '@playwright/test';
import { SANDBOX } from './sandbox-urls';
import {
  answerOf,
  asMerchant,
  deleteMerchant,
  expectAccessible,
  newMerchant,
  openAs,
  region,
  type Throwaway,
} from './test-tools-page';

// The Request log page on a throwaway merchant of its own, whose requests are made here through
// the API: a faulted charge, a replayed one (the same Idempotency-Key twice), a refused one.
test.describe.configure({ mode: 'serial' });

let merchant: Throwaway;
let ruleId = '';

const charge = (number = '4111111111111111') => ({
  amount: 12.5,
  currency: 'BRL',
  customer: { name: 'Ana Souza', email: 'ana.souza@example.com' },
  paymentMethod: {
    type: 'credit_card',
    number,
    holderName: 'Ana Souza',
    expirationMonth: '12',
    expirationYear: String(new Date().getFullYear() + 4),
    cvv: '123',
    installments: 1,
  },
  items: [{ type: 'digital', name: 'Request log e2e', quantity: 1, amount: 12.5 }],
});

test.beforeAll(async ({ request }) => {
  merchant = await newMerchant(request, 'Request log e2e');
  const rule = await asMerchant(request, merchant, 'POST', '/sandbox/faults', {
    method: 'POST',
    path: '/v1/charges',
    action: { status: 502, body: { why: 'a fault of the e2e' } },
    times: 1,
  });
  expect(rule.status).toBe(201);
  ruleId = rule.body.id;
  const auth = `Basic ${Buffer.from(`${merchant.secretKey}:`).toString('base64')}`;
  // The faulted one, then the same Idempotency-Key twice (the second replayed).
  expect((await asMerchant(request, merchant, 'POST', '/v1/charges', charge())).status).toBe(502);
  for (let n = 0; n < 2; n++) {
    const reply = await request.post(`${SANDBOX.api}/v1/charges`, {
      headers: { Authorization: auth, 'Idempotency-Key': 'requests-e2e-1' },
      data: charge(),
    });
    expect(reply.status()).toBe(201);
  }
});
test.afterAll(async ({ request }) => {
  await deleteMerchant(request, merchant);
});

/** Sets the filters (empty: any) and lists. */
async function list(
  page: Page,
  filters: { method?: string; path?: string; status?: string; limit?: string },
) {
  const log = region(page, 'Requests');
  await log.getByLabel('Method').selectOption(filters.method ?? '');
  await log.getByLabel('Path starts with').fill(filters.path ?? '');
  await log.getByLabel('Status').fill(filters.status ?? '');
  await log.getByLabel('Page size').fill(filters.limit ?? '20');
  await log.getByLabel('Page', { exact: true }).fill('1');
  return answerOf(page, 'log-exchange', () => log.getByLabel('Status').press('Enter'));
}

const entries = (page: Page) => region(page, 'Requests').locator('.request-log > li');

test('filters by method, path and status; the faulted charge names its rule', async ({ page }) => {
  const problems = await openAs(page, '/requests.html', merchant.secretKey);
  const listed = await list(page, { method: 'POST', path: '/v1/charges' });
  expect(listed.status).toBe(200);
  expect((listed.body.data as { status: number }[]).map((r) => r.status)).toEqual([201, 201, 502]);
  await expect(entries(page)).toHaveCount(3);
  await expect(page.locator('#log-state')).toHaveText('3 requests · page 1 of 1, newest first');

  await list(page, { status: '502' });
  await expect(entries(page)).toHaveCount(1);
  const entry = entries(page).first();
  await expect(entry).toHaveAttribute('data-fault', ruleId);
  await expect(entry.locator('summary')).toContainText(`POST /v1/charges`);
  await expect(entry.locator('summary')).toContainText(`fault ${ruleId}`);
  await entry.locator('summary').click();
  await expect(entry.getByLabel('Response body')).toContainText('"why": "a fault of the e2e"');
  await expect(entry.getByLabel('Request body')).toContainText('"amount": 12.5');
  expect(await entry.getByLabel('Request body').textContent()).not.toContain('4111111111111111');
  await expect(entry).toContainText(`Fault rule${ruleId}`);
  await expectAccessible(page, problems, []);
});

test('the replayed charge is marked; paging goes one request at a time', async ({ page }) => {
  const problems = await openAs(page, '/requests.html', merchant.secretKey);
  await list(page, { method: 'POST', path: '/v1/charges', status: '201', limit: '1' });
  await expect(page.locator('#log-state')).toHaveText('2 requests · page 1 of 2, newest first');
  const newest = entries(page).first();
  await expect(newest.locator('summary')).toContainText('replayed');
  await newest.locator('summary').click();
  await expect(newest).toContainText('Idempotent replayyes: the first answer again');
  const next = await answerOf(page, 'log-exchange', () =>
    region(page, 'Requests').getByRole('button', { name: 'Next page' }).click(),
  );
  expect(next.body.meta).toMatchObject({ page: 2, totalPages: 2 });
  await expect(page.locator('#log-state')).toHaveText('2 requests · page 2 of 2, newest first');
  await expect(entries(page).first().locator('summary')).not.toContainText('replayed');
  await expect(region(page, 'Requests').getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expectAccessible(page, problems, []);
});

test('the sandbox judges the filters: its 400 is shown', async ({ page }) => {
  const problems = await openAs(page, '/requests.html', merchant.secretKey);
  const refused = await list(page, { status: 'abc' });
  expect(refused).toMatchObject({ status: 400, body: { statusCode: 400 } });
  expect(refused.body.message).toMatch(/status/);
  await expect(page.locator('#log-state')).toHaveText(
    `Not listed: 400: ${refused.body.message} · Bad Request`,
  );
  await expectAccessible(page, problems, [400]);
});
