import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { expect, type Page, type Route, test } from '@playwright/test';
import {
  abortFlow,
  eventId,
  expectProbeAtBaseline,
  installProbe,
  type Probe,
  randomCard,
  readProbe,
} from './hostile-support';
import { SANDBOX } from './sandbox-urls';
import {
  answerChallenge,
  challengeFrame,
  eventTypes,
  expectClean,
  openEnginePage,
  outcome,
  scenario,
  startFlow,
} from './support';

// Network faults in the browser: each ends in the README's error code, the promise settles and
// nothing is left in the page.

let baseline: Probe;
test.beforeEach(async ({ page }) => {
  await installProbe(page);
  await openEnginePage(page);
  baseline = await readProbe(page);
});
// Error paths are where a listener or a timer is forgotten.
test.afterEach(async ({ page }) => expectProbeAtBaseline(page, baseline));

const step = (name: string) => `${SANDBOX.api}/v1/three-ds/${name}`;

/** POSTs to a step, counted as they leave the page. */
function countPosts(page: Page, name: string): () => number {
  let count = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url() === step(name)) count++;
  });
  return () => count;
}

/** Runs `handle` for the step's POSTs; anything else (a CORS preflight) goes through. */
async function onPost(page: Page, name: string, handle: (route: Route) => Promise<void>) {
  await page.route(step(name), (route) =>
    route.request().method() === 'POST' ? handle(route) : route.continue(),
  );
}

const settleMs = (page: Page) => page.evaluate(() => window.e2e.settleMs ?? -1);

