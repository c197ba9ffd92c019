// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../../testing/sandbox';
import { SANDBOX_MERCHANT_ID } from '../accounts/sandbox-keys';
import type { Card } from '../kernel/wire-types';
import { PAYMENT_METHODS } from '../payment-methods/rules';

const t = useSandbox();

const newCard = (overrides: Record<string, unknown> = {}) => ({
  number: '5555555555554444',
  holderName: 'John Smith',
  expirationMonth: '07',
  expirationYear: '2031',
  ...overrides,
});

const register = (body: unknown) => t.secret('/v1/cards', { body });

const CARD_KEYS = [
  'brand',
  'createdAt',
  'expirationMonth',
  'expirationYear',
  'id',
  'maskedNumber',
  'status',
  'token',
];

describe('POST /v1/cards', () => {
  it('without validation: an active card record, exactly the spec fields', async () => {
    const reply = await register(newCard({ customerId: 'cus_sandbox_john' }));
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body).sort()).toEqual(CARD_KEYS);
    expect(reply.body).toMatchObject({
      id: expect.stringMatching(/^card_/),
      token: expect.stringMatching(/^tok_/),
      maskedNumber: '555555******4444',
      brand: 'mastercard',
      expirationMonth: '07',
      expirationYear: '2031',
      status: 'active',
    });
    expect(reply.text).not.toContain('5555555555554444');
  });

  it('with validateCard: pending_validation and a validation amount up to 2.00 BRL', async () => {
    const reply = await register(newCard({ validateCard: true }));
    expect(reply.body.status).toBe('pending_validation');
    const amount = reply.body.validationAmount as string;
    expect(amount).toMatch(/^\d\.\d\d$/);
    expect(Number(amount)).toBeGreaterThanOrEqual(0.01);
    expect(Number(amount)).toBeLessThanOrEqual(2);
    const qa = await t.secret(`/sandbox/cards/${reply.body.id as string}/validation-amount`);
    expect(qa.body).toEqual({
      id: reply.body.id,
      status: 'pending_validation',
      validationAmount: amount,
      currency: 'BRL',
    });
  });

  it.each([
    [{ number: '1234' }, 'number must be 12 to 19 digits, without spaces, and pass the Luhn check'],
    [{ expirationMonth: '7' }, 'expirationMonth must be exactly 2 characters'],
    [{ expirationYear: '31' }, 'expirationYear must be exactly 4 characters'],
    [{ holderName: undefined }, 'holderName is required'],
    [{ validateCard: 'yes' }, 'validateCard must be a boolean'],
  ])('400 on %o', async (overrides, message) => {
    const reply = await register(newCard(overrides));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
  });

  it('unknown customer: 404 customer not found', async () => {
    const reply = await register(newCard({ customerId: 'cus_nope' }));
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ statusCode: 404, message: 'customer not found' });
  });
});

describe('GET /v1/cards', () => {
  it('a plain array, filtered by customerId', async () => {
    const all = await t.secret<Card[]>('/v1/cards');
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.map((card) => card.id)).toEqual(
      expect.arrayContaining([
        'card_sandbox_visa',
        'card_sandbox_challenge',
        'card_sandbox_pending',
      ]),
    );
    const ana = await t.secret<Card[]>('/v1/cards?customerId=cus_sandbox_ana');
    expect(ana.body.map((card) => card.id).sort()).toEqual([
      'card_sandbox_challenge',
      'card_sandbox_visa',
    ]);
    expect((await t.secret<Card[]>('/v1/cards?customerId=cus_nobody')).body).toEqual([]);
  });
});

