// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DemoAccounts } from '../service/accounts/demo-accounts';
import { SCENARIOS } from '../service/three-ds/scenarios';
import type { DeliveryAttempt } from '../service/webhooks/routes';
import { APPLE_PAY_TOKEN } from '../testing/charges';
import { BROWSER, postChallengeForm, useSandbox } from '../testing/sandbox';
import { until } from '../testing/until';
import { DEMO_PAGES, NAV_PLACEHOLDER } from './nav';

const root = mkdtempSync(join(tmpdir(), 'sandbox-demo-'));
const pagesDir = join(root, 'pages');
const distDir = join(root, 'dist');
mkdirSync(pagesDir);
mkdirSync(join(distDir, 'types'), { recursive: true });
writeFileSync(
  join(pagesDir, 'index.html'),
  `<!doctype html><title>demo</title>\n<header>\n  ${NAV_PLACEHOLDER}\n</header>\n<h1>Demo index</h1>\n`,
);
writeFileSync(
  join(pagesDir, 'checkout.html'),
  `<!doctype html><title>checkout</title>\n<header>\n  ${NAV_PLACEHOLDER}\n</header>\n<h1>Demo checkout</h1>\n`,
);
writeFileSync(join(pagesDir, 'qa.css'), 'body{}');
writeFileSync(join(distDir, 'secure-checkout.js'), 'var SecureCheckout={};');
writeFileSync(join(distDir, 'secure-checkout.mjs'), 'export const x=1;');
writeFileSync(join(distDir, 'secure-checkout.mjs.map'), '{}');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const logLines: string[] = [];
const t = useSandbox({ pagesDir, distDir, log: (line) => logLines.push(line) });

const card = (number = '4111111111111111', extra: Record<string, unknown> = {}) => ({
  type: 'credit_card',
  number,
  holderName: 'Demo Buyer',
  expirationMonth: '12',
  expirationYear: '2030',
  cvv: '123',
  installments: 2,
  ...extra,
});

/** What a demo page sends: SKUs and quantities, the widget's paymentMethod. */
const chargeBody = (number = '4111111111111111', extra: Record<string, unknown> = {}) => ({
  cart: [{ sku: 'brewing-guide', quantity: 1 }],
  paymentMethod: card(number, extra),
});

