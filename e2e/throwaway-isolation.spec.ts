import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { basicAuth } from '../demo/service/accounts/authenticate';
import { createThrowaway, deleteThrowaway, type Throwaway } from '../demo/testing/throwaway';
import type { AuthenticationResult } from '../src/types';
import { SANDBOX } from './sandbox-urls';
import {
  answerChallenge,
  type FlowOutcome,
  openEnginePage,
  outcome,
  scenario,
  startFlow,
} from './support';

/**
 * Two test runs against ONE sandbox, each on a throwaway merchant of its own (docs/sandbox.md,
 * "Throwaway merchants"), each in its own browser context: the widget pays with each run's
 * publishable key, the run's server side charges with its secret key, and neither sees the
 * other's charge, authentication, events or requests, nor meets the other's faults or latency.
 */

/** Run A's latency: every one of its requests waits this long; run B's none of it. */
const LATENCY_MS = 1_000;

interface Reply<T> {
  status: number;
  body: T;
}

async function api<T = Record<string, unknown>>(
  merchant: Throwaway,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Reply<T>> {
  const response = await fetch(`${SANDBOX.api}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      Authorization: basicAuth(merchant.secretKey),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

interface LogEntry {
  method: string;
  path: string;
  status: number | null;
  durationMs: number;
  faultId: string | null;
}

const requestLog = async (merchant: Throwaway) =>
  (await api<{ data: LogEntry[] }>(merchant, '/sandbox/requests?limit=100')).body.data;

/** A page of the run's own browser context, on the engine page (the widget's flow). */
async function runPage(browser: Browser, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext({ baseURL: SANDBOX.demo });
  contexts.push(context);
  const page = await context.newPage();
  await openEnginePage(page);
  return page;
}

/** The widget's flow with the run's publishable key (the engine page's own amount: 120.50 BRL). */
async function authenticate(page: Page, merchant: Throwaway, card: string): Promise<FlowOutcome> {
  await startFlow(page, card, { publishableKey: merchant.publishableKey });
  return outcome(page);
}

/** What the run's merchant server does with the widget's result: a charge with its secret key. */
async function charge(merchant: Throwaway, card: string, result: AuthenticationResult) {
  const reply = await api<{ id: string; status: string }>(merchant, '/v1/charges', {
    body: {
      amount: 120.5,
      currency: 'BRL',
      customer: { name: 'Ana Souza', email: 'ana.souza@example.com' },
      paymentMethod: {
        type: 'credit_card',
        number: card,
        holderName: 'Ana Souza',
        expirationMonth: '12',
        expirationYear: '2030',
        cvv: '123',
        installments: 1,
        threeDS: result.threeDS,
      },
      items: [{ type: 'physical', name: 'Mug', quantity: 1, amount: 120.5 }],
    },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  expect(reply.body.status).toBe('paid');
  return reply.body.id;
}

const succeeded = (flow: FlowOutcome): AuthenticationResult => {
  if (!flow.ok) throw new Error(`the flow failed: ${flow.code} ${flow.message}`);
  expect(flow.result.status).toBe('succeeded');
  return flow.result;
};

test('two runs on their own throwaway merchants do not see each other', async ({ browser }) => {
  const [frictionless, challenge] = await Promise.all([
    scenario('Frictionless success'),
    scenario('Direct challenge'),
  ]);
  const [a, b] = await Promise.all([
    createThrowaway(SANDBOX.api, { name: 'Run A', enableConnect: false }),
    createThrowaway(SANDBOX.api, { name: 'Run B', enableConnect: false }),
  ]);
  const contexts: BrowserContext[] = [];
  try {
    // Run A's knobs: its latency, and its first authentication answered 503 by a fault.
    expect(
      (await api(a, '/sandbox/latency', { method: 'PUT', body: { ms: LATENCY_MS } })).status,
    ).toBe(200);
    const fault = await api<{ id: string }>(a, '/sandbox/faults', {
      body: {
        method: 'POST',
        path: '/v1/three-ds/authenticate',
        action: { status: 503 },
        times: 1,
      },
    });
    expect(fault.status).toBe(201);

    const [pageA, pageB] = await Promise.all([
      runPage(browser, contexts),
      runPage(browser, contexts),
    ]);
    // Both pay at once: A meets its fault, B (a challenge, the bank's page) does not.
    const [faulted, flowB] = await Promise.all([
      authenticate(pageA, a, frictionless.card),
      (async () => {
        await startFlow(pageB, challenge.card, { publishableKey: b.publishableKey });
        await answerChallenge(pageB, 'approve');
        return outcome(pageB);
      })(),
    ]);
    expect(faulted).toMatchObject({ ok: false, statusCode: 503 });
    const resultB = succeeded(flowB);
    const resultA = succeeded(await authenticate(pageA, a, frictionless.card));
    const [chargeA, chargeB] = await Promise.all([
      charge(a, frictionless.card, resultA),
      charge(b, challenge.card, resultB),
    ]);
    // A's requests from here on need not wait.
    expect((await api(a, '/sandbox/latency', { method: 'PUT', body: { ms: 0 } })).status).toBe(200);

    // Each key sees its own charge and authentication, and the other's as a stranger's (404).
    for (const [own, other, id, auth] of [
      [a, b, chargeA, resultA.authenticationId],
      [b, a, chargeB, resultB.authenticationId],
    ] as const) {
      expect((await api(own, `/v1/charges/${id}`)).status).toBe(200);
      expect((await api(other, `/v1/charges/${id}`)).status).toBe(404);
      expect((await api(own, `/sandbox/authentications/${auth}`)).status).toBe(200);
      expect((await api(other, `/sandbox/authentications/${auth}`)).status).toBe(404);
      const events = (path: string, merchant: Throwaway) =>
        api<{ data: Array<{ event: string }> }>(merchant, path).then((r) => r.body.data);
      const query = `/sandbox/events?resourceId=${id}&orderBy=createdAt&limit=100`;
      expect((await events(query, own)).map((e) => e.event)).toContain('charge.paid');
      expect(await events(query, other)).toEqual([]);
      expect(JSON.stringify(await events('/sandbox/events?limit=100', other))).not.toContain(id);
    }

    // A's fault answered once, for A only; B has no rules.
    const rulesA = await api<{ data: Array<{ id: string; hits: number }> }>(a, '/sandbox/faults');
    expect(rulesA.body.data).toEqual([expect.objectContaining({ id: fault.body.id, hits: 1 })]);
    expect((await api<{ data: unknown[] }>(b, '/sandbox/faults')).body.data).toEqual([]);

    // The request logs (written just after each answer): A's authentications met its fault and
    // its latency; B's requests met neither, and none of A's is in B's log.
    const authenticationsOf = (entries: LogEntry[]) =>
      entries.filter((e) => e.method === 'POST' && e.path === '/v1/three-ds/authenticate');
    await expect.poll(async () => authenticationsOf(await requestLog(a)).length).toBe(2);
    const logA = authenticationsOf(await requestLog(a));
    expect(logA.map((e) => e.faultId).sort()).toEqual([fault.body.id, null].sort());
    expect(logA.find((e) => e.faultId === null)?.durationMs).toBeGreaterThanOrEqual(LATENCY_MS);
    await expect.poll(async () => authenticationsOf(await requestLog(b)).length).toBe(1);
    const logB = await requestLog(b);
    expect(logB.filter((e) => e.faultId !== null)).toEqual([]);
    expect(logB.filter((e) => e.durationMs >= LATENCY_MS)).toEqual([]);
    // (The checks above asked B's key for A's ids: only the writes are compared.)
    const writes = (entries: LogEntry[]) =>
      JSON.stringify(entries.filter((e) => e.method === 'POST'));
    expect(writes(logB)).not.toContain(chargeA);
    expect(writes(logB)).not.toContain(resultA.authenticationId);
    const writesA = writes(await requestLog(a));
    expect(writesA).toContain(chargeA);
    expect(writesA).not.toContain(chargeB);
    expect(writesA).not.toContain(resultB.authenticationId);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await Promise.all([deleteThrowaway(SANDBOX.api, a), deleteThrowaway(SANDBOX.api, b)]);
  }
  // Gone: their keys answer 401.
  expect((await api(a, '/v1/customers')).status).toBe(401);
  expect((await api(b, '/v1/customers')).status).toBe(401);
});