/** A port nothing listens on: bound by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.describe('servers of our own, on other ports (the page CSP would refuse them)', () => {
  test.use({ bypassCSP: true });
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  test.afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  test('connection refused: network, at once', async ({ page }) => {
    const port = await closedPort();
    const failures: string[] = [];
    page.on('requestfailed', (r) => failures.push(r.failure()?.errorText ?? ''));
    await startFlow(page, randomCard(), { baseUrl: `http://127.0.0.1:${port}` });
    expect(await outcome(page)).toMatchObject({ ok: false, code: 'network' });
    expect(failures).toContain('net::ERR_CONNECTION_REFUSED');
    expect(await settleMs(page)).toBeLessThan(5_000);
    expect(await eventTypes(page)).toEqual(['authenticate:start', 'error']);
    await expectClean(page);
  });

  test('headers sent, then the body stalls: timeout after requestTimeoutMs', async ({ page }) => {
    server = createServer((req, res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
        res.setHeader('Access-Control-Allow-Methods', 'POST');
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"authenticationId":"auth_stalled","status":'); // and never the rest
    });
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const response = page.waitForResponse((r) => r.url().endsWith('/v1/three-ds/authenticate'));
    await startFlow(page, randomCard(), {
      baseUrl: `http://127.0.0.1:${port}`,
      requestTimeoutMs: 1_000,
    });
    expect((await response).status()).toBe(200); // the headers did arrive
    expect(await outcome(page)).toMatchObject({ ok: false, code: 'timeout' });
    expect(await settleMs(page)).toBeGreaterThanOrEqual(1_000);
    expect(await settleMs(page)).toBeLessThan(3_000);
    await expectClean(page);
  });
});

test('connection refused on submit, after fingerprinting: network, frame gone', async ({
  page,
}) => {
  const { card } = await scenario('Fingerprint then frictionless');
  const submits = countPosts(page, 'submit');
  await onPost(page, 'submit', (route) => route.abort('connectionrefused'));
  await startFlow(page, card);
  expect(await outcome(page)).toMatchObject({ ok: false, code: 'network' });
  expect(submits()).toBe(1); // submit is never retried
  expect(await eventTypes(page)).toEqual([
    'authenticate:start',
    'fingerprint:start',
    'fingerprint:complete',
    'error',
  ]);
  await expectClean(page);
});

test('connection refused on challenge-result: tried 3 times, then network', async ({ page }) => {
  const attempts = countPosts(page, 'challenge-result');
  await onPost(page, 'challenge-result', (route) => route.abort('connectionrefused'));
  await startFlow(page, randomCard());
  expect(await outcome(page)).toMatchObject({ ok: false, code: 'network' });
  expect(attempts()).toBe(3);
  await expectClean(page);
});

test('a server slower than requestTimeoutMs: timeout', async ({ page }) => {
  // The sandbox itself answers late: its latency header, added on the way out.
  await onPost(page, 'authenticate', (route) =>
    route.continue({
      headers: { ...route.request().headers(), 'x-sandbox-latency-ms': '4000' },
    }),
  );
  await startFlow(page, randomCard(), { requestTimeoutMs: 800 });
  expect(await outcome(page)).toMatchObject({ ok: false, code: 'timeout' });
  expect(await settleMs(page)).toBeGreaterThanOrEqual(800);
  expect(await settleMs(page)).toBeLessThan(2_500);
  expect(await eventTypes(page)).toEqual(['authenticate:start', 'error']);
  await expectClean(page);
});

const SPEC_503 = { statusCode: 503, message: 'upstream unavailable', error: 'Service Unavailable' };

test.describe('5xx from each step: server_error with its status', () => {
  const cors = { 'Access-Control-Allow-Origin': '*' };

  test('authenticate 503 (the spec’s error body): its message passed through', async ({ page }) => {
    const attempts = countPosts(page, 'authenticate');
    await onPost(page, 'authenticate', (route) =>
      route.fulfill({ status: 503, headers: cors, json: SPEC_503 }),
    );
    await startFlow(page, randomCard());
    expect(await outcome(page)).toEqual({
      ok: false,
      code: 'server_error',
      statusCode: 503,
      message: 'upstream unavailable',
    });
    expect(attempts()).toBe(1);
    await expectClean(page);
  });

  test('submit 500 with an HTML body, after fingerprinting: not retried', async ({ page }) => {
    const { card } = await scenario('Fingerprint then frictionless');
    const attempts = countPosts(page, 'submit');
    await onPost(page, 'submit', (route) =>
      route.fulfill({
        status: 500,
        headers: cors,
        contentType: 'text/html',
        body: '<h1>Bad gateway</h1>',
      }),
    );
    await startFlow(page, card);
    expect(await outcome(page)).toMatchObject({ ok: false, code: 'server_error', statusCode: 500 });
    expect(attempts()).toBe(1);
    await expectClean(page);
  });

  test('challenge-result 502 after a real challenge: 3 attempts, dialog gone', async ({ page }) => {
    const { card } = await scenario('Direct challenge');
    const attempts = countPosts(page, 'challenge-result');
    await onPost(page, 'challenge-result', (route) =>
      route.fulfill({ status: 502, headers: cors, json: { ...SPEC_503, statusCode: 502 } }),
    );
    await startFlow(page, card);
    await answerChallenge(page, 'approve');
    expect(await outcome(page)).toMatchObject({ ok: false, code: 'server_error', statusCode: 502 });
    expect(attempts()).toBe(3);
    expect(await eventTypes(page)).toEqual([
      'authenticate:start',
      'challenge:shown',
      'challenge:complete',
      'error',
    ]);
    await expectClean(page);
  });
});

test.describe('AbortSignal', () => {
  test('during fingerprinting: aborted at once, no submit, frame gone', async ({ page }) => {
    const { card } = await scenario('Fingerprinting page never answers');
    const submits = countPosts(page, 'submit');
    await startFlow(page, card, { fingerprintTimeoutMs: 10_000 });
    await eventId(page, 'fingerprint:start');
    await expect(page.locator('secure-checkout-frame iframe')).toHaveCount(1);
    expect(await abortFlow(page)).toBeLessThan(500);
    expect(await outcome(page)).toMatchObject({ ok: false, code: 'aborted' });
    expect(await eventTypes(page)).toEqual(['authenticate:start', 'fingerprint:start', 'error']);
    await expectClean(page);
    await page.waitForTimeout(300);
    expect(submits()).toBe(0);
  });

  test('during a challenge: aborted at once, no challenge-result, focus back', async ({ page }) => {
    const { card } = await scenario('Direct challenge');
    const results = countPosts(page, 'challenge-result');
    await page.locator('#run').focus();
    await startFlow(page, card);
    await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();
    expect(await abortFlow(page)).toBeLessThan(500);
    expect(await outcome(page)).toMatchObject({ ok: false, code: 'aborted' });
    await expectClean(page);
    await expect(page.locator('#run')).toBeFocused();
    await page.waitForTimeout(300);
    expect(results()).toBe(0);
  });

  test('during a slow request: aborted, not timeout', async ({ page }) => {
    await onPost(page, 'authenticate', (route) =>
      route.continue({
        headers: { ...route.request().headers(), 'x-sandbox-latency-ms': '3000' },
      }),
    );
    const sent = page.waitForRequest(step('authenticate'));
    await startFlow(page, randomCard(), { requestTimeoutMs: 10_000 });
    await sent;
    expect(await abortFlow(page)).toBeLessThan(500);
    expect(await outcome(page)).toMatchObject({ ok: false, code: 'aborted' });
    await expectClean(page);
  });
});
