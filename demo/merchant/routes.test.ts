// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BROWSER, rawCard } from '../testing/charges';
import { useSandbox } from '../testing/sandbox';
import { API_LOG_SIZE, type ApiLogEntry, redact } from './api-log';

const t = useSandbox();

const PAN = '4000000000000010';
const CVV = '987';
const paymentMethod = (overrides: Record<string, unknown> = {}) =>
  rawCard({ number: PAN, cvv: CVV, ...overrides });

interface Charge {
  message?: string;
  id: string;
  status: string;
  amount: number;
  currency: string;
  items: Array<Record<string, unknown>>;
  customer: { id: string; name: string; email: string; documentId: string };
  postbackUrl: string;
}

const pay = (body: unknown) => t.demo<Charge>('/merchant/charges', { body });
const apiLog = async () => (await t.demo<ApiLogEntry[]>('/merchant/api-log')).body;

describe('GET /merchant/catalogue', () => {
  it('lists the products with SKU, name, type and unit price in BRL', async () => {
    const reply = await t.demo<{
      currency: string;
      products: Array<{ sku: string; type: string; unitPrice: number }>;
    }>('/merchant/catalogue');
    expect(reply.status).toBe(200);
    expect(reply.body.currency).toBe('BRL');
    expect(reply.body.products).toContainEqual({
      sku: 'mug-350ml',
      name: 'Ceramic mug, 350 ml',
      description: 'Stoneware, dishwasher safe',
      type: 'physical',
      unitPrice: 120.5,
    });
    expect(new Set(reply.body.products.map((p) => p.type))).toEqual(
      new Set(['physical', 'digital', 'service']),
    );
    expect(reply.body.products.every((p) => !('unitPriceCents' in p))).toBe(true);
  });
});

describe('POST /merchant/charges prices the cart from the catalogue', () => {
  it('amount and items come from the server, in exact cents', async () => {
    const reply = await pay({
      cart: [
        { sku: 'dripper-sand', quantity: 1 },
        { sku: 'beans-250g', quantity: 2 },
        { sku: 'brewing-guide', quantity: 3 },
        { sku: 'shipping-standard', quantity: 1 },
      ],
      paymentMethod: paymentMethod(),
    });
    expect(reply.status).toBe(201);
    // 89.90 + 2 × 42.00 + 3 × 19.90 + 12.00: 245.60, where floats would give 245.59999…
    expect(reply.body).toMatchObject({ status: 'paid', amount: 245.6, currency: 'BRL' });
    expect(reply.body.items).toEqual([
      {
        type: 'physical',
        name: 'Ceramic pour-over dripper',
        description: 'Sand glaze',
        quantity: 1,
        amount: 89.9,
      },
      {
        type: 'physical',
        name: 'Single-origin beans, 250 g',
        description: 'Mantiqueira de Minas',
        quantity: 2,
        amount: 42,
      },
      {
        type: 'digital',
        name: 'Home brewing guide (e-book)',
        description: 'PDF, 48 pages',
        quantity: 3,
        amount: 19.9,
      },
      {
        type: 'service',
        name: 'Shipping',
        description: 'Standard, 3–5 business days',
        quantity: 1,
        amount: 12,
      },
    ]);
    expect(reply.body.postbackUrl).toBe(`${t.sandbox.demoUrl}/merchant/webhooks`);
  });

  it('a page cannot change the price: amount, currency and items in the body are ignored', async () => {
    const reply = await pay({
      cart: [{ sku: 'mug-350ml', quantity: 2 }],
      amount: 1,
      currency: 'USD',
      items: [{ type: 'physical', name: 'Ceramic mug, 350 ml', quantity: 2, amount: 0.5 }],
      postbackUrl: 'http://127.0.0.1:1/elsewhere',
      paymentMethod: paymentMethod(),
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ amount: 241, currency: 'BRL' });
    expect(reply.body.items).toEqual([
      expect.objectContaining({ name: 'Ceramic mug, 350 ml', quantity: 2, amount: 120.5 }),
    ]);
    expect(reply.body.postbackUrl).toBe(`${t.sandbox.demoUrl}/merchant/webhooks`);
    const sent = (await apiLog()).at(-1);
    expect(sent?.body).toMatchObject({ amount: 241, currency: 'BRL' });
  });

  it.each([
    [[{ sku: 'yacht', quantity: 1 }], 'cart[0].sku "yacht" is not in the catalogue'],
    [
      [
        { sku: 'mug-350ml', quantity: 1 },
        { sku: 'nope', quantity: 1 },
      ],
      'cart[1].sku "nope" is not in the catalogue',
    ],
    [[{ sku: 'mug-350ml', quantity: 0 }], 'cart[0].quantity must be a whole number from 1 to 99'],
    [[{ sku: 'mug-350ml', quantity: 1.5 }], 'cart[0].quantity must be a whole number from 1 to 99'],
    [[{ sku: 'mug-350ml', quantity: 100 }], 'cart[0].quantity must be a whole number from 1 to 99'],
    [[{ sku: 'mug-350ml', quantity: '2' }], 'cart[0].quantity must be a whole number from 1 to 99'],
    [[{ sku: 'mug-350ml', quantity: -3 }], 'cart[0].quantity must be a whole number from 1 to 99'],
    [
      [
        { sku: 'mug-350ml', quantity: 1 },
        { sku: 'mug-350ml', quantity: 2 },
      ],
      'cart[1].sku "mug-350ml" is already in cart[0]: one line per product',
    ],
    [[], 'cart must contain at least 1 item(s)'],
    [undefined, 'cart is required'],
  ])('400 naming the line at fault: %j', async (cart, message) => {
    const before = (await apiLog()).length;
    const reply = await pay({ cart, paymentMethod: paymentMethod() });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
    // Nothing was sent to the API.
    expect((await apiLog()).length).toBe(before);
  });

  it('400 without a paymentMethod object', async () => {
    const reply = await pay({ cart: [{ sku: 'mug-350ml', quantity: 1 }] });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('paymentMethod is required');
  });
});

