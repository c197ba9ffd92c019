import { expect, type Page, test } from '@playwright/test';
import { randomCard } from './hostile-support';
import {
  answerChallenge,
  cardForm,
  challengeFrame,
  expectClean,
  fillCardForm,
  fillShopForm,
  outcome,
  recordViolations,
  scenario,
  startFlow,
} from './support';

// The widget under `require-trusted-types-for 'script'; trusted-types secure-checkout` and
// default-src 'none' (the demo server's ?trusted-types=1 variant): no string ever reaches a script
// sink, and the card flows make no policy (only the script-tag build's PIX step does: pix.spec.ts).

const TRUSTED_TYPES = /trusted.?type|TrustedHTML|TrustedScript/i;

/** Opens a demo page under the Trusted Types policy; returns the TT complaints it logs. */
async function openStrict(page: Page, path: string): Promise<string[]> {
  const complaints: string[] = [];
  page.on('console', (m) => {
    if (TRUSTED_TYPES.test(m.text()) || m.type() === 'error') complaints.push(m.text());
  });
  page.on('pageerror', (error) => complaints.push(error.message));
  await recordViolations(page);
  const response = await page.goto(`${path}?trusted-types=1`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("require-trusted-types-for 'script'");
  expect(csp).toContain('trusted-types secure-checkout');
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('unsafe-');
  return complaints;
}

/** The policy is enforced and reported: a string into innerHTML throws and is recorded. */
async function expectEnforced(page: Page): Promise<void> {
  const thrown = await page.evaluate(() => {
    try {
      document.createElement('div').innerHTML = '<b>not trusted</b>';
      return 'accepted';
    } catch (error) {
      return (error as Error).name;
    }
  });
  expect(thrown).toBe('TypeError');
  await expect
    .poll(() => page.evaluate(() => window.e2e.violations))
    .toEqual([expect.stringMatching(/^require-trusted-types-for /)]);
}

test('engine: frictionless, fingerprint and challenge flows with 0 violations', async ({
  page,
}) => {
  const complaints = await openStrict(page, '/engine.html');
  await page.waitForFunction(() => typeof window.SecureCheckout?.createCheckout === 'function');

  await startFlow(page, randomCard());
  expect(await outcome(page)).toMatchObject({ ok: true, result: { status: 'succeeded' } });

  const submit = page.waitForRequest((r) => r.url().endsWith('/v1/three-ds/submit'));
  await startFlow(page, (await scenario('Fingerprint then frictionless')).card);
  expect((await submit).postDataJSON()).toHaveProperty('fingerprintingResult');
  expect(await outcome(page)).toMatchObject({ ok: true, result: { status: 'succeeded' } });

  await startFlow(page, (await scenario('Direct challenge')).card);
  await expect(page.getByRole('dialog', { name: 'Confirm your payment' })).toBeVisible();
  await answerChallenge(page, 'approve');
  expect(await outcome(page)).toMatchObject({ ok: true, result: { status: 'succeeded' } });

  await expectClean(page); // includes: no CSP violation recorded
  expect(complaints).toEqual([]);
  await expectEnforced(page);
});

test('card form: mount, fingerprint and challenge, pay, destroy with 0 violations', async ({
  page,
}) => {
  const complaints = await openStrict(page, '/widget.html');
  const form = cardForm(page);
  await fillCardForm(page, (await scenario('Fingerprint then challenge')).card);
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
  await answerChallenge(page, 'approve');
  await expect(form.getByRole('status')).toHaveText('Payment approved. Thank you!');
  await expect(page.locator('#charge-status')).toHaveText('paid');
  await page.evaluate(() =>
    (window as unknown as { demoMount: { destroy(): void } }).demoMount.destroy(),
  );
  await expect(form).toHaveCount(0);

  await expectClean(page);
  expect(complaints).toEqual([]);
  await expectEnforced(page);
});

test('ESM build (spa.html): fingerprint and challenge through the SPA with 0 violations', async ({
  page,
}) => {
  const complaints = await openStrict(page, '/spa.html');
  const { card } = await scenario('Fingerprint then challenge');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await fillShopForm(page, card);
  await page.locator('#pay').click();
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
  await answerChallenge(page, 'approve');
  const log = page.locator('#dev-log li');
  await expect(log.filter({ hasText: 'authenticate() resolved: succeeded' })).toHaveCount(1);
  await expect(log.filter({ hasText: '(paid)' })).toHaveCount(1);

  await expectClean(page);
  expect(complaints).toEqual([]);
  await expectEnforced(page);
});
