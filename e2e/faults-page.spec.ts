import { expect, type Page, test } from '@playwright/test';
import {
  answerOf,
  deleteMerchant,
  expectAccessible,
  newMerchant,
  openAs,
  region,
  type Throwaway,
} from './test-tools-page';

// One story on a throwaway merchant of its own, in order: the sandbox refuses a rule with a field
// at fault (its 400 shown), a rule makes the page's charge fail with its status, the request log
// page shows that request with the rule's id, and the rule deleted, the charge is paid again.
test.describe.configure({ mode: 'serial' });

let merchant: Throwaway;
let ruleId = '';

test.beforeAll(async ({ request }) => {
  merchant = await newMerchant(request, 'Faults QA e2e');
});
test.afterAll(async ({ request }) => {
  await deleteMerchant(request, merchant);
});

/** Fills the add form and submits it with the keyboard: the sandbox's answer. */
async function addRule(
  page: Page,
  rule: { method?: string; path: string; kind?: string; status?: string; times?: string },
) {
  const form = region(page, 'Add a rule');
  await form.getByLabel('Method').selectOption(rule.method ?? '');
  await form.getByLabel('Path', { exact: true }).fill(rule.path);
  await form.getByRole('radio', { name: rule.kind ?? 'Answer a status' }).check();
  if (rule.status !== undefined) await form.getByLabel('Status', { exact: true }).fill(rule.status);
  await form.getByLabel('Times', { exact: true }).fill(rule.times ?? '');
  return answerOf(page, 'add-exchange', () => form.getByLabel('Seed').press('Enter'));
}

const makeCharge = (page: Page) =>
  answerOf(page, 'charge-exchange', () =>
    region(page, 'Try it: make a charge').getByRole('button', { name: 'Make charge' }).click(),
  );

/** The rules table's rows: `[rule, method, path, action, probability, times, seed, hits]`. */
const shownRules = (page: Page) =>
  region(page, 'Rules')
    .getByRole('table', { name: 'Fault rules' })
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.children].map((td) => td.textContent?.replace(/Delete$/, '').trim())),
    );

test('the sandbox judges the rule: a field at fault is its 400, shown; nothing is added', async ({
  page,
}) => {
  const problems = await openAs(page, '/faults.html', merchant.secretKey);
  await expect(region(page, 'Rules')).toContainText('No rule');
  const refused = await addRule(page, { method: 'POST', path: 'v1/charges', status: '503' });
  expect(refused).toMatchObject({ status: 400, body: { statusCode: 400, error: 'Bad Request' } });
  expect(refused.body.message).toMatch(/path/);
  await expect(page.locator('#add-result')).toHaveText(
    `Not added: 400: ${refused.body.message} · Bad Request`,
  );
  const badStatus = await addRule(page, { path: '/v1/charges', status: '200' });
  expect(badStatus.status).toBe(400);
  expect(badStatus.body.message).toMatch(/action\.status/);
  await expect(region(page, 'Rules')).toContainText('No rule');
  await expectAccessible(page, problems, [400]);
});

test('a rule answers 503 to POST /v1/charges: the page’s charge fails with it, its hit counted', async ({
  page,
}) => {
  const problems = await openAs(page, '/faults.html', merchant.secretKey);
  const added = await addRule(page, { method: 'POST', path: '/v1/charges', status: '503' });
  expect(added).toMatchObject({
    status: 201,
    body: {
      method: 'POST',
      path: '/v1/charges',
      action: { status: 503 },
      probability: 1,
      times: null,
      seed: null,
      hits: 0,
    },
  });
  ruleId = added.body.id as string;
  await expect(page.locator('#add-result')).toHaveText(
    `Rule added: ${ruleId}: POST /v1/charges → answer 503.`,
  );
  await expect
    .poll(() => shownRules(page))
    .toEqual([[ruleId, 'POST', '/v1/charges', 'answer 503', '1', 'until deleted', '—', '0']]);

  const failed = await makeCharge(page);
  expect(failed).toMatchObject({ status: 503, body: { statusCode: 503 } });
  await expect(page.locator('#charge-exchange')).toHaveAttribute('data-fault', ruleId);
  await expect(page.locator('#charge-exchange')).toContainText(`Sandbox-Fault: ${ruleId}`);
  await expect(page.locator('#charge-result')).toContainText('No charge: 503');
  await expect(page.locator('#charge-result')).toContainText(`Fault ${ruleId} answered.`);
  await expect.poll(async () => (await shownRules(page))[0]?.[7]).toBe('1');
  await expectAccessible(page, problems, [503]);
});