describe('static files', () => {
  it('serves demo/merchant/pages at / with a strict CSP and security headers', async () => {
    const reply = await t.demo<string>('/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.text).toContain('Demo index');
    const csp = reply.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(`connect-src 'self' ${t.sandbox.apiUrl}`);
    expect(csp).toContain(`frame-src ${t.sandbox.threeDsUrl}`);
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect((await t.demo('/qa.css')).headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('?trusted-types=1 serves the page under default-src none and Trusted Types', async () => {
    const reply = await t.demo<string>('/?trusted-types=1');
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('Demo index');
    const directives = (reply.headers.get('content-security-policy') ?? '').split('; ');
    expect(directives).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "require-trusted-types-for 'script'",
        'trusted-types secure-checkout',
      ]),
    );
    expect(directives.find((d) => d.startsWith('connect-src'))).toContain(t.sandbox.apiUrl);
    expect(directives.find((d) => d.startsWith('frame-src'))).toContain(t.sandbox.threeDsUrl);
    expect(directives.find((d) => d.startsWith('frame-src'))).not.toContain(t.sandbox.apiUrl);
    expect(directives.join('; ')).not.toMatch(/unsafe-/);
    // Vue's own policy name, on the Vue example's page only (demo/merchant/app.ts says why).
    const policiesAt = async (path: string) =>
      ((await t.demo(path)).headers.get('content-security-policy') ?? '')
        .split('; ')
        .find((d) => d.startsWith('trusted-types '));
    expect(await policiesAt('/examples/vue/?trusted-types=1')).toBe(
      'trusted-types secure-checkout vue',
    );
    expect(await policiesAt('/examples/react/?trusted-types=1')).toBe(
      'trusted-types secure-checkout',
    );
    expect(await policiesAt('/widget.html?trusted-types=1')).toBe('trusted-types secure-checkout');
    // Without the parameter (or with another value) the usual policy, no Trusted Types.
    for (const path of ['/', '/?trusted-types=0']) {
      const csp = (await t.demo(path)).headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('trusted-types');
    }
  });

  it.each([
    ['/dist/secure-checkout.js', /^text\/javascript/],
    ['/dist/secure-checkout.mjs', /^text\/javascript/],
    ['/dist/secure-checkout.mjs.map', /^application\/json/],
  ])('serves %s with the right content type', async (path, type) => {
    const reply = await t.demo(path);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(type);
    expect(reply.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('404 for what is not there, and no way out of the roots', async () => {
    expect((await t.demo('/nothing.html')).status).toBe(404);
    expect((await t.demo('/dist/nothing.js')).status).toBe(404);
    expect((await t.demo('/dist/../pages/index.html')).status).toBe(404);
    expect((await t.demo('/%2e%2e/package.json')).status).toBe(404);
  });

  it('demo-config.json tells the pages the other origins', async () => {
    const reply = await t.demo('/demo-config.json');
    expect(reply.body).toEqual({
      apiUrl: t.sandbox.apiUrl,
      threeDsUrl: t.sandbox.threeDsUrl,
      demoUrl: t.sandbox.demoUrl,
      publishableKey: 'pk_test_sandbox',
      accounts: expect.any(Object),
    });
  });

  it('demo-config.json lists the seeded logins: each logs in with `sandbox`, its key is its own', async () => {
    const { accounts } = (await t.demo('/demo-config.json')).body as { accounts: DemoAccounts };
    expect(accounts.logins.map((login) => login.label)).toEqual([
      'Loja Exemplo',
      'Outra Loja',
      'Sub Ativa',
      'Sub Inativa',
      'Sub da Outra',
      'Administrator',
    ]);
    for (const login of accounts.logins) {
      const reply = await t.api('/v1/auth/login', {
        body: { email: login.email, password: 'sandbox' },
      });
      expect(reply.body).toMatchObject({ role: login.role });
      expect((reply.body as { merchantId?: string }).merchantId).toBe(login.merchantId);
      if (login.role === 'merchant') expect(login.secretKey).toMatch(/^sk_test_/);
    }
    const subs = accounts.merchants.filter((m) => m.kind === 'sub');
    expect(subs.length).toBeGreaterThanOrEqual(6);
    for (const sub of subs) {
      expect(accounts.merchants.some((m) => m.id === sub.parentId && m.kind === 'master')).toBe(
        true,
      );
    }
  });
});

describe('the demo nav (demo/merchant/nav.ts)', () => {
  /** The nav's links as served: `[href, title, current]`. */
  const linksOf = (html: string) =>
    [...html.matchAll(/<a href="([^"]*)"( aria-current="page")?>([^<]*)<\/a>/g)].map(
      ([, href, current, title]) => [href, title, current !== undefined],
    );

  it.each([
    ['/', 'QA panel'],
    ['/index.html', 'QA panel'],
    ['/checkout.html', 'Script-tag checkout'],
  ])(
    '%s is served with every page linked in order, its own marked current',
    async (path, title) => {
      const reply = await t.demo<string>(path);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expect(reply.text).not.toContain(NAV_PLACEHOLDER);
      expect(linksOf(reply.text)).toEqual(
        DEMO_PAGES.map((page) => [page.href, page.title, page.title === title]),
      );
      // In the placeholder's place, at its indentation; the page around it as it was.
      expect(reply.text).toContain(
        '<header>\n  <nav aria-label="Demo pages">\n    <ul>\n      <li><a href="/"',
      );
      expect(reply.text).toContain('  </nav>\n</header>\n<h1>Demo ');
      expect(reply.headers.get('content-security-policy')).toContain("script-src 'self'");
    },
  );

  it('the page keeps its Trusted Types policy, and HEAD answers as GET does', async () => {
    const strict = await t.demo<string>('/checkout.html?trusted-types=1');
    expect(linksOf(strict.text)).toHaveLength(DEMO_PAGES.length);
    expect(strict.headers.get('content-security-policy')).toContain(
      "require-trusted-types-for 'script'",
    );
    const head = await t.demo('/checkout.html', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/html/);
    expect(head.text).toBe('');
  });

  it('a listed page the folder does not hold is a 404; other files are served as they are', async () => {
    expect((await t.demo('/engine.html')).status).toBe(404);
    expect((await t.demo('/qa.css')).text).toBe('body{}');
    expect((await t.demo('/checkout.html', { method: 'POST', body: {} })).status).toBe(404);
  });
});

describe('merchant server', () => {
  it('creates a charge with the secret key; the webhooks arrive at /merchant/webhooks', async () => {
    const reply = await t.demo('/merchant/charges', { body: chargeBody() });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'paid',
      amount: 19.9,
      postbackUrl: `${t.sandbox.demoUrl}/merchant/webhooks`,
    });
    const id = reply.body.id as string;
    const received = await until(
      async () =>
        (
          await t.demo<Array<{ event: string; id: string; body: { data: { id: string } } }>>(
            '/merchant/webhooks',
          )
        ).body.filter((w) => w.body.data.id === id),
      (list) => list.length >= 2,
    );
    expect(received.map((w) => w.event)).toEqual(['charge.created', 'charge.paid']);
    expect(received[0]?.id).toMatch(/^evt_/);
    const fetched = await t.demo(`/merchant/charges/${id}`);
    expect(fetched.body).toEqual(reply.body);
  });

  it('reads each delivery with parseWebhook and the dedup helper: new, repeat, or why refused', async () => {
    const reply = await t.demo('/merchant/charges', { body: chargeBody() });
    const id = reply.body.id as string;
    type Seen = { event: string; id: string; verdict: string; body: { data?: { id: string } } };
    const seen = async () => (await t.demo<Seen[]>('/merchant/webhooks')).body;
    const [created] = await until(
      async () => (await seen()).filter((w) => w.body.data?.id === id),
      (list) => list.length >= 2,
    );
    expect(created?.verdict).toBe('new');
    // The same envelope again, as a retry or a resend brings it.
    await t.demo('/merchant/webhooks', { body: created?.body });
    // A body no event of the service has.
    await t.demo('/merchant/webhooks', {
      body: { id: 'evt_x', event: 'charge.captured', data: {} },
    });
    const last = (await seen()).slice(-2);
    expect(last.map((w) => w.verdict)).toEqual(['repeat', 'unknown event kind "charge.captured"']);
  });

  it('passes the API error status and body through', async () => {
    const invalid = await t.demo('/merchant/charges', {
      body: chargeBody('4111111111111111', { cvv: '12' }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      statusCode: 400,
      message: 'paymentMethod.cvv must be at least 3 characters',
      error: 'Bad Request',
    });
    const missing = await t.demo('/merchant/charges/ch_nope/resume-3ds', {
      method: 'POST',
      body: {},
    });
    expect(missing.status).toBe(404);
  });

  it('resume-3ds forwards: managed charge → challenge → paid', async () => {
    const card = SCENARIOS.find((s) => s.name === 'Direct challenge')?.card;
    const created = await t.demo('/merchant/charges', {
      body: chargeBody(card, { threeDSMode: 'managed', browser: BROWSER }),
    });
    expect(created.body.status).toBe('authentication_required');
    const { authenticationId } = created.body.nextAction as { authenticationId: string };
    await postChallengeForm(t, { authenticationId, code: '1234' });
    const resumed = await t.demo(`/merchant/charges/${created.body.id as string}/resume-3ds`, {
      method: 'POST',
      body: {},
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'paid', threeDS: { state: 'success' } });
  });

  it('lists saved cards through the secret key', async () => {
    const reply = await t.demo<Array<{ id: string }>>('/merchant/cards?customerId=cus_sandbox_ana');
    expect(reply.body.map((card) => card.id).sort()).toEqual([
      'card_sandbox_challenge',
      'card_sandbox_visa',
    ]);
  });

  it('refuses non-JSON posts (no cross-site form posts) and unknown merchant routes', async () => {
    const form = await t.demo('/merchant/charges', {
      body: 'amount=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    const unknown = await t.demo('/merchant/refunds');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ statusCode: 404 });
  });

  it('the request log leaves out the QA panel polling the webhook list', async () => {
    await t.demo('/merchant/webhooks');
    await t.demo('/merchant/charges/ch_nope');
    const demoLines = logLines.filter((line) => line.startsWith('demo '));
    expect(
      demoLines.some((line) => line.startsWith('demo GET /merchant/charges/ch_nope 404')),
    ).toBe(true);
    expect(demoLines.some((line) => line.startsWith('demo GET /merchant/webhooks'))).toBe(false);
  });

  it('the receiver stores deliveries, newest last, and can be told to fail (to watch retries)', async () => {
    // The earlier tests' events are sent by the queue in the background: let them arrive first.
    await t.sandbox.webhooks.idle();
    const before = (await t.demo<unknown[]>('/merchant/webhooks')).body.length;
    const knob = await t.demo('/merchant/webhooks/failures', { body: { count: 2 } });
    expect(knob.body).toEqual({ failNext: 2 });
    const created = await t.demo('/merchant/charges', { body: chargeBody() });
    const id = created.body.id as string;
    const received = await until(
      async () =>
        (await t.demo<Array<{ answeredStatus: number; event: string }>>('/merchant/webhooks')).body,
      (list) => list.length >= before + 4,
    );
    expect(received.slice(before).map((w) => [w.event, w.answeredStatus])).toEqual([
      ['charge.created', 500],
      ['charge.created', 500],
      ['charge.created', 200],
      ['charge.paid', 200],
    ]);
    const attempts = (await t.secret<DeliveryAttempt[]>('/sandbox/deliveries')).body.filter(
      (d) => d.url.endsWith('/merchant/webhooks') && d.event === 'charge.created',
    );
    expect(attempts.slice(-3).map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(id).toMatch(/^ch_/);
  });
});

describe('Apple Pay (demo merchant server)', () => {
  const validationURL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';

  it('POST /merchant/apple-pay/validate answers a clearly fake merchant session', async () => {
    const reply = await t.demo('/merchant/apple-pay/validate', { body: { validationURL } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      sandbox: 'FAKE merchant session: the sandbox does not call Apple',
      merchantIdentifier: 'SANDBOX.FAKE.MERCHANT.ID',
      displayName: 'Sandbox Shop',
      domainName: new URL(t.sandbox.demoUrl).hostname,
      signature: 'FAKE-NOT-SIGNED-BY-APPLE',
    });
    expect(reply.body.merchantSessionIdentifier).toMatch(/^SSH_SANDBOX_FAKE_/);
    expect(reply.body.expiresAt).toBeGreaterThan(reply.body.epochTimestamp as number);
  });

  it.each([
    ['another host', 'https://apple-pay-gateway.evil.example/startSession'],
    ['a look-alike host', 'https://notapple.com/startSession'],
    ['http', 'http://apple-pay-gateway.apple.com/startSession'],
    ['no URL', undefined],
  ])('400 for %s: only Apple is ever asked', async (_, url) => {
    const reply = await t.demo('/merchant/apple-pay/validate', { body: { validationURL: url } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(reply.body.message).toContain('validationURL');
  });

  it('refuses a non-JSON post', async () => {
    const reply = await t.demo('/merchant/apple-pay/validate', {
      body: `validationURL=${validationURL}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(reply.status).toBe(415);
  });

  it('the merchant server forwards a variant C charge with the token unmodified', async () => {
    const token = { ...APPLE_PAY_TOKEN, transactionIdentifier: 'DEMO123' };
    const reply = await t.demo('/merchant/charges', {
      body: {
        cart: [{ sku: 'mug-350ml', quantity: 1 }],
        paymentMethod: {
          type: 'credit_card',
          installments: 1,
          wallet: { type: 'apple_pay', token },
        },
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'paid',
      paymentMethod: { source: 'wallet', wallet: { transactionIdentifier: 'DEMO123' } },
    });
  });
});
