import type { Customer } from '../customers/schema';
import { fromCents } from '../kernel/db/money';
import type { ChallengeResult } from '../kernel/wire-types';
import type { PixCode } from '../pix/schema';
import type { Charge, ChargeStatus, NextAction, PaymentMethodSummary } from './charge';
import type { ChargeItem } from './schema';

/** The charge as it leaves the service: an HTTP answer's body, an event's `data`. */
export interface ChargeWire {
  id: string;
  amount: number;
  currency: string;
  status: ChargeStatus;
  livemode: false;
  customer: Customer;
  paymentMethod: PaymentMethodSummary;
  items: ChargeItem[];
  threeDS?: ChallengeResult;
  nextAction?: NextAction;
  pix?: PixCode;
  failureReason?: string;
  postbackUrl?: string;
  createdAt: string;
  updatedAt: string;
  paidAt?: string;
  refundedAt?: string;
}

/**
 * The charge's JSON: its amount as a decimal of the currency, its times as ISO strings. Members
 * come in the record's own order, which is the order the answers and events have always shown
 * (a new charge lists what its outcome set, e.g. `threeDS`, after its times), so the bytes stay
 * the same.
 */
export function chargeWire(charge: Charge): ChargeWire {
  const wire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(charge)) {
    if (value === undefined) continue;
    if (key === 'amountCents') wire.amount = fromCents(charge.amountCents);
    else if (key === 'pix' && charge.pix !== undefined) {
      wire.pix = { qrCode: charge.pix.qrCode, expiresAt: charge.pix.expiresAt.toISOString() };
    } else wire[key] = value instanceof Date ? value.toISOString() : value;
  }
  return wire as unknown as ChargeWire;
}
