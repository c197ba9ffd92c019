/**
 * `EngineDriver` over webdriverio and WebDriver Classic, for WebKitGTK: Debian's WebKitWebDriver
 * drives MiniBrowser on a private Xvfb display; both run in process groups we end.
 */
import type { ChildProcess } from 'node:child_process';
import { Key, remote } from 'webdriverio';
import {
  type EngineDriver,
  type EngineSession,
  expressionOf,
  installProbe,
  sleep,
  type Target,
  within,
} from './driver';
import { endGroup, freePort, startWebKitWebDriver, startXvfb } from './processes';

const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const STEP_MS = 10_000;

/**
 * Under a C/POSIX locale (CI machines, containers) WebKitGTK reports `navigator.language` as "C",
 * which no shopper's browser does and `Intl` refuses (the demo pages fall back, but the run would
 * not be a shopper's). MiniBrowser gets the locale of an English-speaking shopper instead.
 */
function shopperLocaleEnv(): NodeJS.ProcessEnv {
  const { LC_ALL: _all, LC_MESSAGES: _messages, LANGUAGE: _language, ...env } = process.env;
  return { ...env, LANG: 'en_US.UTF-8' };
}

/** WebDriver's errors name an element id only: say which target it was. */
const named = <T>(action: string, target: Target, work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw new Error(
      `${action} ${target.selector} (${target.in}): ${error instanceof Error ? error.message : error}`,
    );
  });

export async function launchWebKit(demoUrl: string): Promise<EngineSession> {
  const xvfb = await startXvfb();
  let webDriver: ChildProcess | undefined;
  let browser: WebdriverIO.Browser;
  try {
    const port = await freePort();
    webDriver = await startWebKitWebDriver(port, { ...shopperLocaleEnv(), DISPLAY: xvfb.display });
    browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'silent',
      connectionRetryCount: 0,
      connectionRetryTimeout: 30_000,
      waitforTimeout: STEP_MS,
      capabilities: {
        // WebKitWebDriver checks the name against the browser it starts.
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        // WebKitGTK's vendor capability, which webdriverio's types do not list.
        ...{ 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } },
      },
    });
  } catch (error) {
    await endGroup(webDriver);
    await endGroup(xvfb.process);
    throw error;
  }

  /** Our shadow-root elements, found by script (Classic has no shadow-piercing selector). */
  const element = async (target: Target): Promise<WebdriverIO.Element> => {
    if (target.in === 'page' || target.in === 'challenge') {
      const found = await browser.$(target.selector).getElement();
      await found.waitForDisplayed({ timeout: STEP_MS });
      return found;
    }
    const host = target.in === 'form' ? 'secure-checkout-form' : 'secure-checkout-frame';
    let reference: unknown = null;
    const deadline = Date.now() + STEP_MS;
    while (!reference && Date.now() < deadline) {
      reference = await browser.execute(
        (host, selector) => document.querySelector(host)?.shadowRoot?.querySelector(selector),
        host,
        target.selector,
      );
      if (!reference) await sleep(100);
    }
    if (!reference) throw new Error(`no ${target.selector} in ${host} within ${STEP_MS} ms`);
    return browser.$(reference as WebdriverIO.Element).getElement();
  };

  /**
   * Whether WebDriver is in the bank's page. WebKit moves keyboard focus to the frame WebDriver
   * switches to, so after acting in the bank's page the driver stays there (the keys pressed next
   * go where the shopper's would) and returns to the page only when a step needs the page.
   */
  let inChallenge = false;
  const toPage = async () => {
    if (!inChallenge) return;
    inChallenge = false;
    await browser.switchFrame(null);
  };

  /** Runs `act` on the target, switching into or out of the bank's page (the iframe) first. */
  const inTarget = async (target: Target, act: (found: WebdriverIO.Element) => Promise<void>) => {
    if (target.in !== 'challenge') {
      await toPage();
      return act(await element(target));
    }
    if (!inChallenge) {
      await browser.switchFrame(await element({ in: 'dialog', selector: 'dialog iframe' }));
      inChallenge = true;
    }
    await act(await element(target));
  };

  /**
   * WebKitWebDriver's "element click intercepted" check hit-tests the document, which answers
   * the shadow host for anything inside a shadow root; WebDriver Actions at the element's centre
   * click the same spot as a mouse would, without that check. Actions do not scroll: the
   * element is brought into view first (a tall form's button may be below the window).
   */
  const clickOn = async (target: Target, found: WebdriverIO.Element) => {
    if (target.in === 'page' || target.in === 'challenge') return found.click();
    await browser.execute((el: HTMLElement) => el.scrollIntoView({ block: 'center' }), found);
    await browser.action('pointer').move({ origin: found }).down().up().perform();
  };

  const driver: EngineDriver = {
    engine: 'webkit',
    async open(path) {
      await toPage();
      await browser.url(new URL(path, demoUrl).href);
      // Classic has no init scripts: the probe starts once the page has loaded.
      await browser.execute(`return ${expressionOf(installProbe, null)}`);
    },
    // A string script: its result is whatever `fn` returned, which the caller's types describe.
    async evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>> {
      await toPage();
      return (await browser.execute(`return ${expressionOf(fn, arg)}`)) as Awaited<R>;
    },
    click: (target) =>
      named(
        'click',
        target,
        inTarget(target, (found) => clickOn(target, found)),
      ),
    // A real click first: WebKit lets a script focus a cross-origin frame's field only after
    // the shopper interacted with that frame, and WebDriver's typing focuses by script.
    type: (target, text) =>
      named(
        'type into',
        target,
        inTarget(target, async (found) => {
          await clickOn(target, found);
          await found.addValue(text);
        }),
      ),
    // Modifiers stay down until the end of the sequence: Shift, then Tab, is Shift+Tab.
    press: (key) => browser.keys(key === 'Shift+Tab' ? [Key.Shift, Key.Tab] : Key[key]),
  };
  return {
    driver,
    async close() {
      await within(10_000, 'closing MiniBrowser', browser.deleteSession()).catch(() => {});
      await endGroup(webDriver);
      await endGroup(xvfb.process);
    },
  };
}
