import type { Customer } from '../customers/schema';
import type { AuthenticateStatus, ChallengeResult } from '../kernel/wire-types';
import type { ChargeItem } from './schema';

/** `pending` and `expired`: a PIX charge waiting for its payment, and one that was not paid in time. */
export type ChargeStatus =
  | 'paid'
  | 'authentication_required'
  | 'pending'
  | 'expired'
  | 'failed'
  | 'refunded';

/** What a card charge shows of its payment method: never the number or the CVV. */
export interface CardSummary {
  type: 'credit_card';
  source: 'card' | 'saved_card' | 'wallet';
  brand: string;
  last4: string;
  installments: number;
  holderName?: string;
  expirationMonth?: string;
  expirationYear?: string;
  cardTokenId?: string;
  wallet?: { type: 'apple_pay'; transactionIdentifier: string };
  threeDSMode?: 'managed';
}

/** What a PIX charge shows of its payment method: the expiry it was created with. */
export interface PixSummary {
  type: 'pix';
  expiresInSeconds: number;
}

export type PaymentMethodSummary = CardSummary | PixSummary;

/** Our assumption for managed 3DS (the spec does not show it): what the widget continues with. */
export interface NextAction {
  type: 'three_ds';
  authenticationId: string;
  /** The authentication's status when the charge was created. */
  status: AuthenticateStatus;
  fingerprintingUrl?: string;
  challengeUrl?: string;
}

/** A PIX charge's code and when it stops being payable (on the merchant's clock). */
export interface ChargePix {
  qrCode: string;
  expiresAt: Date;
}

/**
 * The charge record, in cents and `Date`s: `chargeWire` (`wire.ts`) makes its JSON (the spec does
 * not show its fields; ours are documented in `response-schema.ts`). Its members are in the order
 * the JSON shows them.
 */
export interface Charge {
  id: string;
  amountCents: number;
  currency: string;
  status: ChargeStatus;
  livemode: false;
  customer: Customer;
  paymentMethod: PaymentMethodSummary;
  items: ChargeItem[];
  threeDS?: ChallengeResult;
  nextAction?: NextAction;
  /** A PIX charge's code and its expiry (kept once paid or expired). */
  pix?: ChargePix;
  failureReason?: string;
  postbackUrl?: string;
  createdAt: Date;
  updatedAt: Date;
  paidAt?: Date;
  refundedAt?: Date;
}

/** The events a charge emits, in the order they are recorded for one change. */
export type ChargeEvent =
  | 'charge.created'
  | 'charge.pending'
  | 'charge.paid'
  | 'charge.updated'
  | 'charge.refunded';

/** A change of a charge: its state after, and the events it emits, in order. */
export interface Change {
  charge: Charge;
  events: ChargeEvent[];
}
