/** `EngineDriver` over puppeteer-core and WebDriver BiDi, for Debian's Firefox ESR. */
import { accessSync, constants } from 'node:fs';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import {
  type EngineDriver,
  type EngineSession,
  expressionOf,
  installProbe,
  type Target,
  within,
} from './driver';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** Bound on each wait for an element and on each protocol call. */
const STEP_MS = 10_000;

/** `>>>` is puppeteer's deep combinator: it pierces open shadow roots. */
async function element(page: Page, target: Target): Promise<ElementHandle<Element>> {
  const options = { visible: true, timeout: STEP_MS } as const;
  if (target.in === 'challenge') {
    const iframe = await page.waitForSelector('secure-checkout-frame >>> dialog iframe', options);
    const frame = await iframe?.contentFrame();
    if (!frame) throw new Error("no frame for the bank's page");
    const found = await frame.waitForSelector(target.selector, options);
    if (!found) throw new Error(`no ${target.selector} in the bank's page`);
    return found;
  }
  const scope = {
    page: '',
    form: 'secure-checkout-form >>> ',
    dialog: 'secure-checkout-frame >>> ',
  };
  const found = await page.waitForSelector(`${scope[target.in]}${target.selector}`, options);
  if (!found) throw new Error(`no ${target.selector} in the ${target.in}`);
  return found;
}

export async function launchFirefox(demoUrl: string): Promise<EngineSession> {
  // Checked first: puppeteer creates its temporary profile before it looks for the binary, and
  // leaves that profile behind when the binary is missing.
  try {
    accessSync(FIREFOX, constants.X_OK);
  } catch {
    throw new Error(`no Firefox at ${FIREFOX} (Debian: apt-get install firefox-esr)`);
  }
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi',
    timeout: 30_000,
    protocolTimeout: 30_000,
  });
  let page: Page | undefined;
  const current = () => {
    if (!page) throw new Error('no page open');
    return page;
  };
  const driver: EngineDriver = {
    engine: 'firefox',
    async open(path) {
      // A fresh tab per scenario: nothing of the last one (listeners, dialogs) carries over.
      await page?.close().catch(() => {});
      page = await browser.newPage();
      page.setDefaultTimeout(STEP_MS);
      await page.evaluateOnNewDocument(installProbe);
      await page.goto(new URL(path, demoUrl).href, { waitUntil: 'load' });
    },
    // A string expression: its result is whatever `fn` returned, which the caller's types describe.
    evaluate: <A, R>(fn: (arg: A) => R, arg: A) =>
      current().evaluate(expressionOf(fn, arg)) as Promise<Awaited<R>>,
    async click(target) {
      await (await element(current(), target)).click();
    },
    async type(target, text) {
      const field = await element(current(), target);
      await field.click();
      await field.type(text);
    },
    async press(key) {
      const keyboard = current().keyboard;
      if (key !== 'Shift+Tab') return keyboard.press(key);
      await keyboard.down('Shift');
      await keyboard.press('Tab');
      await keyboard.up('Shift');
    },
  };
  return {
    driver,
    async close() {
      const firefox = browser.process();
      await within(10_000, 'closing Firefox', browser.close()).catch(() => {});
      // Still there after a polite close: end it (only the process we started).
      if (firefox && firefox.exitCode === null && firefox.signalCode === null) {
        firefox.kill('SIGKILL');
      }
    },
  };
}
