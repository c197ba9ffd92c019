import { expect, test } from '@playwright/test';
import { answerChallenge, expectClean, openDemoPage, type Scenario, scenarios } from './support';

/**
 * The list the sandbox serves, fetched while this file is collected (the web server is up by
 * then), so each scenario is a test of its own. If it cannot be loaded, or is empty, the one test
 * left says so and fails.
 */
const served: Scenario[] | Error = await scenarios().catch((error: unknown) =>
  error instanceof Error ? error : new Error(String(error)),
);

test.describe('QA panel: every sandbox scenario with the built bundle', () => {
  test.describe.configure({ mode: 'parallel' });

  if (served instanceof Error || served.length === 0) {
    test('the sandbox serves its scenario list', () => {
      throw served instanceof Error
        ? new Error(`GET /sandbox/scenarios failed: ${served.message}`)
        : new Error('GET /sandbox/scenarios returned no scenario');
    });
    return;
  }

  for (const scenario of served) {
    test(`${scenario.name} (${scenario.card})`, async ({ page }) => {
      // A short fingerprint timeout, so the page that never answers costs 1.5 s, not 10.
      const problems = await openDemoPage(page, '/?fingerprintTimeoutMs=1500');
      await expect(page.locator('#fingerprint-timeout')).toHaveValue('1500');

      await page.locator(`[data-card="${scenario.card}"] button`).click();
      await expect(page.locator('#card-number')).toHaveValue(
        scenario.card.replace(/(\d{4})(?=\d)/g, '$1 '),
      );
      await expect(page.locator('#pay')).toBeFocused();
      await page.locator('#pay').click();
      if (scenario.challengeAction) await answerChallenge(page, scenario.challengeAction);

      await expect(page.locator('#result-status')).toHaveText(scenario.expected.status, {
        timeout: 20_000,
      });
      if (scenario.expected.outcome !== undefined) {
        await expect(page.locator('#result-outcome')).toHaveText(scenario.expected.outcome);
      }
      // The widget's last event; the sandbox's record of each 3DS call is merged in by time.
      await expect(page.locator('#timeline li[data-source="widget"]').last()).toHaveAttribute(
        'data-type',
        'result',
      );

      if (scenario.expected.status === 'succeeded') {
        await expect(page.locator('#result-threeds')).toContainText('"state"');
        await expect(page.locator('#charge-status')).toHaveText(
          scenario.charge === 'declined' ? 'failed' : 'paid',
        );
        const chargeId = (await page.locator('#charge-id').textContent()) ?? '';
        expect(chargeId).toMatch(/^ch_/);
        await expect(
          page.locator(`#webhooks li[data-event="charge.created"][data-charge-id="${chargeId}"]`),
        ).toBeVisible();
      } else {
        await expect(page.locator('#charge-note')).toContainText('No charge');
        await expect(page.locator('#charge-status')).toHaveText('');
      }
      await expect(page.locator('#result-error')).toBeHidden();
      await expectClean(page);
      expect(problems.pageErrors).toEqual([]);
    });
  }
});
