import { expect, test } from '@playwright/test';
import { expectProbeAtBaseline, installProbe, randomCard, readProbe } from './hostile-support';
import { SANDBOX } from './sandbox-urls';
import {
  challengeFrame,
  expectClean,
  fillShopForm,
  leftovers,
  openDemoPage,
  openEnginePage,
  outcome,
  scenario,
  startFlow,
} from './support';

/** How many flows of each kind the leak test runs, and what each must end with. */
const PLAN = {
  frictionless: { count: 100, expect: 'succeeded' },
  fingerprint: { count: 40, expect: 'succeeded' },
  'fingerprint timeout': { count: 15, expect: 'succeeded' },
  'abort while fingerprinting': { count: 15, expect: 'aborted' },
  'destroy() mid-challenge': { count: 15, expect: 'aborted' },
  'abort mid-challenge': { count: 10, expect: 'aborted' },
  'Close button': { count: 5, expect: 'canceled' },
} as const;
type Kind = keyof typeof PLAN;

test('200 flows in one page: no frame, dialog, host, message listener or timer is left', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await installProbe(page);
  await openEnginePage(page);
  const cards = {
    frictionless: (await scenario('Frictionless success')).card,
    fingerprint: (await scenario('Fingerprint then frictionless')).card,
    silent: (await scenario('Fingerprinting page never answers')).card,
    challenge: (await scenario('Direct challenge')).card,
  };
  const baseline = await readProbe(page);
  const started = Date.now();
  const plan = Object.entries(PLAN).map(([kind, { count }]) => [kind, count] as [Kind, number]);

  const tally = await page.evaluate(
    async ({ api, cards, plan }) => {
      // Interleaved, so every kind overlaps with the others.
      const queue: Kind[] = [];
      for (let i = 0; queue.length < plan.reduce((n, [, c]) => n + c, 0); i++)
        for (const [kind, count] of plan) if (i < count) queue.push(kind);
      const ends: Record<string, Record<string, number>> = {};
      let busy = 0;
      const later = (ms: number, work: () => void) => setTimeout(work, ms);
      /** The Close button of the dialog showing this authentication. */
      const closeButton = (id: string) => {
        for (const host of document.querySelectorAll('secure-checkout-frame')) {
          const frame = host.shadowRoot?.querySelector('iframe');
          if (frame?.src.includes(id))
            return host.shadowRoot?.querySelector<HTMLButtonElement>('dialog header button');
        }
        return undefined;
      };

      async function run(kind: Kind, n: number) {
        const controller = new AbortController();
        const checkout = window.SecureCheckout.createCheckout({
          publishableKey: 'pk_test_sandbox',
          baseUrl: api,
          fingerprintTimeoutMs: kind === 'fingerprint timeout' ? 150 : 10_000,
          onEvent: ({ type, authenticationId = '' }) => {
            if (type === 'fingerprint:start' && kind === 'abort while fingerprinting')
              later(n % 80, () => controller.abort());
            if (type !== 'challenge:shown') return;
            if (kind === 'destroy() mid-challenge') later(n % 150, () => checkout.destroy());
            if (kind === 'abort mid-challenge') later(n % 150, () => controller.abort());
            if (kind === 'Close button') later(100, () => closeButton(authenticationId)?.click());
          },
        });
        const card = kind.startsWith('fingerprint')
          ? kind === 'fingerprint'
            ? cards.fingerprint
            : cards.silent
          : kind === 'frictionless'
            ? cards.frictionless
            : kind === 'abort while fingerprinting'
              ? cards.silent
              : cards.challenge;
        const request = {
          amount: 10 + n,
          currency: 'BRL',
          card: { number: card, expirationMonth: '12', expirationYear: '2030', holderName: 'Ana' },
        };
        const flow = checkout.authenticate(request, { signal: controller.signal });
        // One flow per checkout: a second call at the same time is refused, the first goes on.
        if (n % 10 === 0)
          await checkout.authenticate(request).catch((e) => e.code === 'busy' && busy++);
        const end = await flow.then(
          (result) => result.status as string,
          (error) => error.code as string,
        );
        ends[kind] ??= {};
        ends[kind][end] = (ends[kind][end] ?? 0) + 1;
      }

      let next = 0;
      const worker = async () => {
        while (next < queue.length) {
          const n = next++;
          await run(queue[n] as Kind, n);
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      return { ends, busy, flows: queue.length };
    },
    { api: SANDBOX.api, cards, plan },
  );

  const seconds = (Date.now() - started) / 1000;
  expect(tally.flows).toBe(200);
  expect(tally.ends).toEqual(
    Object.fromEntries(Object.entries(PLAN).map(([k, v]) => [k, { [v.expect]: v.count }])),
  );
  expect(tally.busy).toBe(20);
  expect(await leftovers(page)).toEqual({ iframes: 0, dialogs: 0, hosts: 0 });
  await expectProbeAtBaseline(page, baseline);
  const after = await readProbe(page);
  // The flows did add listeners (several at once), so the probe would have seen a leak.
  expect(after.peak).toBeGreaterThanOrEqual(baseline.live + 4);
  expect(after.timerPeak).toBeGreaterThanOrEqual(baseline.timers + 4);
  const figures = `${tally.flows} flows in ${seconds.toFixed(1)} s; message listeners ${baseline.live} before, peak ${after.peak}, ${after.live} after; pending timers ${baseline.timers} before, peak ${after.timerPeak}, ${after.timers} after`;
  test.info().annotations.push({ type: 'leaks', description: figures });
  console.log(`[hostile] leaks: ${figures}`);
  expect(seconds).toBeLessThan(60);
  await expectClean(page);
});

test.describe('SPA: back while the bank’s window is open, then destroy()', () => {
  test('spa.html: the modal closes, authenticate() settles aborted, focus on the new view', async ({
    page,
  }) => {
    await installProbe(page);
    const { card } = await scenario('Direct challenge');
    const problems = await openDemoPage(page, '/spa.html');
    await expect(page.locator('#cart-items li').first()).toBeVisible();
    const baseline = await readProbe(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await fillShopForm(page, card);
    await page.locator('#pay').click();
    await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
    expect((await readProbe(page)).live).toBe(baseline.live + 1);

    await page.evaluate(() => history.back());
    await expect(page).toHaveURL(`${SANDBOX.demo}/spa.html`);
    const log = page.locator('#dev-log li');
    await expect(log.filter({ hasText: 'rejected: CheckoutError aborted' })).toHaveCount(1);
    const lines = await log.allTextContents();
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(at('controller.abort()')).toBeGreaterThan(-1);
    expect(at('checkout.destroy()')).toBeGreaterThan(at('controller.abort()'));
    expect(await leftovers(page)).toEqual({ iframes: 0, dialogs: 0, hosts: 0 });
    // Focus where the router put it, in the document, and nothing left inert.
    await expect(page.locator('#cart-title')).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.isConnected)).toBe(true);
    expect(await page.evaluate(() => document.querySelector(':modal'))).toBeNull();
    const more = page.getByRole('button', { name: /^More: Ceramic/ });
    await more.click();
    await expect(page.locator('#cart-items li').first().locator('output')).toHaveText('2');
    await expectProbeAtBaseline(page, baseline);
    await expectClean(page);
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [] });
  });

  test('engine.html with pushState: a router that only calls destroy() on popstate', async ({
    page,
  }) => {
    await installProbe(page);
    await openEnginePage(page);
    const baseline = await readProbe(page);
    const { card } = await scenario('Direct challenge');
    await page.evaluate(() => {
      history.pushState({ view: 'pay' }, '', '#pay');
      addEventListener('popstate', () => window.e2e.destroy?.());
    });
    await page.locator('#run').focus();
    await startFlow(page, card);
    await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();

    await page.evaluate(() => history.back());
    await expect(page).toHaveURL(`${SANDBOX.demo}/engine.html`);
    expect(await outcome(page)).toMatchObject({ ok: false, code: 'aborted' });
    expect(await page.evaluate(() => window.e2e.settled)).toBe(true);
    await expectClean(page);
    await expect(page.locator('#run')).toBeFocused();
    expect(await page.evaluate(() => document.querySelector(':modal'))).toBeNull();
    await expectProbeAtBaseline(page, baseline);
    // destroy() again is harmless; a new checkout on the same page still works.
    await page.evaluate(() => window.e2e.destroy?.());
    await startFlow(page, randomCard());
    expect(await outcome(page)).toMatchObject({ ok: true, result: { status: 'succeeded' } });
    await expectClean(page);
  });
});
