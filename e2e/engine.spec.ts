import { expect, test } from '@playwright/test';
import {
  answerChallenge,
  challengeFrame,
  eventTypes,
  expectClean,
  openEnginePage,
  outcome,
  scenario,
  startFlow,
} from './support';

test.beforeEach(async ({ page }) => {
  await openEnginePage(page);
});

test('frictionless: succeeded with the challenge-result values, nothing left behind', async ({
  page,
}) => {
  const { card } = await scenario('Frictionless success');
  await startFlow(page, card);
  const result = await outcome(page);
  expect(result).toMatchObject({
    ok: true,
    result: { status: 'succeeded', outcome: 'authenticated' },
  });
  if (!result.ok) throw new Error('failed');
  expect(Object.keys(result.result.threeDS ?? {}).sort()).toEqual([
    'acsTransactionId',
    'cryptogram',
    'directoryServerTransactionId',
    'eci',
    'state',
    'threeDsServerTransactionId',
    'type',
    'version',
  ]);
  expect(await eventTypes(page)).toEqual(['authenticate:start', 'result']);
  await expectClean(page);
});

test('fingerprint: the hidden frame posts its result, which submit carries', async ({ page }) => {
  const { card } = await scenario('Fingerprint then frictionless');
  const submit = page.waitForRequest(
    (r) => r.url().endsWith('/v1/three-ds/submit') && r.method() === 'POST',
  );
  await startFlow(page, card);
  const body = (await submit).postDataJSON() as { fingerprintingResult?: string };
  expect(body.fingerprintingResult).toMatch(/^[A-Za-z0-9+/_-]+=*$/);
  expect(await outcome(page)).toMatchObject({ ok: true, result: { status: 'succeeded' } });
  expect(await eventTypes(page)).toEqual([
    'authenticate:start',
    'fingerprint:start',
    'fingerprint:complete',
    'result',
  ]);
  await expectClean(page);
});

test('fingerprint frame is hidden: zero size and out of layout', async ({ page }) => {
  const { card } = await scenario('Fingerprinting page never answers');
  await startFlow(page, card, { fingerprintTimeoutMs: 4_000 });
  const frame = page.locator('secure-checkout-frame iframe');
  await expect(frame).toHaveCount(1);
  const box = await frame.boundingBox();
  expect(box === null || (box.width === 0 && box.height === 0)).toBe(true);
  await expect(frame).not.toBeVisible();
  await outcome(page);
});

test('fingerprint timeout: submit goes without a result after fingerprintTimeoutMs', async ({
  page,
}) => {
  const { card } = await scenario('Fingerprinting page never answers');
  const submit = page.waitForRequest((r) => r.url().endsWith('/v1/three-ds/submit'));
  const started = Date.now();
  await startFlow(page, card, { fingerprintTimeoutMs: 1_500 });
  expect((await submit).postDataJSON()).not.toHaveProperty('fingerprintingResult');
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
  expect(await outcome(page)).toMatchObject({ ok: true, result: { status: 'succeeded' } });
  expect(await eventTypes(page)).toContain('fingerprint:timeout');
  await expectClean(page);
});

test('challenge approved: modal in the top layer, focus inside, then succeeded', async ({
  page,
}) => {
  const { card } = await scenario('Direct challenge');
  await page.locator('#run').focus();
  await startFlow(page, card);
  const dialog = page.locator('dialog');
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
  await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Confirm your payment' })).toBeVisible();
  await answerChallenge(page, 'approve');
  const result = await outcome(page);
  expect(result).toMatchObject({
    ok: true,
    result: { status: 'succeeded', threeDS: { state: 'success' } },
  });
  expect(await eventTypes(page)).toEqual([
    'authenticate:start',
    'challenge:shown',
    'challenge:complete',
    'result',
  ]);
  await expectClean(page);
  await expect(page.locator('#run')).toBeFocused();
});

test('challenge declined (wrong code): failed', async ({ page }) => {
  const { card } = await scenario('Challenge failed (wrong code)');
  await startFlow(page, card);
  await answerChallenge(page, 'wrong_code');
  expect(await outcome(page)).toMatchObject({
    ok: true,
    result: { status: 'failed', threeDS: { state: 'failure' } },
  });
  await expectClean(page);
});

test("the bank's Cancel posts its form from its own page: failed, through the completion message", async ({
  page,
}) => {
  const { card } = await scenario('Direct challenge');
  await startFlow(page, card);
  const sent = page.waitForRequest((r) => r.url().includes('/3ds/challenge/cancel'));
  await challengeFrame(page).getByRole('button', { name: 'Cancel' }).click();
  // A POST the bank's page makes itself: the sandbox's origin check lets it through.
  const request = await sent;
  expect(request.method()).toBe('POST');
  expect(await request.headerValue('sec-fetch-site')).toBe('same-origin');
  expect(await outcome(page)).toMatchObject({
    ok: true,
    result: { status: 'failed', threeDS: { state: 'failure' } },
  });
  expect(await eventTypes(page)).toEqual([
    'authenticate:start',
    'challenge:shown',
    'challenge:complete',
    'result',
  ]);
  await expectClean(page);
});

test('challenge closed with the Close button: canceled / abandoned', async ({ page }) => {
  const { card } = await scenario('Direct challenge');
  await startFlow(page, card);
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  expect(await outcome(page)).toEqual({
    ok: true,
    result: { authenticationId: expect.any(String), status: 'canceled', outcome: 'abandoned' },
  });
  expect(await eventTypes(page)).toContain('challenge:closed');
  await expectClean(page);
});

test('challenge closed with Esc: canceled / abandoned', async ({ page }) => {
  const { card } = await scenario('Direct challenge');
  await startFlow(page, card);
  await expect(page.locator('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await outcome(page)).toMatchObject({
    ok: true,
    result: { status: 'canceled', outcome: 'abandoned' },
  });
  await expectClean(page);
});

test('challenge is full screen on a 360 px wide phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const { card } = await scenario('Direct challenge');
  await startFlow(page, card);
  const box = await page.locator('dialog').boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 360, height: 640 });
  await page.getByRole('button', { name: 'Close' }).click();
  await outcome(page);
});

test('pt-BR labels the dialog in Portuguese', async ({ page }) => {
  const { card } = await scenario('Direct challenge');
  await startFlow(page, card, { locale: 'pt-BR' });
  await expect(page.getByRole('dialog', { name: 'Confirme seu pagamento' })).toBeVisible();
  await page.getByRole('button', { name: 'Fechar' }).click();
  await outcome(page);
});

test('destroy() during a challenge settles the promise and removes the modal', async ({ page }) => {
  const { card } = await scenario('Direct challenge');
  await startFlow(page, card);
  await expect(page.locator('dialog')).toBeVisible();
  await page.evaluate(() => window.e2e.destroy?.());
  expect(await outcome(page)).toMatchObject({ ok: false, code: 'aborted' });
  await expectClean(page);
});

test('inactive sub-merchant: 422 passed through as unprocessable', async ({ page }) => {
  const { card } = await scenario('Frictionless success');
  await startFlow(page, card, { publishableKey: 'pk_test_inactive' });
  expect(await outcome(page)).toEqual({
    ok: false,
    code: 'unprocessable',
    statusCode: 422,
    message: 'sub-merchant is not active',
  });
});
