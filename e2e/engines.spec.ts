/**
 * The engine scenarios (`e2e/engines/scenarios.ts`) in Chromium: the same list that
 * `npm run test:engines` runs in Firefox ESR and WebKitGTK.
 */
import { test } from '@playwright/test';
import { playwrightDriver } from './engines/chromium';
import { SCENARIOS } from './engines/scenarios';
import { SANDBOX } from './sandbox-urls';

for (const scenario of SCENARIOS) {
  test(`engines (chromium): ${scenario.name}`, async ({ page }) => {
    await scenario.run({ driver: playwrightDriver(page), api: SANDBOX.api });
  });
}
