import type { Customer } from '../customers/schema';
import type { AuthenticateStatus, ChallengeResult } from '../wire-types';
import type { ChargeItem } from './schema';

export type ChargeStatus = 'paid' | 'authentication_required' | 'failed' | 'refunded';

/** What the charge shows of its payment method: never the number or the CVV. */
export interface PaymentMethodSummary {
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

/** Our assumption for managed 3DS (the spec does not show it): what the widget continues with. */
export interface NextAction {
  type: 'three_ds';
  authenticationId: string;
  /** The authentication's status when the charge was created. */
  status: AuthenticateStatus;
  fingerprintingUrl?: string;
  challengeUrl?: string;
}

/** The charge record (the spec does not show its fields; this is ours, documented). */
export interface Charge {
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
  failureReason?: string;
  postbackUrl?: string;
  createdAt: string;
  updatedAt: string;
  paidAt?: string;
  refundedAt?: string;
}

/** The events a charge emits, in the order they are recorded for one change. */
export type ChargeEvent = 'charge.created' | 'charge.paid' | 'charge.updated' | 'charge.refunded';
