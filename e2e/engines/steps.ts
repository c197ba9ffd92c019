/**
 * Steps the engine scenarios share, written only against `EngineDriver` and the sandbox's HTTP
 * API, so they mean the same in Chromium, Firefox and WebKit.
 */
import assert from 'node:assert/strict';
import { countLeftovers, type FlowStart, type Leftovers, startFlowInPage } from '../page-probes';
import { type EngineDriver, type FlowOutcome, sleep } from './driver';

/** The script-tag build as the page sees it. */
type Library = typeof import('../../src/global');
type WithLibrary = { SecureCheckout?: Library };

export interface ScenarioContext {
  driver: EngineDriver;
  /** The sandbox API origin (`/sandbox/scenarios`, `/sandbox/authentications/:id`). */
  api: string;
}

export interface SandboxScenario {
  name: string;
  card: string;
}

/** A test card of the sandbox by scenario name (the table behind `GET /sandbox/scenarios`). */
export async function sandboxCard(api: string, name: string): Promise<string> {
  const response = await fetch(`${api}/sandbox/scenarios`, { signal: AbortSignal.timeout(5_000) });
  const list = (await response.json()) as SandboxScenario[];
  const found = list.find((s) => s.name === name);
  if (!found) throw new Error(`no sandbox scenario named ${name}`);
  return found.card;
}

/**
 * What the sandbox saw of an authentication: submits, fingerprint result, challenge end. The
 * helper answers a key of the authentication's merchant: the flows' default publishable key.
 */
export async function serverView(
  api: string,
  authenticationId: string,
  publishableKey = 'pk_test_sandbox',
): Promise<{ submits: number; fingerprintingResultReceived: boolean; challenge: string }> {
  const response = await fetch(`${api}/sandbox/authentications/${authenticationId}`, {
    headers: { Authorization: `Basic ${btoa(`${publishableKey}:`)}` },
    signal: AbortSignal.timeout(5_000),
  });
  assert.equal(response.status, 200, `sandbox knows ${authenticationId}`);
  return (await response.json()) as Awaited<ReturnType<typeof serverView>>;
}

