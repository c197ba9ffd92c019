import { expect, test } from '@playwright/test';
import { SANDBOX } from './sandbox-urls';
import { expectNoProblems, openDemoPage } from './support';

test('the API reference lists every operation of /openapi.json, grouped by family', async ({
  page,
  request,
}) => {
  const document = await (await request.get(`${SANDBOX.api}/openapi.json`)).json();
  const count = Object.values(document.paths as Record<string, object>).reduce(
    (n, item) => n + Object.keys(item).length,
    0,
  );
  const problems = await openDemoPage(page, '/api-reference.html');
  await expect(page.getByRole('status')).toHaveText(`${count} operations, OpenAPI 3.1.0.`);
  await expect(page.locator('[data-operation]')).toHaveCount(count);

  const charges = page.locator('#tag-charges');
  await expect(charges.getByRole('heading', { level: 2 })).toHaveText('charges');
  const create = charges.locator('[data-operation="POST /v1/charges"]');
  await expect(create.getByRole('heading')).toHaveText('POST /v1/charges');
  await expect(create).toContainText('Create a charge');
  await expect(create).toContainText('Basic: secret key');
  const body = create.getByRole('table', { name: 'Request body (application/json)' });
  for (const field of ['amount', 'currency', 'customer.email', 'paymentMethod.cardTokenId']) {
    await expect(body.getByRole('cell', { name: field, exact: true }).first()).toBeVisible();
  }
  const answer = create.getByRole('table', { name: 'Response 201 (application/json)' });
  for (const field of ['id', 'status', 'customer.email', 'paymentMethod.last4', 'threeDS.eci']) {
    await expect(answer.getByRole('cell', { name: field, exact: true })).toBeVisible();
  }
  const errors = create.getByRole('table', { name: /^Errors/ });
  for (const status of ['400', '401', '403', '404', '422']) {
    await expect(errors.getByRole('cell', { name: status, exact: true })).toBeVisible();
  }
  const customers = page.locator('[data-operation="GET /v1/customers"]');
  await expect(customers.getByRole('table', { name: 'Parameters' })).toContainText('orderBy');
  const list = customers.getByRole('table', { name: 'Response 200 (application/json)' });
  for (const field of ['data[].email', 'meta.total']) {
    await expect(list.getByRole('cell', { name: field, exact: true })).toBeVisible();
  }
  await expect(page.locator('[data-operation="POST /sandbox/reset"]')).toContainText(
    'Bearer token (admin)',
  );
  await expect(page.getByRole('link', { name: 'OpenAPI 3.1 document' })).toHaveAttribute(
    'href',
    `${SANDBOX.api}/openapi.json`,
  );

  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  expectNoProblems(problems);
});

test('the API reference renders under Trusted Types with no violation', async ({ page }) => {
  const problems = await openDemoPage(page, '/api-reference.html?trusted-types=1');
  await expect(page.locator('[data-operation="POST /v1/charges"]')).toBeVisible();
  expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
  expectNoProblems(problems);
});
