import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SANDBOX } from './sandbox-urls';
import {
  answerChallenge,
  challengeFrame,
  expectClean,
  expectNoProblems,
  openDemoPage,
  type PageProblems,
  scenario,
} from './support';
import { asMerchant, deleteMerchant, newMerchant } from './test-tools-page';

// The QA panel (/): what QA reads after each kind of flow.

/** Opens the QA panel and pays with the named scenario's card (the challenge answered). */
async function payWith(page: Page, name: string, query = ''): Promise<PageProblems> {
  const { card, challengeAction } = await scenario(name);
  const problems = await openDemoPage(page, `/${query}`);
  await page.locator(`[data-card="${card}"] button`).click();
  await page.locator('#pay').click();
  if (challengeAction) await answerChallenge(page, challengeAction);
  await expect(page.locator('#result-state')).toHaveText(/Finished|Stopped with an error/);
  await expect(page.locator('#pay')).toBeEnabled();
  return problems;
}

const lines = (page: Page, selector: string) =>
  page.locator(`${selector} p, ${selector} li`).allTextContents();

test.describe('QA panel: results in words', () => {
  test('an error box never shows a literal "null" line (authenticate error, charge refused)', async ({
    page,
  }) => {
    const { card } = await scenario('Frictionless success');
    const problems = await openDemoPage(page, '/');
    await page.locator(`[data-card="${card}"] button`).click();
    await page.getByText('Settings').click();
    await page.getByLabel('Publishable key').fill('pk_test_inactive');
    await page.locator('#pay').click();
    await expect(page.locator('#result-error')).toContainText('sub-merchant is not active');
    expect(await lines(page, '#result-error')).toEqual([
      'CheckoutError unprocessable (HTTP 422)',
      'sub-merchant is not active',
    ]);
    expect(await page.locator('#result-error').textContent()).not.toContain('null');

    // The merchant server refuses a quantity it does not sell: its 400 is shown, without "null".
    await page.getByLabel('Publishable key').fill('pk_test_sandbox');
    await page.getByLabel('Quantity').fill('100');
    await page.locator('#pay').click();
    await expect(page.locator('#charge-error')).toBeVisible();
    expect(await lines(page, '#charge-error')).toEqual([
      'Charge refused',
      '400 Bad Request: cart[0].quantity must be a whole number from 1 to 99',
    ]);
    await expect(page.locator('#merchant-sent-note')).toContainText(
      'The merchant server sent nothing to the API',
    );
    await expectClean(page);
    expectNoProblems(problems, [422, 400]);
  });

  test('after a challenge, OUTCOME says what threeDS.state tells instead of a bare "—"', async ({
    page,
  }) => {
    const problems = await payWith(page, 'Direct challenge');
    await expect(page.locator('#result-status')).toHaveText('succeeded');
    await expect(page.locator('#result-outcome')).toHaveText('— (challenge result: success)');
    await expect(page.locator('#result-threeds')).toContainText('"state": "success"');
    await expect(page.locator('#result-threeds-note')).toBeHidden();
    await expectClean(page);
    expectNoProblems(problems);
  });

  test('a finished flow without threeDS says why there are no values', async ({ page }) => {
    const problems = await payWith(page, 'Authentication failed (denied)');
    await expect(page.locator('#result-threeds')).toBeHidden();
    await expect(page.locator('#result-threeds-note')).toHaveText(
      'No threeDS values: the authentication ended without a challenge result (status failed, outcome denied).',
    );
    await expect(page.locator('#merchant-sent-note')).toHaveText(
      'No charge was attempted, so the merchant server sent nothing.',
    );
    expectNoProblems(problems);
  });

  for (const [name, words] of [
    ['Authentication failed (denied)', 'the authentication was declined by the bank'],
    ['Challenge failed (wrong code)', 'the authentication was declined by the bank'],
    ['Authentication canceled', 'the authentication was canceled by the bank'],
    ['3DS error', 'the authentication ended with an error'],
  ] as const) {
    test(`"${name}": the charge note says it in plain English`, async ({ page }) => {
      const problems = await payWith(page, name);
      await expect(page.locator('#charge-note')).toHaveText(
        `No charge: ${words}, so the merchant does not charge the card.`,
      );
      expectNoProblems(problems);
    });
  }

  test('closing the bank window: canceled by the shopper', async ({ page }) => {
    const { card } = await scenario('Direct challenge');
    await openDemoPage(page, '/');
    await page.locator(`[data-card="${card}"] button`).click();
    await page.locator('#pay').click();
    await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('#charge-note')).toHaveText(
      "No charge: the authentication was canceled by the shopper (the bank's window was closed), so the merchant does not charge the card.",
    );
    await expectClean(page);
  });
});

