/** `EngineDriver` over Playwright, for Chromium in the Playwright suite (`e2e/engines.spec.ts`). */
import type { Locator, Page } from '@playwright/test';
import { type EngineDriver, expressionOf, installProbe, type Target } from './driver';

/** Playwright's CSS pierces open shadow roots, so the host's tag is enough to scope a target. */
function locate(page: Page, target: Target): Locator {
  switch (target.in) {
    case 'page':
      return page.locator(target.selector);
    case 'form':
      return page.locator(`secure-checkout-form ${target.selector}`);
    case 'dialog':
      return page.locator(`secure-checkout-frame ${target.selector}`);
    case 'challenge':
      return page.frameLocator('secure-checkout-frame dialog iframe').locator(target.selector);
  }
}

export function playwrightDriver(page: Page): EngineDriver {
  let probed = false;
  return {
    engine: 'chromium',
    async open(path) {
      if (!probed) await page.addInitScript(installProbe);
      probed = true;
      await page.goto(path);
    },
    evaluate: (fn, arg) => page.evaluate(expressionOf(fn, arg)),
    click: (target) => locate(page, target).click(),
    async type(target, text) {
      const field = locate(page, target);
      await field.click();
      await field.pressSequentially(text);
    },
    press: (key) => page.keyboard.press(key),
  };
}