/** Polls `fn(arg)` in the page until it is truthy; fails after `timeoutMs` naming `what`. */
export async function waitFor<A, R>(
  driver: EngineDriver,
  what: string,
  fn: (arg: A) => R,
  arg: A,
  timeoutMs = 10_000,
): Promise<NonNullable<Awaited<R>>> {
  const deadline = Date.now() + timeoutMs;
  let last: Awaited<R> | undefined;
  while (Date.now() < deadline) {
    last = await driver.evaluate(fn, arg);
    if (last) return last as NonNullable<Awaited<R>>;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(last)})`);
}

/** The engine page with the bundle loaded. */
export async function openEngine(driver: EngineDriver): Promise<void> {
  await driver.open('/engine.html');
  await waitFor(
    driver,
    'the bundle on engine.html, its Authenticate button enabled',
    () =>
      typeof (window as WithLibrary).SecureCheckout?.createCheckout === 'function' &&
      Boolean(window.engineProbe) &&
      // Disabled until the page's module wired the form: focus() on it would do nothing.
      (document.getElementById('run') as HTMLButtonElement | null)?.disabled === false,
    null,
  );
}

/** A demo page with the drop-in form (`path`), once the form's card number field is there. */
export async function openCardForm(
  driver: EngineDriver,
  path: string,
  what: string,
): Promise<void> {
  await driver.open(path);
  await waitFor(
    driver,
    what,
    () =>
      Boolean(
        window.engineProbe &&
          document.querySelector('secure-checkout-form')?.shadowRoot?.querySelector('#number'),
      ),
    null,
  );
}

/** Types `card` into the form, with a valid name, expiry and security code. */
export async function typeCard(driver: EngineDriver, card: string): Promise<void> {
  for (const [selector, text] of [
    ['#number', card],
    ['#name', 'Ana Souza'],
    ['#month', '12'],
    ['#year', '30'],
    ['#cvv', '123'],
  ] as const) {
    await driver.type({ in: 'form', selector }, text);
  }
}

/** Starts `authenticate()` in the page; its end lands in `engineProbe.outcome`. */
export async function startFlow(
  ctx: ScenarioContext,
  card: string,
  options: FlowStart['options'] = {},
): Promise<void> {
  const start: FlowStart = { api: ctx.api, card, record: 'engineProbe', options };
  await ctx.driver.evaluate(startFlowInPage, start);
}

/** The flow's end (bounded: the longest flow here is a 1.5 s fingerprint timeout). */
export const outcome = (driver: EngineDriver, timeoutMs = 20_000): Promise<FlowOutcome> =>
  waitFor(driver, 'the flow to settle', () => window.engineProbe?.outcome, null, timeoutMs);

export const eventTypes = (driver: EngineDriver): Promise<string[]> =>
  driver.evaluate(() => (window.engineProbe?.events ?? []).map((e) => e.type), null);

/** The authentication id the flow reported in its events. */
export const authenticationIdOf = (driver: EngineDriver): Promise<string> =>
  waitFor(
    driver,
    'an authenticationId in the events',
    () => window.engineProbe?.events.find((e) => e.authenticationId)?.authenticationId,
    null,
  );

/** Nothing of ours left in the DOM (shadow roots included) and no CSP violation, ever. */
export async function expectClean(driver: EngineDriver): Promise<void> {
  const clean = (counts: Leftovers) =>
    counts.iframes === 0 && counts.dialogs === 0 && counts.hosts === 0;
  const deadline = Date.now() + 5_000;
  let counts = await driver.evaluate(countLeftovers, null);
  while (!clean(counts) && Date.now() < deadline) {
    await sleep(100);
    counts = await driver.evaluate(countLeftovers, null);
  }
  assert.deepEqual(counts, { iframes: 0, dialogs: 0, hosts: 0 }, 'leftovers in the DOM');
  assert.deepEqual(
    await driver.evaluate(() => window.engineProbe?.violations, null),
    [],
    'CSP violations',
  );
}

/** The challenge dialog, open, with the bank's page loaded (our dialog drops aria-busy then). */
export const challengeLoaded = (driver: EngineDriver) =>
  waitFor(
    driver,
    "the bank's page in the dialog",
    () => {
      const dialog = document
        .querySelector('secure-checkout-frame')
        ?.shadowRoot?.querySelector('dialog');
      return Boolean(dialog?.open && !dialog.hasAttribute('aria-busy'));
    },
    null,
  );

/** Answers the bank's page: 1234 approves, anything else declines. */
export async function answerChallenge(driver: EngineDriver, code: string): Promise<void> {
  await driver.type({ in: 'challenge', selector: '#acs-code' }, code);
  // The code's button: Cancel is a submit button of the same form too.
  await driver.click({ in: 'challenge', selector: '#acs-submit' });
}

/** What the drop-in form shows in its live region. */
export const formNotice = (driver: EngineDriver) =>
  driver.evaluate(
    () =>
      document
        .querySelector('secure-checkout-form')
        ?.shadowRoot?.querySelector('[role="status"]')
        ?.textContent?.trim() ?? '',
    null,
  );

/**
 * What has focus, through shadow roots: `div.notice good: Payment approved…` (the element, its
 * classes and its first words), or `body` when focus fell to the page.
 */
export const deepFocus = (driver: EngineDriver) =>
  driver.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active) return 'none';
    const text = active.textContent?.trim().slice(0, 24) ?? '';
    return `${active.localName}${active.className ? `.${active.className.trim()}` : ''}: ${text}`;
  }, null);

/** The form's outcome message says `text` and has focus (within 5 s: the focus follows a render). */
export async function expectNoticeFocused(driver: EngineDriver, text: string): Promise<void> {
  assert.equal(await formNotice(driver), text);
  const deadline = Date.now() + 5_000;
  let focused = await deepFocus(driver);
  while (!focused.startsWith('div.notice') && Date.now() < deadline) {
    await sleep(100);
    focused = await deepFocus(driver);
  }
  assert.match(focused, /^div\.notice/, `the outcome message has focus, not ${focused}`);
}