test.describe('QA panel: what the widget does not report', () => {
  test('the 500 of the first challenge-result and the retry are in the timeline', async ({
    page,
  }) => {
    const problems = await payWith(page, '500 on the first challenge-result');
    await expect(page.locator('#result-status')).toHaveText('succeeded');
    const calls = page.locator('#timeline li[data-source="sandbox"]');
    await expect(calls).toHaveCount(3);
    expect(
      await calls.evaluateAll((items) =>
        items.map((li) => `${li.getAttribute('data-endpoint')} ${li.getAttribute('data-status')}`),
      ),
    ).toEqual(['authenticate 200', 'challenge-result 500', 'challenge-result 200']);
    // In time order with the widget's events: both challenge-result calls before its result.
    const order = await page
      .locator('#timeline li')
      .evaluateAll((items) =>
        items.map((li) => li.getAttribute('data-endpoint') ?? li.getAttribute('data-type')),
      );
    expect(order.indexOf('result')).toBeGreaterThan(order.lastIndexOf('challenge-result'));
    expect(order[0]).toBe('authenticate:start');
    await expect(page.locator('#timeline-note')).toContainText(
      'the 3 3DS calls the sandbox received, 1 answered with a server error',
    );
    await expect(page.locator('#charge-status')).toHaveText('paid');
    // The only console error is the browser's own line for that 500.
    expectNoProblems(problems, [500]);
  });

  test('under Trusted Types (?trusted-types=1): the calls, the charge and the log, 0 violations', async ({
    page,
  }) => {
    const problems = await payWith(page, '500 on the first challenge-result', '?trusted-types=1');
    await expect(page.locator('#timeline li[data-source="sandbox"]')).toHaveCount(3);
    await expect(page.locator('#charge-status')).toHaveText('paid');
    await expect(page.locator('#merchant-sent li')).toContainText('answered 201');
    await page.getByText('Settings').click();
    await expect(page.locator('#latency-status')).toHaveText('API responses are not delayed.');
    await expectClean(page);
    expectNoProblems(problems, [500]);
  });

  test('"What the merchant server sent": the priced cart, card masked, the answer', async ({
    page,
  }) => {
    const { card } = await scenario('Frictionless success');
    const problems = await openDemoPage(page, '/');
    await page.locator(`[data-card="${card}"] button`).click();
    await page.getByLabel('Quantity').fill('2');
    await expect(page.locator('#pay')).toHaveText('Pay R$241.00');
    await page.locator('#pay').click();
    await expect(page.locator('#charge-status')).toHaveText('paid');
    await expect(page.locator('#charge-amount')).toHaveText('R$241.00');
    const sent = page.locator('#merchant-sent li');
    await expect(sent).toHaveCount(1);
    await expect(sent).toHaveAttribute('data-path', '/v1/charges');
    await expect(sent).toContainText('POST /v1/charges');
    await expect(sent).toContainText('answered 201');
    const body = JSON.parse((await sent.locator('pre').textContent()) ?? '{}');
    expect(body).toMatchObject({
      amount: 241,
      currency: 'BRL',
      customer: { name: 'Ana Souza', document: { type: 'cpf' }, address: { country: 'BRA' } },
      paymentMethod: { number: '****0010', cvv: '***', threeDS: { state: 'success' } },
      items: [{ name: 'Ceramic mug, 350 ml', quantity: 2, amount: 120.5 }],
      postbackUrl: `${SANDBOX.demo}/merchant/webhooks`,
    });
    expect(await page.locator('#merchant-sent').textContent()).not.toContain(card);
    expectNoProblems(problems);
  });

  test('the issuer declines the charge: failed, card_declined, its webhooks', async ({ page }) => {
    const problems = await payWith(page, 'Issuer declines the charge');
    await expect(page.locator('[data-charge="declined"]')).toHaveText(
      'charge failed: card_declined',
    );
    await expect(page.locator('#result-status')).toHaveText('succeeded');
    await expect(page.locator('#charge-status')).toHaveText('failed');
    await expect(page.locator('#charge-note')).toHaveText(
      'Created with the secret key, but the charge failed: the issuer declined the card. Nothing was charged.',
    );
    await expect(page.locator('#charge-method')).toContainText('card_declined');
    await expect(page.locator('#merchant-sent li')).toContainText('answered 201');
    const id = (await page.locator('#charge-id').textContent()) ?? '';
    await expect(
      page.locator(`#webhooks li[data-event="charge.updated"][data-charge-id="${id}"]`),
    ).toBeVisible();
    await expectClean(page);
    expectNoProblems(problems);
  });

  test('a page cannot set the price: an edited request is still charged the catalogue price', async ({
    page,
  }) => {
    const { card } = await scenario('Frictionless success');
    await openDemoPage(page, '/');
    await page.route('**/merchant/charges', async (route) => {
      const body = route.request().postDataJSON();
      await route.continue({
        postData: JSON.stringify({ ...body, amount: 1, currency: 'USD', items: [] }),
      });
    });
    await page.locator(`[data-card="${card}"] button`).click();
    await page.locator('#pay').click();
    await expect(page.locator('#charge-status')).toHaveText('paid');
    await expect(page.locator('#charge-amount')).toHaveText('R$120.50');
  });
});