describe('POST /v1/cards/{id}/activate', () => {
  const invalid = {
    statusCode: 400,
    message: 'invalid activation value or card already activated',
  };

  it('the exact amount activates once; wrong values and a second activation give 400', async () => {
    const created = await register(newCard({ validateCard: true }));
    const id = created.body.id as string;
    const amount = created.body.validationAmount as string;
    const wrong = (Number(amount) === 2 ? 1.99 : Number(amount) + 0.01).toFixed(2);
    for (const value of [wrong, 'abc', '', `${amount}1`, `-${amount}`]) {
      const reply = await t.secret(`/v1/cards/${id}/activate`, {
        body: { activationValue: value },
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual(invalid);
    }
    const ok = await t.secret(`/v1/cards/${id}/activate`, { body: { activationValue: amount } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      id,
      status: 'active',
      message: expect.stringContaining('activated'),
    });
    const again = await t.secret(`/v1/cards/${id}/activate`, { body: { activationValue: amount } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(invalid);
    const listed = await t.secret<Card[]>('/v1/cards');
    expect(listed.body.find((card) => card.id === id)?.status).toBe('active');
  });

  it('the seeded pending card activates with 1.23, and 1.230 is not a two-place decimal', async () => {
    expect(
      (await t.secret('/sandbox/cards/card_sandbox_pending/validation-amount')).body
        .validationAmount,
    ).toBe('1.23');
    const padded = await t.secret('/v1/cards/card_sandbox_pending/activate', {
      body: { activationValue: '1.230' },
    });
    expect(padded.status).toBe(400);
    const ok = await t.secret('/v1/cards/card_sandbox_pending/activate', {
      body: { activationValue: '1.23' },
    });
    expect(ok.status).toBe(200);
  });

  it('a card registered without validation is already active: 400', async () => {
    const reply = await t.secret('/v1/cards/card_sandbox_visa/activate', {
      body: { activationValue: '1.00' },
    });
    expect(reply.body).toEqual(invalid);
  });

  it('activationValue must be a string; unknown card: 404', async () => {
    const numeric = await t.secret('/v1/cards/card_sandbox_visa/activate', {
      body: { activationValue: 1.37 },
    });
    expect(numeric.body).toEqual({
      statusCode: 400,
      message: 'activationValue must be a string with an exact decimal, e.g. "1.37"',
      error: 'Bad Request',
    });
    const unknown = await t.secret('/v1/cards/card_nope/activate', {
      body: { activationValue: '1.00' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: 'card not found' });
  });
});

describe('DELETE /v1/cards/{id}', () => {
  it('deletes, then the card is gone (404 card not found)', async () => {
    const created = await register(newCard());
    const id = created.body.id as string;
    const deleted = await t.secret(`/v1/cards/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id, deleted: true, message: 'card deleted' });
    const again = await t.secret(`/v1/cards/${id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ statusCode: 404, message: 'card not found' });
    expect((await t.secret(`/sandbox/cards/${id}/validation-amount`)).status).toBe(404);
  });
});

describe('customers', () => {
  type Page = {
    data: Array<{ id: string; email: string }>;
    meta: { total: number; page: number; limit: number; totalPages: number };
  };

  it('lists with the spec envelope; page starts at 1', async () => {
    const reply = await t.secret<Page>('/v1/customers?limit=2');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toHaveLength(2);
    expect(reply.body.meta).toEqual({
      total: reply.body.meta.total,
      page: 1,
      limit: 2,
      totalPages: Math.ceil(reply.body.meta.total / 2),
    });
    expect(reply.body.meta.total).toBeGreaterThanOrEqual(4);
    const second = await t.secret<Page>('/v1/customers?limit=2&page=2');
    expect(second.body.data[0]?.id).not.toBe(reply.body.data[0]?.id);
    const past = await t.secret<Page>('/v1/customers?limit=2&page=99');
    expect(past.body.data).toEqual([]);
  });

  it('filters by search (name, e-mail, document, phone), exact e-mail and document', async () => {
    const ids = async (query: string) =>
      (await t.secret<Page>(`/v1/customers?${query}`)).body.data.map((c) => c.id);
    expect(await ids('search=souza')).toEqual(['cus_sandbox_ana']);
    expect(await ids('search=ACME.EXAMPLE')).toEqual(['cus_sandbox_acme']);
    expect(await ids('search=4155550100')).toEqual(['cus_sandbox_john']);
    expect(await ids('search=52998224725')).toEqual(['cus_sandbox_ana']);
    expect(await ids('email=JOHN.SMITH@example.com')).toEqual(['cus_sandbox_john']);
    expect(await ids('email=john')).toEqual([]);
    expect(await ids('document=11222333000181')).toEqual(['cus_sandbox_acme']);
    expect(await ids('search=zzzz')).toEqual([]);
  });

  it.each([
    ['page=0', 'page must be at least 1'],
    ['page=x', 'page must be a whole number'],
    ['limit=101', 'limit must be at most 100'],
  ])('400 on %s', async (query, message) => {
    const reply = await t.secret(`/v1/customers?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
  });

  it('GET /v1/customers/{id}: the record, or 404 customer not found', async () => {
    const ana = await t.secret('/v1/customers/cus_sandbox_ana');
    expect(Object.keys(ana.body).sort()).toEqual([
      'createdAt',
      'documentId',
      'documentType',
      'email',
      'gatewayId',
      'id',
      'name',
      'phoneNumber',
      'updatedAt',
    ]);
    const missing = await t.secret('/v1/customers/cus_nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, message: 'customer not found' });
  });
});

describe('GET /v1/payment-methods', () => {
  type Method = {
    id: string;
    name: string;
    countries: string[];
    currencies: string[];
    description: string;
  };

  it('the whole catalogue as a plain array', async () => {
    const reply = await t.secret<Method[]>('/v1/payment-methods');
    expect(reply.body).toHaveLength(PAYMENT_METHODS.length);
    for (const method of reply.body) {
      expect(Object.keys(method).sort()).toEqual([
        'countries',
        'currencies',
        'description',
        'id',
        'name',
      ]);
    }
  });

  it('filters by currency and merchantId', async () => {
    const mxn = await t.secret<Method[]>('/v1/payment-methods?currency=MXN');
    expect(mxn.body.map((m) => m.name).sort()).toEqual(['apple_pay', 'credit_card', 'oxxo']);
    const own = await t.secret<Method[]>(
      `/v1/payment-methods?merchantId=${SANDBOX_MERCHANT_ID}&currency=BRL`,
    );
    expect(own.body.map((m) => m.name)).toContain('pix');
    const other = await t.secret<Method[]>('/v1/payment-methods?merchantId=mer_other');
    expect(other.body).toEqual([]);
    const bad = await t.secret('/v1/payment-methods?currency=brl');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('currency must be an ISO 4217 currency code in capitals');
  });
});

describe('GET /sandbox/cards/{id}/validation-amount: its merchant’s secret key only', () => {
  it('no key 401, a publishable key 403, another merchant’s key the same 404 as an unknown card', async () => {
    const path = '/sandbox/cards/card_sandbox_pending/validation-amount';
    expect((await t.api(path)).status).toBe(401);
    expect((await t.api(path, { key: 'pk_test_sandbox' })).status).toBe(403);
    const other = await t.api(path, { key: 'sk_test_noconnect' });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ statusCode: 404, message: 'card not found' });
    // Its own merchant reads it (an earlier test may have activated the card since).
    expect((await t.secret(path)).body).toMatchObject({ id: 'card_sandbox_pending' });
  });
});
