import { expect, type Page, type Request, test } from '@playwright/test';
import type { CheckoutEvent } from '../src/types';
import { installProbe, randomCard, readProbe } from './hostile-support';
import { SANDBOX } from './sandbox-urls';
import {
  answerChallenge,
  cardForm,
  challengeFrame,
  expectClean,
  fillCardForm,
  openEnginePage,
  outcome,
  scenario,
  startFlow,
} from './support';

// docs/security.md: card number and CVV never appear in a URL, a log line, an onEvent payload or
// storage. Checked everywhere a page can leave them, for the headless engine and the form.

const CVV = '739';

/** Everything the page sent and logged, collected from the first request on. */
function recordTraffic(page: Page) {
  const requests: { url: string; method: string; body: string; headers: string }[] = [];
  const pending: Promise<void>[] = [];
  const consoleLines: string[] = [];
  page.on('request', (request: Request) => {
    pending.push(
      request.allHeaders().then((headers) => {
        requests.push({
          url: request.url(),
          method: request.method(),
          body: request.postData() ?? '',
          headers: JSON.stringify(headers),
        });
      }),
    );
  });
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  const all = async () => {
    await Promise.all(pending);
    return requests;
  };
  return { requests: all, consoleLines };
}

/**
 * Each frame's document with its shadow roots, form values (the top page's only if asked) and
 * storage.
 */
async function framesText(page: Page, topValues: boolean): Promise<string[]> {
  const main = page.mainFrame();
  return Promise.all(
    [main, ...page.frames().filter((frame) => frame !== main)].map((frame) =>
      frame.evaluate(
        async (withValues) => {
          const parts = [location.href, document.documentElement.outerHTML];
          const walk = (root: Document | ShadowRoot) => {
            for (const element of root.querySelectorAll('*')) {
              if (element.shadowRoot) {
                parts.push(element.shadowRoot.innerHTML);
                walk(element.shadowRoot);
              }
              const value = (element as HTMLInputElement).value;
              if (withValues && typeof value === 'string') parts.push(value);
            }
          };
          walk(document);
          const read = async (what: string, get: () => string[] | Promise<string[]>) => {
            try {
              parts.push(...(await get()));
            } catch (error) {
              parts.push(`${what}: ${error}`);
            }
          };
          for (const name of ['localStorage', 'sessionStorage'] as const)
            await read(name, () => {
              const store = window[name];
              return Array.from({ length: store.length }, (_, i) => {
                const key = store.key(i) ?? '';
                return `${key}=${store.getItem(key)}`;
              });
            });
          await read('cookie', () => [document.cookie]);
          await read('indexedDB', async () =>
            (await indexedDB.databases()).map((db) => db.name ?? ''),
          );
          await read('caches', () => caches.keys());
          return parts.join('\n');
        },
        topValues || frame !== main,
      ),
    ),
  );
}

/** The text URL-decoded, without the separators a card number is written with. */
const squeezed = (text: string) => {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {}
  return decoded.replace(/[\s.-]+/g, '');
};
const hasNumber = (text: string, number: string) => squeezed(text).includes(number);
const hasCvv = (text: string) => new RegExp(`(?<![0-9A-Za-z])${CVV}(?![0-9A-Za-z])`).test(text);

function report(name: string, figures: Record<string, number>) {
  const text = Object.entries(figures)
    .map(([what, n]) => `${n} ${what}`)
    .join(', ');
  test.info().annotations.push({ type: `secrets: ${name}`, description: text });
  console.log(`[hostile] secrets, ${name}: ${text}`);
}

const isThreeDs = (url: string) => new URL(url).port === String(SANDBOX.ports.threeDs);

