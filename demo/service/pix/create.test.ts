// @vitest-environment node
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge, pixCharge, rawCard } from '../../testing/charges';
import { countRows } from '../../testing/database';
import { answerErrors } from '../../testing/openapi-answers';
import { EventReceiver } from '../../testing/receiver';
import { KEYS, useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS } from '../accounts/seed';
import type { ChargeWire } from '../charges/wire';
import { txidOf } from './br-code';
import { evpKeyOf } from './payee';

/** A charge, or the error body instead. */
type Answer = ChargeWire & { message?: string };

const t = useSandbox({ pixSweepMs: 0 });
const receiver = new EventReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

const create = (body: unknown, key: string = KEYS.secret) =>
  t.api<Answer>('/v1/charges', { key, body });

const pixOf = (charge: ChargeWire) => {
  const parsed = parsePix(charge.pix?.qrCode ?? '');
  if (hasError(parsed) || !isStaticPix(parsed)) throw new Error(`not a pix code: ${charge.pix}`);
  return parsed;
};

const seconds = (charge: ChargeWire) =>
  (Date.parse(charge.pix?.expiresAt ?? '') - Date.parse(charge.createdAt)) / 1000;

describe('POST /v1/charges with paymentMethod { type: "pix" }', () => {
  it('201 pending with pix { qrCode, expiresAt } (default: 1 hour), as documented', async () => {
    const before = Date.now();
    const reply = await create(pixCharge());
    expect(reply.status, reply.text).toBe(201);
    const created = reply.body;
    expect(created).toMatchObject({
      id: expect.stringMatching(/^ch_/),
      amount: 120.5,
      currency: 'BRL',
      status: 'pending',
      livemode: false,
      paymentMethod: { type: 'pix', expiresInSeconds: 3600 },
      pix: { qrCode: expect.any(String), expiresAt: expect.any(String) },
    });
    expect(Object.keys(created)).not.toContain('paidAt');
    expect(Object.keys(created)).not.toContain('threeDS');
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before);
    expect(seconds(created)).toBe(3600);
    expect(created.pix?.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await answerErrors(t, 'POST /v1/charges', 201, created)).toEqual([]);

    const read = await t.secret<ChargeWire>(`/v1/charges/${created.id}`);
    expect(read.body).toEqual(created);
    expect(await answerErrors(t, 'GET /v1/charges/{id}', 200, read.body)).toEqual([]);
  });

  it('the qrCode is a valid BR Code: the merchant’s CNPJ, the amount, its name, the city, a txid from the charge id', async () => {
    const { body } = await create(pixCharge({}, { amount: 1999.9 }));
    const pix = pixOf(body);
    expect(pix).toMatchObject({
      pixKey: '12345678000195',
      transactionAmount: 1999.9,
      merchantName: 'LOJA EXEMPLO',
      merchantCity: 'SAO PAULO',
      txid: txidOf(body.id),
      transactionCurrency: '986',
      countryCode: 'BR',
    });
    expect(body.pix?.qrCode).toContain('54071999.90');
    expect(body.id).toBe(`ch_${pix.txid}`);
    // The smallest amount the API takes, and cents that floating point would get wrong.
    for (const amount of [1, 0.1 + 0.2 + 1, 10.07]) {
      const reply = await create(pixCharge({}, { amount: Math.round(amount * 100) / 100 }));
      expect(reply.status, reply.text).toBe(201);
      expect(pixOf(reply.body).transactionAmount).toBe(Math.round(amount * 100) / 100);
    }
  });

  it('a merchant without a valid CNPJ pays to a stable EVP key of its own', async () => {
    const db = t.sandbox.database.db;
    const merchant = SEED_MERCHANT_IDS.subDaOutra;
    await db
      .updateTable('merchants')
      .set({ company_tax_id: '' })
      .where('id', '=', merchant)
      .execute();
    try {
      const first = await create(pixCharge(), 'sk_test_other_sub');
      const second = await create(pixCharge(), 'sk_test_other_sub');
      expect(first.status, first.text).toBe(201);
      expect(pixOf(first.body).pixKey).toBe(evpKeyOf(merchant));
      expect(pixOf(second.body).pixKey).toBe(evpKeyOf(merchant));
      expect(pixOf(first.body).merchantName).toBe('SUB DA OUTRA');
    } finally {
      await db
        .updateTable('merchants')
        .set({ company_tax_id: '89012345000179' })
        .where('id', '=', merchant)
        .execute();
    }
  });

  it('expiresInSeconds: 60 to 86400, whole seconds', async () => {
    for (const expiresInSeconds of [60, 61, 86_400]) {
      const reply = await create(pixCharge({ expiresInSeconds }));
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.paymentMethod).toEqual({ type: 'pix', expiresInSeconds });
      expect(seconds(reply.body)).toBe(expiresInSeconds);
    }
    for (const [expiresInSeconds, message] of [
      [59, 'paymentMethod.expiresInSeconds must be at least 60'],
      [86_401, 'paymentMethod.expiresInSeconds must be at most 86400'],
      [0, 'paymentMethod.expiresInSeconds must be at least 60'],
      [90.5, 'paymentMethod.expiresInSeconds must be a whole number'],
      ['3600', 'paymentMethod.expiresInSeconds must be a number'],
      [null, 'paymentMethod.expiresInSeconds must be a number'],
    ] as const) {
      const reply = await create(pixCharge({ expiresInSeconds }));
      expect(reply.status, String(expiresInSeconds)).toBe(400);
      expect(reply.body).toEqual({ statusCode: 400, error: 'Bad Request', message });
    }
  });

  it('400 naming what is wrong, and nothing is created: currency, card options, unknown fields', async () => {
    const db = t.sandbox.database.db;
    const [charges, events, customers] = await Promise.all([
      countRows(db, 'charges'),
      countRows(db, 'events'),
      countRows(db, 'customers'),
    ]);
    const newShopper = { customer: { name: 'Nobody', email: 'refused-pix@example.com' } };
    const cases: Array<[unknown, string]> = [
      [pixCharge({}, { currency: 'USD', ...newShopper }), 'currency must be BRL for a pix charge'],
      [
        pixCharge({ installments: 2 }, newShopper),
        'paymentMethod.installments is a card option; a pix payment method takes only type and expiresInSeconds',
      ],
      [
        pixCharge({ threeDSMode: 'managed' }, newShopper),
        'paymentMethod.threeDSMode is a card option',
      ],
      [
        pixCharge({ cvv: '123', number: '4111111111111111' }, newShopper),
        'paymentMethod.number is a card option',
      ],
      [pixCharge({ cvv: '123' }, newShopper), 'paymentMethod.cvv is a card option'],
      [pixCharge({ threeDS: {} }, newShopper), 'paymentMethod.threeDS is a card option'],
      [
        pixCharge({ expiresAt: '2030-01-01T00:00:00.000Z' }, newShopper),
        'paymentMethod.expiresAt is not a known field; a pix payment method takes only type and expiresInSeconds',
      ],
      [
        pixCharge({}, { amount: 10_000_000_000, ...newShopper }),
        'amount must be at most 9999999999.99 for a pix charge',
      ],
      [
        pixCharge({}, { amount: 10.001, ...newShopper }),
        'amount must have at most two decimal places',
      ],
      [pixCharge({}, { amount: 0.5, ...newShopper }), 'amount must be at least 1'],
    ];
    for (const [body, message] of cases) {
      const reply = await create(body);
      expect(reply.status, message).toBe(400);
      expect(reply.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(reply.body.message as unknown as string).toContain(message);
      expect(await answerErrors(t, 'POST /v1/charges', 400, reply.body)).toEqual([]);
    }
    // Two faults at once: both named.
    const both = await create(pixCharge({ installments: 1, expiresInSeconds: 5 }, newShopper));
    expect(both.body.message).toBe(
      'paymentMethod.installments is a card option; a pix payment method takes only type and expiresInSeconds; paymentMethod.expiresInSeconds must be at least 60',
    );
    expect(await countRows(db, 'charges')).toBe(charges);
    expect(await countRows(db, 'events')).toBe(events);
    expect(await countRows(db, 'customers')).toBe(customers);
  });

  it('a card payment method without `type: "pix"` is still a card (the variants do not mix)', async () => {
    const card = await create(charge({ paymentMethod: rawCard() }));
    expect(card.body).toMatchObject({ status: 'paid', paymentMethod: { type: 'credit_card' } });
    expect(card.body).not.toHaveProperty('pix');
    const wrongType = await create(charge({ paymentMethod: { type: 'boleto' } }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('paymentMethod.type must be');
  });

  it('charge.created then charge.pending: stored, and to the postbackUrl in that order, without the code', async () => {
    receiver.reset();
    const { body } = await create(pixCharge({}, { postbackUrl: receiver.url }));
    const stored = await t.secret<{ data: Array<{ event: string; data: ChargeWire }> }>(
      `/sandbox/events?resourceId=${body.id}&orderBy=createdAt`,
    );
    expect(stored.body.data.map((e) => [e.event, e.data.status])).toEqual([
      ['charge.created', 'pending'],
      ['charge.pending', 'pending'],
    ]);
    const received = await receiver.distinctEventsOf(body.id, 2);
    expect(received.map((e) => e.event)).toEqual(['charge.created', 'charge.pending']);
    // The code and its expiry are in the creation's answer only, never in an event.
    const { pix: _code, ...withoutCode } = body;
    expect(received[1]).toMatchObject({ livemode: false, data: withoutCode });
    for (const event of [...received, ...stored.body.data])
      expect(event.data).not.toHaveProperty('pix');
  });

  it('GET /v1/payment-methods lists pix beside credit_card, for BRL', async () => {
    const all =
      await t.secret<Array<{ name: string; currencies: string[] }>>('/v1/payment-methods');
    expect(all.body.map((m) => m.name).slice(0, 2)).toEqual(['credit_card', 'pix']);
    const brl = await t.secret<Array<{ name: string }>>('/v1/payment-methods?currency=BRL');
    expect(brl.body.map((m) => m.name)).toContain('pix');
    const usd = await t.secret<Array<{ name: string }>>('/v1/payment-methods?currency=USD');
    expect(usd.body.map((m) => m.name)).not.toContain('pix');
  });

  it('/openapi.json documents the pix variant, the pix object and the new statuses', async () => {
    type Json = Record<string, unknown>;
    const doc = (await t.api<Json>('/openapi.json')).body as {
      paths: Record<string, Record<string, Json>>;
    };
    const text = JSON.stringify(doc.paths['/v1/charges']);
    expect(text).toContain('"expiresInSeconds"');
    expect(text).toContain('"pending"');
    expect(text).toContain('"expired"');
    expect(text).toContain('"qrCode"');
    expect(doc.paths['/sandbox/charges/{id}/pix/pay']?.post).toBeDefined();
  });
});
