// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { answerErrors } from '../../testing/openapi-answers';
import { createPlan, OTHER_SECRET, planBody } from '../../testing/plans';
import { KEYS, useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import type { Plan } from './schema';
import { SEED_PLAN_IDS } from './seed';

const t = useSandbox();

interface Page {
  data: Plan[];
  meta: { total: number; page: number; limit: number; totalPages: number };
}
const PATH = '/v1/subscription-plans';
const badRequest = (message: string) => ({ statusCode: 400, message, error: 'Bad Request' });
const NOT_FOUND = { statusCode: 404, message: 'subscription plan not found' };

describe('POST /v1/subscription-plans', () => {
  it('201: every field of the record, the defaults filled in, conforming to /openapi.json', async () => {
    const reply = await t.secret<Plan>(PATH, { body: planBody() });
    expect(reply.status, reply.text).toBe(201);
    const plan = reply.body;
    expect(plan).toEqual({
      id: expect.stringMatching(/^plan_[0-9a-f]{24}$/),
      merchantId: IDS.lojaExemplo,
      name: 'Plano de teste',
      price: 29.9,
      currency: 'BRL',
      recurrenceType: 'monthly',
      recurrenceInterval: null,
      endDate: null,
      buyerMessage: '',
      paymentMethods: ['credit_card'],
      imageUrl: '',
      status: 'active',
      activeSubscriptionsCount: 0,
      createdAt: expect.any(String),
      updatedAt: plan.createdAt,
    });
    expect(await answerErrors(t, 'POST /v1/subscription-plans', 201, plan)).toEqual([]);
    const read = await t.secret<Plan>(`${PATH}/${plan.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(plan);
    expect(await answerErrors(t, 'GET /v1/subscription-plans/{id}', 200, read.body)).toEqual([]);
  });

  it('custom: the interval in months, an end date (kept as UTC), a message, PIX', async () => {
    const endDate = new Date(Date.now() + 90 * 86_400_000);
    const offset = `${endDate.toISOString().slice(0, 19)}-03:00`;
    const plan = await createPlan(t, {
      name: '  Trimestral  ',
      price: 1,
      recurrenceType: 'custom',
      recurrenceInterval: 24,
      endDate: offset,
      buyerMessage: 'x'.repeat(500),
      paymentMethods: ['pix', 'credit_card'],
    });
    expect(plan).toMatchObject({
      name: 'Trimestral',
      price: 1,
      recurrenceType: 'custom',
      recurrenceInterval: 24,
      endDate: new Date(`${offset}`).toISOString(),
      buyerMessage: 'x'.repeat(500),
      paymentMethods: ['pix', 'credit_card'],
    });
  });

  it('null for the optional fields is the same as absent', async () => {
    const plan = await createPlan(t, {
      recurrenceType: 'weekly',
      recurrenceInterval: null,
      endDate: null,
    });
    expect(plan).toMatchObject({
      recurrenceType: 'weekly',
      recurrenceInterval: null,
      endDate: null,
    });
  });

  it.each([
    [{ name: undefined }, 'name is required'],
    [{ name: '   ' }, 'name must not be empty'],
    [{ name: 'n'.repeat(201) }, 'name must be at most 200 characters'],
    [{ price: undefined }, 'price is required'],
    [{ price: '10' }, 'price must be a number'],
    [{ price: 0.99 }, 'price must be at least 1'],
    [{ price: 10.001 }, 'price must have at most 2 decimal places'],
    [{ price: 1_000_000_001 }, 'price must be at most 1000000000'],
    [{ currency: 'brl' }, 'currency must be an ISO 4217 currency code in capitals, e.g. BRL'],
    [{ currency: 'XYZ' }, 'currency must be an ISO 4217 currency code in capitals, e.g. BRL'],
    [{ currency: undefined }, 'currency is required'],
    [{ recurrenceType: undefined }, 'recurrenceType is required'],
    [
      { recurrenceType: 'daily' },
      'recurrenceType must be one of: "weekly", "biweekly", "monthly", "custom"',
    ],
    [{ recurrenceType: 'custom' }, 'recurrenceInterval is required when recurrenceType is custom'],
    [
      { recurrenceType: 'custom', recurrenceInterval: null },
      'recurrenceInterval is required when recurrenceType is custom',
    ],
    [{ recurrenceType: 'custom', recurrenceInterval: 0 }, 'recurrenceInterval must be at least 1'],
    [{ recurrenceType: 'custom', recurrenceInterval: 25 }, 'recurrenceInterval must be at most 24'],
    [{ recurrenceType: 'custom', recurrenceInterval: 1.5 }, 'recurrenceInterval must be an int'],
    [
      { recurrenceType: 'monthly', recurrenceInterval: 2 },
      'recurrenceInterval must be absent or null unless recurrenceType is custom',
    ],
    [{ endDate: '2030-01-01' }, 'endDate must be a valid datetime'],
    [{ buyerMessage: 'x'.repeat(501) }, 'buyerMessage must be at most 500 characters'],
    [{ paymentMethods: [] }, 'paymentMethods must contain at least 1 item(s)'],
    [{ paymentMethods: ['boleto'] }, 'paymentMethods[0] must be one of: "credit_card", "pix"'],
    [{ paymentMethods: ['pix', 'pix'] }, 'paymentMethods must not repeat a method'],
    [
      { currency: 'USD', paymentMethods: ['credit_card', 'pix'] },
      'paymentMethods may include pix only for a BRL plan',
    ],
    [{ status: 'inactive' }, 'status is not a known field'],
    [{ imageUrl: 'http://x.test/a.png' }, 'imageUrl is not a known field'],
  ])('%o → 400 naming the field, nothing created', async (overrides, message) => {
    const before = (await t.secret<Page>(PATH)).body.meta.total;
    const reply = await t.secret(PATH, { body: planBody(overrides) });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(badRequest(message));
    expect(await answerErrors(t, 'POST /v1/subscription-plans', 400, reply.body)).toEqual([]);
    expect((await t.secret<Page>(PATH)).body.meta.total).toBe(before);
  });

  it('the end date must be in the future on the merchant’s clock, not the server’s', async () => {
    const advanced = await t.api('/sandbox/clock/advance', {
      key: OTHER_SECRET,
      body: { days: 30 },
    });
    expect(advanced.status, advanced.text).toBe(200);
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const refused = await t.api(PATH, {
      key: OTHER_SECRET,
      body: planBody({ endDate: inTenDays }),
    });
    expect(refused.status).toBe(400);
    const now = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 13);
    expect(refused.body).toEqual(
      badRequest(expect.stringMatching(`^endDate must be in the future \\(now ${now}`) as never),
    );
    // Loja Exemplo's clock did not move: the same date is fine there.
    await createPlan(t, { endDate: inTenDays });
  });

  it('an end date in the past: 400 saying when now is', async () => {
    const reply = await t.secret(PATH, { body: planBody({ endDate: '2020-01-01T00:00:00Z' }) });
    expect(reply.status).toBe(400);
    expect(String(reply.body.message)).toMatch(/^endDate must be in the future \(now 20\d\d-/);
    expect(await answerErrors(t, 'POST /v1/subscription-plans', 400, reply.body)).toEqual([]);
  });

  it('credentials: none 401, a publishable key 403', async () => {
    const none = await t.api(PATH, { body: planBody() });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    const publishable = await t.api(PATH, { key: KEYS.publishable, body: planBody() });
    expect(publishable.status).toBe(403);
    expect(publishable.body).toEqual({ statusCode: 403, message: 'Forbidden' });
  });
});

describe('GET /v1/subscription-plans/{id}', () => {
  it('a seeded plan', async () => {
    const reply = await t.secret<Plan>(`${PATH}/${SEED_PLAN_IDS.quarterly}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      name: 'Revista trimestral',
      price: 120,
      recurrenceType: 'custom',
      recurrenceInterval: 3,
      endDate: '2030-12-31T23:59:59.000Z',
      paymentMethods: ['credit_card', 'pix'],
      imageUrl: '',
      status: 'active',
    });
  });

  it('unknown, or another merchant’s: the spec’s 404', async () => {
    const unknown = await t.secret(`${PATH}/plan_nope`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
    expect(await answerErrors(t, 'GET /v1/subscription-plans/{id}', 404, unknown.body)).toEqual([]);
    const other = await t.api(`${PATH}/${SEED_PLAN_IDS.subAtiva}`, { key: KEYS.secret });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(NOT_FOUND);
    const stranger = await t.api(`${PATH}/${SEED_PLAN_IDS.weekly}`, { key: OTHER_SECRET });
    expect(stranger.body).toEqual(NOT_FOUND);
    const own = await t.api<Plan>(`${PATH}/${SEED_PLAN_IDS.subAtiva}`, { key: 'sk_test_sub' });
    expect(own.body.merchantId).toBe(IDS.subAtiva);
  });
});

describe('GET /v1/subscription-plans', () => {
  it('the merchant’s own plans only, newest first, data and meta, conforming', async () => {
    const reply = await t.api<Page>(`${PATH}?limit=100`, { key: 'sk_test_sub' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      data: [expect.objectContaining({ id: SEED_PLAN_IDS.subAtiva })],
      meta: { total: 1, page: 1, limit: 100, totalPages: 1 },
    });
    expect(await answerErrors(t, 'GET /v1/subscription-plans', 200, reply.body)).toEqual([]);
    const loja = await t.secret<Page>(`${PATH}?limit=100`);
    const ids = loja.body.data.map((plan) => plan.id);
    expect(ids).not.toContain(SEED_PLAN_IDS.subAtiva);
    expect(ids).toEqual(expect.arrayContaining(Object.values(SEED_PLAN_IDS).slice(0, 4)));
    const created = loja.body.data.map((plan) => plan.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('status, page, limit, orderBy', async () => {
    const inactive = await t.secret<Page>(`${PATH}?status=inactive`);
    expect(inactive.body.data.map((plan) => plan.id)).toEqual([SEED_PLAN_IDS.inactive]);
    const byPrice = await t.secret<Page>(`${PATH}?status=active&orderBy=-price&limit=100`);
    const prices = byPrice.body.data.map((plan) => plan.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(byPrice.body.data.every((plan) => plan.status === 'active')).toBe(true);
    const total = byPrice.body.meta.total;
    const second = await t.secret<Page>(`${PATH}?status=active&orderBy=-price&limit=2&page=2`);
    expect(second.body.data.map((plan) => plan.id)).toEqual(
      byPrice.body.data.slice(2, 4).map((plan) => plan.id),
    );
    expect(second.body.meta).toEqual({
      total,
      page: 2,
      limit: 2,
      totalPages: Math.ceil(total / 2),
    });
    const past = await t.secret<Page>(`${PATH}?page=1000`);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.total).toBeGreaterThan(0);
  });

  it.each([
    ['status=paused', 'status must be one of: "active", "inactive"'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=101', 'limit must be at most 100'],
    ['page=x', 'page must be a whole number'],
    ['orderBy=color', 'orderBy has an unknown field "color"'],
  ])('?%s → 400 naming the parameter', async (query, message) => {
    const reply = await t.secret(`${PATH}?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(badRequest(expect.stringMatching(`^${message}`) as never));
    expect(await answerErrors(t, 'GET /v1/subscription-plans', 400, reply.body)).toEqual([]);
  });
});