test('the request log page shows the faulted charge with its rule, masked, and opens it', async ({
  page,
}) => {
  const problems = await openAs(page, '/requests.html', merchant.secretKey);
  const log = region(page, 'Requests');
  await log.getByLabel('Method').selectOption('POST');
  await log.getByLabel('Path starts with').fill('/v1/charges');
  await log.getByLabel('Status').fill('503');
  const listed = await answerOf(page, 'log-exchange', () =>
    log.getByRole('button', { name: 'List requests' }).click(),
  );
  expect(listed.status).toBe(200);
  expect(listed.body.data).toEqual([
    expect.objectContaining({ method: 'POST', path: '/v1/charges', status: 503, faultId: ruleId }),
  ]);
  await expect(page.locator('#log-state')).toHaveText('1 request · page 1 of 1, newest first');
  const entry = log.locator(`li[data-fault="${ruleId}"]`);
  await expect(entry.locator('summary')).toContainText('POST /v1/charges');
  await expect(entry.locator('summary')).toContainText(`fault ${ruleId}`);
  await expect(entry.locator('summary')).not.toContainText('replayed');
  // Opened with the keyboard: the bodies as the sandbox logged them (card number masked).
  await entry.locator('summary').focus();
  await page.keyboard.press('Enter');
  const requestBody = entry.getByLabel('Request body');
  await expect(requestBody).toBeVisible();
  await expect(requestBody).toContainText('"amount": 49.9');
  expect(await requestBody.textContent()).not.toContain('4111111111111111');
  await expect(entry.getByLabel('Response body')).toContainText('"statusCode": 503');
  await expect(entry).toContainText(`Fault rule${ruleId}`);
  await expectAccessible(page, problems, []);
});

test('deleted, the rule answers no more: the charge is paid', async ({ page }) => {
  const problems = await openAs(page, '/faults.html', merchant.secretKey);
  const removed = await answerOf(page, 'rule-action-exchange', () =>
    region(page, 'Rules')
      .getByRole('button', { name: `Delete ${ruleId}`, exact: true })
      .click(),
  );
  expect(removed).toEqual({ status: 200, body: { id: ruleId, deleted: true } });
  await expect(page.locator('#rule-action')).toHaveText(`Rule ${ruleId} deleted.`);
  await expect(region(page, 'Rules')).toContainText('No rule');
  const paid = await makeCharge(page);
  expect(paid).toMatchObject({ status: 201, body: { status: 'paid' } });
  await expect(page.locator('#charge-exchange')).not.toHaveAttribute('data-fault');
  await expect(page.locator('#charge-result')).not.toContainText('Fault');

  // "Delete all rules": a delay and a drop added, both gone at once.
  await addRule(page, { method: 'GET', path: '/v1/charges/*', kind: 'Delay the answer' });
  const drop = await addRule(page, { path: '/v1/customers', kind: 'Drop the connection' });
  expect(drop.body).toMatchObject({ method: null, action: { drop: true } });
  await expect(region(page, 'Rules').locator('tbody tr')).toHaveCount(2);
  const cleared = await answerOf(page, 'rule-action-exchange', () =>
    region(page, 'Rules').getByRole('button', { name: 'Delete all rules' }).click(),
  );
  expect(cleared).toEqual({ status: 200, body: { deleted: 2 } });
  await expect(page.locator('#rule-action')).toHaveText('2 rules deleted.');
  await expect(region(page, 'Rules')).toContainText('No rule');
  await expectAccessible(page, problems, []);
});

test('under Trusted Types (?trusted-types=1): both pages list, add and delete with 0 violations', async ({
  page,
}) => {
  const problems = await openAs(page, '/faults.html?trusted-types=1', merchant.secretKey);
  const added = await addRule(page, { path: '/v1/plans', status: '429', times: '2' });
  expect(added.status).toBe(201);
  await expect
    .poll(async () => (await shownRules(page))[0]?.slice(1, 6))
    .toEqual(['any', '/v1/plans', 'answer 429', '1', '2']);
  await answerOf(page, 'rule-action-exchange', () =>
    region(page, 'Rules').getByRole('button', { name: 'Delete all rules' }).click(),
  );
  await expectAccessible(page, problems, []);
  const log = await openAs(page, '/requests.html?trusted-types=1', merchant.secretKey);
  await expect(page.locator('#log-state')).toContainText('newest first');
  await page.locator('.request-log summary').first().click();
  await expectAccessible(page, log, []);
});