test.describe('QA panel: Settings → API latency', () => {
  /** The demo merchant's latency, read and set with its secret key as the API takes it. */
  const LATENCY = `${SANDBOX.api}/sandbox/latency`;
  const asMerchant = { Authorization: `Basic ${btoa('sk_test_sandbox:')}` };
  const latencyNow = async (request: APIRequestContext) =>
    (await request.get(LATENCY, { headers: asMerchant })).json();

  test.afterEach(async ({ request }) => {
    await request.put(LATENCY, { data: { ms: 0 }, headers: asMerchant });
  });

  test('reads, sets and resets the sandbox latency (Apply and Enter), refuses out of range', async ({
    page,
    request,
  }) => {
    const problems = await openDemoPage(page, '/');
    await page.getByText('Settings').click();
    const field = page.getByLabel('API latency (ms), this merchant');
    await expect(page.locator('#latency-status')).toHaveText('API responses are not delayed.');
    await expect(field).toHaveValue('0');

    await field.fill('40');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('#latency-status')).toHaveText(
      "This merchant's API requests wait 40 ms (no other merchant's).",
    );
    expect(await latencyNow(request)).toEqual({ ms: 40 });

    await page.reload();
    await page.getByText('Settings').click();
    await expect(field).toHaveValue('40');

    await field.fill('20000');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('#latency-status')).toHaveText(
      'Enter whole milliseconds from 0 to 10000.',
    );
    expect(await latencyNow(request)).toEqual({ ms: 40 });

    // Enter in the field applies it and does not submit the payment form around it.
    await field.fill('0');
    await field.press('Enter');
    await expect(page.locator('#latency-status')).toHaveText('API responses are not delayed.');
    expect(await latencyNow(request)).toEqual({ ms: 0 });
    await expect(page.locator('#result-state')).toHaveText('Not started');
    expect(await page.evaluate(() => window.e2e.violations)).toEqual([]);
    expectNoProblems(problems);
  });
});

test.describe('QA panel: sandbox faults', () => {
  test('an answer a fault rule gave (Sandbox-Fault) is named in the timeline', async ({
    page,
    request,
  }) => {
    // A throwaway merchant of its own: no other test's widget calls meet its rule.
    const merchant = await newMerchant(request, 'QA panel faults e2e');
    try {
      const rule = await asMerchant(request, merchant, 'POST', '/sandbox/faults', {
        method: 'POST',
        path: '/v1/three-ds/authenticate',
        action: { status: 503 },
      });
      expect(rule.status).toBe(201);
      const { card } = await scenario('Frictionless success');
      const problems = await openDemoPage(page, '/');
      await page.locator(`[data-card="${card}"] button`).click();
      await page.getByText('Settings').click();
      await page.getByLabel('Publishable key').fill(merchant.publishableKey);
      await page.locator('#pay').click();
      await expect(page.locator('#result-state')).toHaveText('Stopped with an error');
      const fault = page.locator(`#timeline li[data-type="fault"][data-fault="${rule.body.id}"]`);
      await expect(fault.first()).toContainText(`fault ${rule.body.id} answered 503`);
      await expect(fault.first()).toContainText('POST /v1/three-ds/authenticate');
      await expect(fault.first()).toHaveAttribute('data-status', '503');
      await expect(page.locator('#merchant-sent-note')).toHaveText(
        'No charge was attempted, so the merchant server sent nothing.',
      );
      await expectClean(page);
      expectNoProblems(problems, [503]);
    } finally {
      await deleteMerchant(request, merchant);
    }
  });
});
