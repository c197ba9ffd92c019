/**
 * The ONE list of core flows every engine runs: Chromium (Playwright, `e2e/engines.spec.ts`),
 * Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK (webdriverio over WebDriver
 * Classic), the latter two through `npm run test:engines`. Each scenario asserts the result, the
 * events, what the sandbox saw, and that nothing is left in the DOM and no CSP rule was broken.
 */
import assert from 'node:assert/strict';
import { inlineApproved, inlineClosedByKeyboard } from './inline-scenario';
import { payByPix } from './pix-scenario';
import {
  answerChallenge,
  authenticationIdOf,
  challengeLoaded,
  deepFocus,
  eventTypes,
  expectClean,
  expectNoticeFocused,
  openCardForm,
  openEngine,
  outcome,
  type ScenarioContext,
  sandboxCard,
  serverView,
  startFlow,
  typeCard,
  waitFor,
} from './steps';

export interface EngineScenario {
  name: string;
  run(ctx: ScenarioContext): Promise<void>;
}

const THREE_DS_KEYS = [
  'acsTransactionId',
  'cryptogram',
  'directoryServerTransactionId',
  'eci',
  'state',
  'threeDsServerTransactionId',
  'type',
  'version',
];

/** The focus is back on the Authenticate button; the message says where it is otherwise. */
async function expectFocusOnRun(driver: ScenarioContext['driver']) {
  const focused = await driver.evaluate(
    () =>
      `${document.activeElement?.localName}#${document.activeElement?.id} (document focused: ${document.hasFocus()})`,
    null,
  );
  assert.match(focused, /^button#run /, `focus back where it was, not on ${focused}`);
}

const CLOSE = { in: 'dialog', selector: 'button[aria-label="Close"]' } as const;

/** Shared by the ways of closing the bank's window: the canceled / abandoned result (docs/protocol.md), focus back. */
async function closeChallenge(ctx: ScenarioContext, how: (ctx: ScenarioContext) => Promise<void>) {
  const { driver } = ctx;
  await openEngine(driver);
  await driver.evaluate(() => document.getElementById('run')?.focus(), null);
  await startFlow(ctx, await sandboxCard(ctx.api, 'Direct challenge'));
  await challengeLoaded(driver);
  await how(ctx);
  assert.deepEqual(await outcome(driver), {
    ok: true,
    result: {
      authenticationId: await authenticationIdOf(driver),
      status: 'canceled',
      outcome: 'abandoned',
    },
  });
  assert.deepEqual(await eventTypes(driver), [
    'authenticate:start',
    'challenge:shown',
    'challenge:closed',
    'result',
  ]);
  await expectClean(driver);
  await expectFocusOnRun(driver);
}

export const SCENARIOS: readonly EngineScenario[] = [
  {
    name: 'frictionless',
    async run(ctx) {
      await openEngine(ctx.driver);
      await startFlow(ctx, await sandboxCard(ctx.api, 'Frictionless success'));
      const end = await outcome(ctx.driver);
      assert.ok(end.ok, `resolved, not ${JSON.stringify(end)}`);
      assert.equal(end.result.status, 'succeeded');
      assert.equal(end.result.outcome, 'authenticated');
      assert.deepEqual(Object.keys(end.result.threeDS ?? {}).sort(), THREE_DS_KEYS);
      assert.deepEqual(await eventTypes(ctx.driver), ['authenticate:start', 'result']);
      await expectClean(ctx.driver);
    },
  },
  {
    name: 'fingerprint then frictionless',
    async run(ctx) {
      await openEngine(ctx.driver);
      await startFlow(ctx, await sandboxCard(ctx.api, 'Fingerprint then frictionless'));
      const end = await outcome(ctx.driver);
      assert.ok(end.ok, `resolved, not ${JSON.stringify(end)}`);
      assert.equal(end.result.status, 'succeeded');
      assert.deepEqual(await eventTypes(ctx.driver), [
        'authenticate:start',
        'fingerprint:start',
        'fingerprint:complete',
        'result',
      ]);
      // The hidden frame's message reached us and submit carried it.
      const seen = await serverView(ctx.api, end.result.authenticationId);
      assert.equal(seen.submits, 1);
      assert.equal(seen.fingerprintingResultReceived, true);
      await expectClean(ctx.driver);
    },
  },
  {
    name: 'fingerprint timeout',
    async run(ctx) {
      const { driver } = ctx;
      await openEngine(driver);
      // Measured as the frame is added (a poll could miss it on a busy machine: it lives 1.5 s).
      await driver.evaluate(() => {
        const seen: { box?: { width: number; height: number } } = {};
        Object.assign(window, { fingerprintFrameBox: seen });
        new MutationObserver((_, observer) => {
          const frame = document
            .querySelector('secure-checkout-frame')
            ?.shadowRoot?.querySelector('iframe');
          if (!frame) return;
          const rect = frame.getBoundingClientRect();
          seen.box = { width: rect.width, height: rect.height };
          observer.disconnect();
        }).observe(document.body, { childList: true });
      }, null);
      await startFlow(ctx, await sandboxCard(ctx.api, 'Fingerprinting page never answers'), {
        fingerprintTimeoutMs: 1_500,
      });
      // While it waits, the fingerprint frame takes no room on the page.
      const box = await waitFor(
        driver,
        'the hidden fingerprint frame',
        () =>
          (window as unknown as { fingerprintFrameBox: { box?: object } }).fingerprintFrameBox.box,
        null,
      );
      assert.deepEqual(box, { width: 0, height: 0 }, 'fingerprint frame size');
      const end = await outcome(driver);
      assert.ok(end.ok, `resolved, not ${JSON.stringify(end)}`);
      assert.equal(end.result.status, 'succeeded');
      assert.deepEqual(await eventTypes(driver), [
        'authenticate:start',
        'fingerprint:start',
        'fingerprint:timeout',
        'result',
      ]);
      const waited = await driver.evaluate(() => {
        const at = (type: string) =>
          window.engineProbe?.events.find((e) => e.type === type)?.timestamp ?? Number.NaN;
        return at('fingerprint:timeout') - at('fingerprint:start');
      }, null);
      assert.ok(waited >= 1_400 && waited < 5_000, `waited ${waited} ms for 1500 ms`);
      const seen = await serverView(ctx.api, end.result.authenticationId);
      assert.equal(seen.submits, 1);
      assert.equal(seen.fingerprintingResultReceived, false);
      await expectClean(driver);
    },
  },
  {
    name: 'challenge approved',
    async run(ctx) {
      const { driver } = ctx;
      await openEngine(driver);
      await driver.evaluate(() => document.getElementById('run')?.focus(), null);
      await startFlow(ctx, await sandboxCard(ctx.api, 'Direct challenge'));
      await challengeLoaded(driver);
      // Top layer, labelled, focus on Close (the shadow root's focused element).
      const dialog = await driver.evaluate(() => {
        const root = document.querySelector('secure-checkout-frame')?.shadowRoot;
        const modal = root?.querySelector('dialog');
        const title = root?.getElementById(modal?.getAttribute('aria-labelledby') ?? '');
        return {
          modal: modal?.matches(':modal') ?? false,
          title: title?.textContent ?? '',
          focused: root?.activeElement?.getAttribute('aria-label') ?? null,
        };
      }, null);
      assert.deepEqual(dialog, { modal: true, title: 'Confirm your payment', focused: 'Close' });
      await answerChallenge(driver, '1234');
      const end = await outcome(driver);
      assert.ok(end.ok, `resolved, not ${JSON.stringify(end)}`);
      assert.equal(end.result.status, 'succeeded');
      assert.equal(end.result.threeDS?.state, 'success');
      assert.deepEqual(await eventTypes(driver), [
        'authenticate:start',
        'challenge:shown',
        'challenge:complete',
        'result',
      ]);
      assert.equal((await serverView(ctx.api, end.result.authenticationId)).challenge, 'success');
      await expectClean(driver);
      await expectFocusOnRun(driver);
    },
  },
  {
    name: 'challenge declined (wrong code)',
    async run(ctx) {
      const { driver } = ctx;
      await openEngine(driver);
      await startFlow(ctx, await sandboxCard(ctx.api, 'Challenge failed (wrong code)'));
      await challengeLoaded(driver);
      await answerChallenge(driver, '0000');
      const end = await outcome(driver);
      assert.ok(end.ok, `resolved, not ${JSON.stringify(end)}`);
      assert.equal(end.result.status, 'failed');
      assert.equal(end.result.threeDS?.state, 'failure');
      assert.deepEqual(await eventTypes(driver), [
        'authenticate:start',
        'challenge:shown',
        'challenge:complete',
        'result',
      ]);
      assert.equal((await serverView(ctx.api, end.result.authenticationId)).challenge, 'failure');
      await expectClean(driver);
    },
  },
  {
    name: 'challenge closed with the Close button',
    run: (ctx) => closeChallenge(ctx, ({ driver }) => driver.click(CLOSE)),
  },
  {
    name: 'challenge closed with Esc',
    run: (ctx) => closeChallenge(ctx, ({ driver }) => driver.press('Escape')),
  },
  {
    // The bank's page is another origin: its keys, Esc included, never reach our dialog, but
    // Shift+Tab from its first field leads to Close. Nothing is read in between: on an empty
    // code, Enter in the bank's page would only show its error, and the flow would not end.
    name: "challenge closed by keyboard from inside the bank's page (Shift+Tab, Enter)",
    run: (ctx) =>
      closeChallenge(ctx, async ({ driver }) => {
        await driver.click({ in: 'challenge', selector: '#acs-code' });
        await driver.press('Shift+Tab');
        await driver.press('Enter');
      }),
  },
  {
    name: 'card form pay, with customer fields',
    async run(ctx) {
      const { driver } = ctx;
      await openCardForm(
        driver,
        '/widget.html?customerFields=name,email,document',
        'the card form',
      );
      const field = (selector: string) => ({ in: 'form', selector }) as const;
      await driver.type(field('#customer-name'), 'Bia Lima');
      await driver.type(field('#customer-email'), 'bia.lima@example.com');
      // The alphanumeric CNPJ of 2026, typed plain and in lower case.
      await driver.type(field('#customer-document'), '12abc34501de35');
      await typeCard(driver, '4111111111111111');
      const typed = await driver.evaluate(() => {
        const root = document.querySelector('secure-checkout-form')?.shadowRoot;
        const value = (id: string) => root?.querySelector<HTMLInputElement>(id)?.value;
        return [value('#number'), value('#customer-document')];
      }, null);
      assert.deepEqual(
        typed,
        ['4111 1111 1111 1111', '12.ABC.345/01DE-35'],
        'the number is grouped and the document masked as typed',
      );
      await driver.click(field('button[type="submit"]'));
      await waitFor(
        driver,
        'the charge',
        () => document.getElementById('charge-status')?.textContent === 'paid',
        null,
        20_000,
      );
      await expectNoticeFocused(driver, 'Payment approved. Thank you!');
      const calls = (
        await driver.evaluate(() => window.engineProbe?.merchantCalls ?? [], null)
      ).filter((call) => call.path === '/merchant/charges');
      assert.equal(calls.length, 1, 'one charge request to the merchant server');
      const body = calls[0]?.body as
        | { paymentMethod?: Record<string, unknown>; customer?: unknown }
        | undefined;
      assert.deepEqual(body?.customer, {
        name: 'Bia Lima',
        email: 'bia.lima@example.com',
        document: { type: 'cnpj', id: '12ABC34501DE35' },
      });
      const { threeDS, ...card } = body?.paymentMethod ?? {};
      assert.deepEqual(card, {
        type: 'credit_card',
        number: '4111111111111111',
        holderName: 'Ana Souza',
        expirationMonth: '12',
        expirationYear: '2030',
        cvv: '123',
        installments: 1,
      });
      assert.equal((threeDS as { state?: string } | undefined)?.state, 'success');
      await expectClean(driver);
    },
  },
  {
    name: '<secure-checkout>: declined by the issuer, keyboard only, the message has focus',
    async run(ctx) {
      const { driver } = ctx;
      await openCardForm(driver, '/element.html?paymentMethods=card', "the element's form");
      await typeCard(driver, await sandboxCard(ctx.api, 'Issuer declines the charge'));
      await driver.press('Enter');
      await waitFor(
        driver,
        'the declined charge',
        () => document.getElementById('charge-status')?.textContent === 'failed',
        null,
        20_000,
      );
      await expectNoticeFocused(
        driver,
        'The payment was declined. Try again or use another card.Try again',
      );
      await driver.press('Tab');
      assert.match(await deepFocus(driver), /^button\.link: Try again/);
      await expectClean(driver);
    },
  },
  { name: 'PIX: the QR decodes to the code, QA pays it, approved', run: payByPix },
  {
    name: "inline challenge ('01'): in the container, not modal; Enter on Close cancels",
    run: inlineClosedByKeyboard,
  },
  { name: 'inline challenge: fills the container; the code approves it', run: inlineApproved },
];