test('headless engine: the card number is in no URL, event, log, storage or DOM', async ({
  page,
}) => {
  await installProbe(page);
  const traffic = recordTraffic(page);
  await openEnginePage(page);
  // The demo form lists the sandbox's cards: clear it, so only what the widget adds is judged.
  await page.evaluate(() => {
    for (const id of ['scenario', 'scenario-description'])
      document.getElementById(id)?.replaceChildren();
    (document.getElementById('number') as HTMLInputElement).value = '';
  });
  const cards = [
    randomCard(),
    (await scenario('Fingerprint then frictionless')).card,
    (await scenario('Direct challenge')).card,
  ];
  const anyCard = (text: string) => cards.some((card) => hasNumber(text, card));
  expect((await framesText(page, true)).filter(anyCard)).toEqual([]);

  const during: string[] = [];
  for (const card of cards) {
    await startFlow(page, card);
    if (card === cards[2]) {
      await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
      during.push(...(await framesText(page, true)));
      await answerChallenge(page, 'approve');
    }
    expect(await outcome(page)).toMatchObject({ ok: true, result: { status: 'succeeded' } });
  }
  await page.evaluate(() => console.debug('probe control'));
  const after = await framesText(page, true);
  const requests = await traffic.requests();
  const events = await page.evaluate(() => window.e2e.events.map((e) => JSON.stringify(e)));
  const spied = (await readProbe(page)).console;
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`);

  expect(spied.some((line) => line.includes('probe control'))).toBe(true);
  expect(traffic.consoleLines.some((line) => line.includes('probe control'))).toBe(true);
  expect(during.some((text) => text.includes('/3ds/challenge'))).toBe(true);
  expect(requests.filter((r) => anyCard(r.url)).map((r) => r.url)).toEqual([]);
  // Only authenticate's body carries the number, and only to the API.
  const carriers = requests.filter((r) => anyCard(r.body) || anyCard(r.headers));
  expect(carriers.map((r) => `${r.method} ${r.url}`)).toEqual(
    cards.map(() => `POST ${SANDBOX.api}/v1/three-ds/authenticate`),
  );
  const toBank = requests.filter((r) => isThreeDs(r.url));
  expect(toBank.length).toBeGreaterThanOrEqual(3);
  expect(toBank.filter((r) => anyCard(`${r.url} ${r.body} ${r.headers}`))).toEqual([]);
  expect(events.filter(anyCard)).toEqual([]);
  expect(events.length).toBe(10);
  expect([...spied, ...traffic.consoleLines].filter(anyCard)).toEqual([]);
  expect([...during, ...after, ...cookies].filter(anyCard)).toEqual([]);
  report('engine', {
    'requests (URL, headers, body)': requests.length,
    'of them to the 3DS origin': toBank.length,
    'onEvent payloads': events.length,
    'console lines spied in the page': spied.length,
    'console messages from all frames': traffic.consoleLines.length,
    'frame documents with storage': during.length + after.length,
    cookies: cookies.length,
  });
  await expectClean(page);
});

test('card form: number and CVV typed by the shopper stay out of URLs, events, logs, storage, DOM', async ({
  page,
}) => {
  await installProbe(page);
  await page.addInitScript(() => {
    // Wraps the script tag's createCheckout as it is defined, to see every onEvent payload.
    const seen: CheckoutEvent[] = [];
    let value: typeof window.SecureCheckout | undefined;
    Object.defineProperty(window, 'seenEvents', { value: seen });
    Object.defineProperty(window, 'SecureCheckout', {
      configurable: true,
      get: () => value,
      set(module: typeof window.SecureCheckout) {
        const create = module.createCheckout;
        module.createCheckout = (options) =>
          create({
            ...options,
            onEvent: (event) => {
              seen.push(event);
              options.onEvent?.(event);
            },
          });
        value = module;
      },
    });
  });
  const traffic = recordTraffic(page);
  await page.goto('/widget.html');
  const form = cardForm(page);
  const { card } = await scenario('Fingerprint then challenge');
  await fillCardForm(page, card, CVV);
  await expect(form.getByLabel('Card number')).toHaveValue(/^4000 0000/);
  // First attempt refused by the service: the demo's onError logs the error to the console.
  let refused = false;
  await page.route(`${SANDBOX.api}/v1/three-ds/authenticate`, (route) => {
    if (route.request().method() !== 'POST' || refused) return route.continue();
    refused = true;
    const body = { statusCode: 503, message: 'upstream unavailable', error: 'Unavailable' };
    return route.fulfill({
      status: 503,
      headers: { 'Access-Control-Allow-Origin': '*' },
      json: body,
    });
  });
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect
    .poll(async () => (await readProbe(page)).console.join('\n'))
    .toContain('checkout error server_error');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
  const secret = (text: string) => hasNumber(text, card) || hasCvv(text);
  // While mounted the form's inputs hold what was typed; markup, text and the bank's page do not.
  const during = await framesText(page, false);
  // The walk does reach into the form's shadow root: with values, it finds what was typed.
  expect(secret((await framesText(page, true))[0] ?? '')).toBe(true);
  await answerChallenge(page, 'approve');
  await expect(form.getByRole('status')).toHaveText('Payment approved. Thank you!');
  const paid = await framesText(page, false);
  await page.evaluate(() =>
    (window as unknown as { demoMount: { destroy(): void } }).demoMount.destroy(),
  );
  await expect(form).toHaveCount(0);
  await page.evaluate(() => console.debug('probe control'));
  const after = await framesText(page, true);

  const requests = await traffic.requests();
  const events = await page.evaluate(() =>
    (window as unknown as { seenEvents: unknown[] }).seenEvents.map((e) => JSON.stringify(e)),
  );
  const spied = (await readProbe(page)).console;
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`);
  expect(spied.some((line) => line.includes('probe control'))).toBe(true);
  expect(events.length).toBe(8); // start + error, then the six of the paid flow
  expect(requests.filter((r) => secret(r.url)).map((r) => r.url)).toEqual([]);
  // The number goes to the API's authenticate and to the merchant's server; the CVV only there.
  expect(
    requests.filter((r) => hasNumber(`${r.body} ${r.headers}`, card)).map((r) => r.url),
  ).toEqual([
    `${SANDBOX.api}/v1/three-ds/authenticate`,
    `${SANDBOX.api}/v1/three-ds/authenticate`,
    `${SANDBOX.demo}/merchant/charges`,
  ]);
  expect(requests.filter((r) => hasCvv(`${r.body} ${r.headers}`)).map((r) => r.url)).toEqual([
    `${SANDBOX.demo}/merchant/charges`,
  ]);
  const toBank = requests.filter((r) => isThreeDs(r.url));
  expect(toBank.length).toBeGreaterThanOrEqual(3);
  expect(events.filter(secret)).toEqual([]);
  expect([...spied, ...traffic.consoleLines].filter(secret)).toEqual([]);
  expect([...during, ...paid, ...after, ...cookies].filter(secret)).toEqual([]);
  report('card form', {
    'requests (URL, headers, body)': requests.length,
    'of them to the 3DS origin': toBank.length,
    'onEvent payloads': events.length,
    'console lines spied in the page': spied.length,
    'console messages from all frames': traffic.consoleLines.length,
    'frame documents with storage': during.length + paid.length + after.length,
    cookies: cookies.length,
  });
});
