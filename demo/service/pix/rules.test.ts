import { describe, expect, it } from 'vitest';
import { refusal } from '../../testing/refusal';
import type { Charge, ChargeStatus } from '../charges/charge';
import type { Customer } from '../customers/schema';
import { expirePix, expirePixNow, isPixDue, payPix, startPix } from './rules';

const AT = new Date('2025-03-01T12:00:00.000Z');
const EXPIRES = new Date('2025-03-01T13:00:00.000Z');
const payee = { key: '12345678000195', name: 'Loja', city: 'SAO PAULO' };

const pixCharge = (): Charge => {
  const charge: Charge = {
    id: 'ch_1',
    amountCents: 12050,
    currency: 'BRL',
    status: 'paid',
    livemode: false,
    customer: { id: 'cus_1' } as Customer,
    paymentMethod: { type: 'pix', expiresInSeconds: 3600 },
    items: [],
    createdAt: AT,
    updatedAt: AT,
  };
  startPix(charge, payee, 3600);
  return charge;
};

describe('a PIX charge’s life', () => {
  it('starts pending, its code expiring its seconds after its creation', () => {
    const charge = pixCharge();
    expect(charge.status).toBe('pending');
    expect(charge.pix?.expiresAt).toEqual(EXPIRES);
    expect(charge.pix?.qrCode).toContain('5406120.50');
    expect(startPix({ ...charge, pix: undefined }, payee, 60)).toEqual([
      'charge.created',
      'charge.pending',
    ]);
  });

  it('is due at its expiry on the merchant’s clock, not before', () => {
    const charge = pixCharge();
    expect(isPixDue(charge, new Date(EXPIRES.getTime() - 1))).toBe(false);
    expect(isPixDue(charge, EXPIRES)).toBe(true);
    charge.status = 'paid';
    expect(isPixDue(charge, EXPIRES)).toBe(false);
  });

  it('expires at its expiry, whenever noticed, with charge.updated', () => {
    const { charge, events } = expirePix(pixCharge());
    expect(events).toEqual(['charge.updated']);
    expect(charge).toMatchObject({ status: 'expired', updatedAt: EXPIRES });
  });

  it('is paid at now with charge.paid; QA may end its code now', () => {
    const now = new Date('2025-03-01T12:30:00.000Z');
    const paid = payPix(pixCharge(), now);
    expect(paid.events).toEqual(['charge.paid']);
    expect(paid.charge).toMatchObject({ status: 'paid', paidAt: now, updatedAt: now });
    const ended = expirePixNow(pixCharge(), now);
    expect(ended.charge).toMatchObject({
      status: 'expired',
      updatedAt: now,
      pix: { expiresAt: now },
    });
  });

  it('only a pending pix charge is paid or expired: 400 naming why', () => {
    const expired = expirePix(pixCharge()).charge;
    expect(refusal(() => payPix(expired, AT))).toMatchObject({
      statusCode: 400,
      message:
        'charge ch_1 is expired: its pix code expired at 2025-03-01T13:00:00.000Z and can no longer be paid',
    });
    const paid = pixCharge();
    paid.status = 'paid' satisfies ChargeStatus;
    expect(refusal(() => expirePixNow(paid, AT))).toMatchObject({
      message: 'charge ch_1 is not pending (status paid); only a pending pix charge can be expired',
    });
    const card = { ...pixCharge(), paymentMethod: { type: 'credit_card' } } as Charge;
    expect(refusal(() => payPix(card, AT))).toMatchObject({
      message: 'charge ch_1 is not a pix charge (its payment method is credit_card)',
    });
  });
});
