// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BROWSER, charge, DENIED_CARD, rawCard, threeDsFor } from '../../testing/charges';
import { useSandbox } from '../../testing/sandbox';

const t = useSandbox();
const create = (body: unknown) => t.secret('/v1/charges', { body });

describe('POST /v1/charges: raw card (variant A)', () => {
  it('201 with the charge record, never the number or the CVV', async () => {
    const reply = await create(charge());
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      id: expect.stringMatching(/^ch_[0-9a-f]{24}$/),
      amount: 120.5,
      currency: 'BRL',
      status: 'paid',
      livemode: false,
      customer: {
        id: expect.stringMatching(/^cus_/),
        name: 'Test Buyer',
        email: 'buyer@example.com',
      },
      paymentMethod: {
        type: 'credit_card',
        source: 'card',
        brand: 'visa',
        last4: '1111',
        installments: 1,
        holderName: 'Ana Souza',
        expirationMonth: '12',
        expirationYear: '2030',
      },
      items: [{ type: 'physical', name: 'Mug', quantity: 1, amount: 120.5 }],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      paidAt: expect.any(String),
    });
    expect(reply.text).not.toContain('4111111111111111');
    expect(reply.text).not.toContain('"cvv"');
    expect(reply.body).not.toHaveProperty('nextAction');
    const again = await t.secret(`/v1/charges/${reply.body.id as string}`);
    expect(again.body).toEqual(reply.body);
  });

  it.each([
    [{ expirationMonth: '1' }, 'paymentMethod.expirationMonth must be exactly 2 characters'],
    [{ expirationYear: '30' }, 'paymentMethod.expirationYear must be exactly 4 characters'],
    [{ cvv: '12' }, 'paymentMethod.cvv must be at least 3 characters'],
    [{ installments: 13 }, 'paymentMethod.installments must be at most 12'],
    [{ installments: 0 }, 'paymentMethod.installments must be at least 1'],
    [{ installments: 1.5 }, 'paymentMethod.installments must be an int'],
    [{ type: 'debit_card' }, 'paymentMethod.type must be one of: "credit_card"'],
    [{ number: undefined }, 'paymentMethod.number is required'],
    [
      { number: '4111111111111112' },
      'paymentMethod.number must be 12 to 19 digits, without spaces, and pass the Luhn check',
    ],
    [
      { expirationYear: '2001' },
      'paymentMethod.expirationYear is in the past: the card has expired',
    ],
    [{ expirationMonth: '00' }, 'paymentMethod.expirationMonth must be a month from 01 to 12'],
    [{ holderName: '' }, 'paymentMethod.holderName must not be empty'],
    [{ threeDSMode: 'managed' }, 'paymentMethod.browser is required when threeDSMode is managed'],
    [
      { threeDSMode: 'auto', browser: BROWSER },
      'paymentMethod.threeDSMode must be one of: "managed"',
    ],
  ])('400 on %o', async (overrides, message) => {
    const reply = await create(charge({ paymentMethod: rawCard(overrides) }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
  });

  it.each([
    [{ amount: 0.99 }, 'amount must be at least 1'],
    [{ amount: undefined }, 'amount is required'],
    [{ currency: 'REAIS' }, 'currency must be an ISO 4217 currency code in capitals, e.g. BRL'],
    [{ customer: undefined }, 'customer is required'],
    [{ paymentMethod: undefined }, 'paymentMethod is required'],
    [{ items: undefined }, 'items is required'],
    [{ items: [] }, 'items must contain at least 1 item(s)'],
    [{ items: 'mug' }, 'items must be an array'],
    [{ postbackUrl: 'ftp://127.0.0.1/x' }, 'postbackUrl must use http or https'],
  ])('400 on %o', async (overrides, message) => {
    const reply = await create(charge(overrides));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
  });

  it.each([[[{ type: 'weapon' }]], [[{ type: 'digital' }, { name: 'no type' }]], [[{ type: 3 }]]])(
    '422 on items with an invalid type: %o',
    async (items) => {
      const reply = await create(charge({ items }));
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        statusCode: 422,
        message: 'the items list contains items with invalid type',
        error: 'Unprocessable Entity',
      });
    },
  );

  it('accepts every documented item type', async () => {
    const items = ['physical', 'digital', 'service'].map((type) => ({ type }));
    expect((await create(charge({ items }))).status).toBe(201);
  });

  it('accepts caller-run threeDS values; a failed state fails the charge', async () => {
    const threeDS = await threeDsFor(t);
    const paid = await create(charge({ paymentMethod: rawCard({ threeDS }) }));
    expect(paid.body).toMatchObject({ status: 'paid', threeDS });
    const denied = await threeDsFor(t, DENIED_CARD);
    const failed = await create(
      charge({ paymentMethod: rawCard({ number: DENIED_CARD, threeDS: denied }) }),
    );
    expect(failed.body).toMatchObject({ status: 'failed', failureReason: 'three_ds_failed' });
    expect(failed.body).not.toHaveProperty('paidAt');
    const bad = await create(
      charge({ paymentMethod: rawCard({ threeDS: { ...threeDS, state: 'ok' } }) }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('paymentMethod.threeDS.state must be one of');
  });
});

describe('customer input', () => {
  it('by id: the existing record, unchanged', async () => {
    const reply = await create(charge({ customer: { id: 'cus_sandbox_ana', name: 'Other Name' } }));
    expect(reply.body.customer).toMatchObject({ id: 'cus_sandbox_ana', name: 'Ana Souza' });
  });

  it('unknown id: 404 customer not found', async () => {
    const reply = await create(charge({ customer: { id: 'cus_nope' } }));
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ statusCode: 404, message: 'customer not found' });
  });

  it('inline: created once, then looked up by e-mail or by phone', async () => {
    const first = await create(
      charge({ customer: { name: 'New One', email: 'New.One@example.com' } }),
    );
    const second = await create(
      charge({ customer: { name: 'New One', email: 'new.one@example.com' } }),
    );
    expect((second.body.customer as { id: string }).id).toBe(
      (first.body.customer as { id: string }).id,
    );
    const byPhone = await create(
      charge({ customer: { name: 'Phone Only', phone: '+5511900000001' } }),
    );
    const again = await create(
      charge({ customer: { name: 'Phone Only', phone: '+5511900000001' } }),
    );
    expect(byPhone.body.customer).toMatchObject({ phoneNumber: '+5511900000001', email: '' });
    expect((again.body.customer as { id: string }).id).toBe(
      (byPhone.body.customer as { id: string }).id,
    );
    const listed = await t.secret('/v1/customers?email=new.one@example.com');
    expect((listed.body.meta as { total: number }).total).toBe(1);
  });

  it.each([
    [{ name: 'No Contact' }, 'customer.email is required when id and phone are absent'],
    [{ email: 'x@example.com' }, 'customer.name is required when id is absent'],
    [{ name: 'A', email: 'not-an-email' }, 'customer.email must be a valid email'],
    [
      { name: 'A', email: 'a@example.com', address: { country: 'BR' } },
      'customer.address.country must be an ISO 3166-1 alpha-3 code, e.g. BRA',
    ],
  ])('400 on %o', async (customer, message) => {
    const reply = await create(charge({ customer }));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
  });
});
