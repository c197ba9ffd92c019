import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium as every Playwright user here launches it (the e2e suite, the bench, the
 * screenshots): test tools cannot download browsers on our machines, and without the
 * background-networking flags Chromium keeps dialling hosts this network refuses.
 */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