describe('the customer, inline', () => {
  it('without customer fields: the signed-in shopper Ana Souza (name, e-mail, CPF, BRA)', async () => {
    const reply = await pay({
      cart: [{ sku: 'brewing-guide', quantity: 1 }],
      paymentMethod: paymentMethod(),
    });
    expect(reply.body.customer).toMatchObject({
      id: 'cus_sandbox_ana',
      name: 'Ana Souza',
      email: 'ana.souza@example.com',
      documentId: '52998224725',
      documentType: 'cpf',
    });
    const sent = (await apiLog()).at(-1)?.body as { customer: unknown };
    expect(sent.customer).toEqual({
      name: 'Ana Souza',
      email: 'ana.souza@example.com',
      phone: '+5511987654321',
      document: { type: 'cpf', id: '52998224725' },
      address: { country: 'BRA' },
    });
  });

  it("the shopper's own fields make a guest customer; a customer id from the page is dropped", async () => {
    const reply = await pay({
      cart: [{ sku: 'brewing-guide', quantity: 1 }],
      customer: { id: 'cus_sandbox_john', name: 'Bia Lima', email: 'bia.lima@example.com' },
      paymentMethod: paymentMethod(),
    });
    expect(reply.status).toBe(201);
    expect(reply.body.customer).toMatchObject({ name: 'Bia Lima', email: 'bia.lima@example.com' });
    expect(reply.body.customer.id).not.toBe('cus_sandbox_john');
    const sent = (await apiLog()).at(-1)?.body as { customer: unknown };
    expect(sent.customer).toEqual({
      name: 'Bia Lima',
      email: 'bia.lima@example.com',
      address: { country: 'BRA' },
    });
  });

  it("the widget's customer fields, an alphanumeric CNPJ included, reach the API as typed", async () => {
    const customer = {
      name: 'Bia Lima Ltda',
      email: 'bia.lima@example.com',
      document: { type: 'cnpj', id: '12ABC34501DE35' },
    };
    const reply = await pay({
      cart: [{ sku: 'brewing-guide', quantity: 1 }],
      customer,
      paymentMethod: paymentMethod(),
    });
    expect(reply.status).toBe(201);
    const sent = (await apiLog()).at(-1)?.body as { customer: unknown };
    expect(sent.customer).toEqual({ ...customer, address: { country: 'BRA' } });
  });

  it("the API judges the shopper's fields: no name → its 400, passed through", async () => {
    const reply = await pay({
      cart: [{ sku: 'brewing-guide', quantity: 1 }],
      customer: { email: 'someone@example.com' },
      paymentMethod: paymentMethod(),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('customer.name');
  });
});

describe('GET /merchant/api-log: what the merchant server sent', () => {
  it('records method, path, redacted body and status; the PAN and CVV never appear', async () => {
    const created = await pay({
      cart: [{ sku: 'mug-350ml', quantity: 1 }],
      paymentMethod: paymentMethod({ threeDSMode: 'managed', browser: BROWSER }),
    });
    expect(created.body.status).toBe('authentication_required');
    const id = created.body.id;
    await t.demo(`/merchant/charges/${id}/resume-3ds`, { method: 'POST', body: {} });
    const reply = await t.demo<ApiLogEntry[]>('/merchant/api-log');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.text).not.toContain(PAN);
    expect(reply.text).not.toContain(`"${CVV}"`);
    const [charge, resume] = reply.body.slice(-2);
    expect(charge).toMatchObject({
      method: 'POST',
      path: '/v1/charges',
      status: 201,
      chargeId: id,
      body: {
        amount: 120.5,
        paymentMethod: { number: '****0010', cvv: '***', threeDSMode: 'managed' },
      },
    });
    expect(resume).toMatchObject({
      method: 'POST',
      path: `/v1/charges/${id}/resume-3ds`,
      status: 200,
      chargeId: id,
    });
    expect((resume?.seq ?? 0) - (charge?.seq ?? 0)).toBe(1);
    expect(Date.parse(resume?.at ?? '')).toBeGreaterThan(0);
  });

  it('records refused calls with the API status, and GETs without a body', async () => {
    await t.demo('/merchant/charges/ch_nope');
    expect((await apiLog()).at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/charges/ch_nope',
      status: 404,
    });
    expect((await apiLog()).at(-1)).not.toHaveProperty('body');
  });

  it('names the fault rule that answered (its Sandbox-Fault header), and only then', async () => {
    const rule = await t.secret('/sandbox/faults', {
      body: { method: 'GET', path: '/v1/charges/*', action: { status: 500 }, times: 1 },
    });
    try {
      expect(rule.status).toBe(201);
      expect((await t.demo('/merchant/charges/ch_faulted')).status).toBe(500);
      expect((await apiLog()).at(-1)).toMatchObject({
        path: '/v1/charges/ch_faulted',
        status: 500,
        faultId: rule.body.id,
      });
      // Its one time used: the operation answers again, and no fault is named.
      expect((await t.demo('/merchant/charges/ch_faulted')).status).toBe(404);
      expect((await apiLog()).at(-1)).not.toHaveProperty('faultId');
    } finally {
      await t.secret('/sandbox/faults', { method: 'DELETE' });
    }
  });

  it(`keeps the newest ${API_LOG_SIZE} entries`, async () => {
    for (let n = 0; n < API_LOG_SIZE + 5; n++) await t.demo(`/merchant/charges/ch_${n}`);
    const log = await apiLog();
    expect(log).toHaveLength(API_LOG_SIZE);
    expect(log.at(-1)?.path).toBe(`/v1/charges/ch_${API_LOG_SIZE + 4}`);
    expect(log[0]?.path).toBe('/v1/charges/ch_5');
  });

  it('redact: every number to its last 4 digits, every cvv to ***, nothing else changed', () => {
    const body = {
      amount: 10,
      paymentMethod: { number: '4111 1111 1111 1111', cvv: '1234', holderName: 'A' },
      nested: [{ number: 42, cvv: null }],
    };
    expect(redact(body)).toEqual({
      amount: 10,
      paymentMethod: { number: '****1111', cvv: '***', holderName: 'A' },
      nested: [{ number: '****', cvv: '***' }],
    });
    expect(body.paymentMethod.number).toBe('4111 1111 1111 1111');
  });
});

describe('GET and PUT /merchant/latency: the demo merchant’s own latency, with its key', () => {
  it('sets and reads it through the API as the demo merchant; the API judges the body', async () => {
    try {
      const set = await t.demo('/merchant/latency', { method: 'PUT', body: { ms: 15 } });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ ms: 15 });
      expect((await t.demo('/merchant/latency')).body).toEqual({ ms: 15 });
      // The demo merchant's, as the API reads it with that merchant's secret key.
      expect((await t.secret('/sandbox/latency')).body).toEqual({ ms: 15 });
      const refused = await t.demo('/merchant/latency', { method: 'PUT', body: { ms: -1 } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(refused.body.message).toMatch(/^ms /);
    } finally {
      await t.demo('/merchant/latency', { method: 'PUT', body: { ms: 0 } });
    }
    expect((await t.secret('/sandbox/latency')).body).toEqual({ ms: 0 });
  });
});
