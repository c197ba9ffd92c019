import type { Tenant } from '../accounts/tenancy';
import type { CardStore } from '../cards/store';
import type { Customer } from '../customers/schema';
import type { CustomerStore } from '../customers/store';
import { toCents } from '../db/money';
import { ApiError, badRequest, ownError, spec } from '../http/errors';
import { cardBrand, newId, nowIso } from '../ids';
import { settled } from '../three-ds/flow';
import { scenarioForCard } from '../three-ds/scenarios';
import type { AuthenticationStore } from '../three-ds/store';
import type { DeliveryWorker } from '../webhooks/worker';
import type { AuthenticateStatus, ChallengeResult } from '../wire-types';
import {
  type ChargeItem,
  hasOnlyValidItemTypes,
  type NewCharge,
  type PaymentMethodInput,
} from './schema';

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

const FAILED_STATES: ReadonlySet<string> = new Set(['failure', 'error']);

/** The test card whose issuer refuses the charge, even after a successful authentication. */
const issuerDeclines = (cardNumber: string): boolean =>
  scenarioForCard(cardNumber).charge === 'declined';

export class ChargeStore {
  private readonly byId = new Map<string, Charge>();
  /** The merchant of each charge: another merchant's charge is not found. */
  private readonly merchantOf = new Map<string, string>();

  constructor(
    private readonly deps: {
      customers: CustomerStore;
      cards: CardStore;
      authentications: AuthenticationStore;
      webhooks: DeliveryWorker;
      log: (line: string) => void;
    },
  ) {}

  require(tenant: Tenant, id: string): Charge {
    const charge = this.byId.get(id);
    if (charge === undefined || this.merchantOf.get(id) !== tenant.merchantId) {
      throw new ApiError(ownError(404, `charge not found: ${id}`));
    }
    return charge;
  }

  async create(tenant: Tenant, input: NewCharge): Promise<Charge> {
    if (!hasOnlyValidItemTypes(input.items)) throw new ApiError(spec.invalidItems());
    const { summary, cardNumber } = await this.summarise(tenant, input.paymentMethod);
    const { method } = input.paymentMethod;
    const id = newId('ch');
    const threeDS = 'threeDS' in method ? method.threeDS : undefined;
    // The threeDS is claimed before anything is created, and given back if the customer fails:
    // a refused request creates nothing and leaves the authentication usable.
    if (threeDS !== undefined) {
      await this.deps.authentications.claimForCharge(tenant, {
        chargeId: id,
        threeDS,
        cardNumber: cardNumber ?? '',
        amountCents: toCents(input.amount),
        currency: input.currency,
      });
    }
    let customer: Customer;
    try {
      customer = await this.deps.customers.resolveFor(tenant, input.customer);
    } catch (error) {
      if (threeDS !== undefined) await this.deps.authentications.releaseClaim(tenant, id);
      throw error;
    }
    const at = nowIso();
    const charge: Charge = {
      id,
      amount: input.amount,
      currency: input.currency,
      status: 'paid',
      livemode: false,
      customer,
      paymentMethod: summary,
      items: input.items,
      createdAt: at,
      updatedAt: at,
      ...(input.postbackUrl === undefined ? {} : { postbackUrl: input.postbackUrl }),
    };
    if ('threeDSMode' in method && method.threeDSMode === 'managed' && cardNumber !== undefined) {
      const auth = await this.deps.authentications.create(tenant, {
        amount: input.amount,
        currency: input.currency,
        cardNumber,
        browserLanguage: method.browser?.language ?? '',
      });
      const { authenticationId, status, fingerprintingUrl, challengeUrl } =
        this.deps.authentications.pages.authenticateResponse(auth);
      charge.status = 'authentication_required';
      charge.nextAction = {
        type: 'three_ds',
        authenticationId,
        status,
        ...(fingerprintingUrl === undefined ? {} : { fingerprintingUrl }),
        ...(challengeUrl === undefined ? {} : { challengeUrl }),
      };
    } else if ('threeDS' in method && method.threeDS !== undefined) {
      charge.threeDS = method.threeDS;
      if (FAILED_STATES.has(method.threeDS.state)) this.fail(charge, 'three_ds_failed');
    }
    if (charge.status === 'paid' && cardNumber !== undefined && issuerDeclines(cardNumber)) {
      this.fail(charge, 'card_declined');
    }
    if (charge.status === 'paid') charge.paidAt = at;
    this.byId.set(charge.id, charge);
    this.merchantOf.set(charge.id, tenant.merchantId);
    this.deps.log(`charge: ${charge.id} created → ${charge.status}`);
    this.emit(charge, 'charge.created');
    if (charge.status === 'paid') this.emit(charge, 'charge.paid');
    if (charge.status === 'failed') this.emit(charge, 'charge.updated');
    return charge;
  }

  /** After the widget ran the steps: paid when the authentication succeeded, failed otherwise. */
  async resume(tenant: Tenant, id: string): Promise<Charge> {
    const charge = this.require(tenant, id);
    const action = charge.nextAction;
    if (charge.status !== 'authentication_required' || action === undefined) {
      throw new ApiError(
        badRequest(`charge ${id} is not awaiting authentication (status ${charge.status})`),
      );
    }
    const auth = await this.deps.authentications.require(tenant, action.authenticationId);
    const threeDS = settled(auth);
    if (threeDS === undefined) {
      throw new ApiError(
        badRequest(
          `authentication ${auth.id} is not finished (status ${auth.status}); run its fingerprint, submit and challenge steps first`,
        ),
      );
    }
    const at = nowIso();
    charge.threeDS = threeDS;
    delete charge.nextAction;
    charge.updatedAt = at;
    if (auth.status === 'succeeded' && auth.scenario.charge === 'declined') {
      this.fail(charge, 'card_declined');
    } else if (auth.status === 'succeeded') {
      charge.status = 'paid';
      charge.paidAt = at;
      this.emit(charge, 'charge.paid');
    } else {
      this.fail(charge, 'three_ds_failed');
    }
    this.emit(charge, 'charge.updated');
    this.deps.log(`charge: ${charge.id} resumed → ${charge.status}`);
    return charge;
  }

  /** A full refund of a paid charge: `refunded`, with `charge.refunded`. */
  refund(tenant: Tenant, id: string): Charge {
    const charge = this.require(tenant, id);
    if (charge.status !== 'paid') {
      throw new ApiError(
        badRequest(`only paid charges can be refunded (charge ${id} is ${charge.status})`),
      );
    }
    const at = nowIso();
    charge.status = 'refunded';
    charge.refundedAt = at;
    charge.updatedAt = at;
    this.deps.log(`charge: ${charge.id} refunded`);
    this.emit(charge, 'charge.refunded');
    return charge;
  }

  private fail(charge: Charge, reason: string): void {
    charge.status = 'failed';
    charge.failureReason = reason;
  }

  private emit(charge: Charge, event: string): void {
    if (charge.postbackUrl === undefined) return;
    const merchantId = this.merchantOf.get(charge.id) ?? '';
    this.deps.webhooks.send(
      charge.postbackUrl,
      event,
      structuredClone(charge),
      charge.id,
      merchantId,
    );
  }

  private async summarise(
    tenant: Tenant,
    input: PaymentMethodInput,
  ): Promise<{ summary: PaymentMethodSummary; cardNumber?: string }> {
    const base = { type: 'credit_card' as const, installments: input.method.installments };
    const managed = (mode: 'managed' | undefined) =>
      mode === undefined ? {} : { threeDSMode: mode };
    switch (input.variant) {
      case 'card': {
        const { number, holderName, expirationMonth, expirationYear, threeDSMode } = input.method;
        return {
          cardNumber: number,
          summary: {
            ...base,
            source: 'card',
            brand: cardBrand(number),
            last4: number.slice(-4),
            holderName,
            expirationMonth,
            expirationYear,
            ...managed(threeDSMode),
          },
        };
      }
      case 'saved_card': {
        const stored = await this.deps.cards.require(tenant, input.method.cardTokenId);
        if (stored.card.status !== 'active') {
          throw new ApiError(
            ownError(
              422,
              `card ${stored.card.id} is not active (status ${stored.card.status}); activate it before charging`,
            ),
          );
        }
        return {
          cardNumber: stored.number,
          summary: {
            ...base,
            source: 'saved_card',
            brand: stored.card.brand,
            last4: stored.number.slice(-4),
            expirationMonth: stored.card.expirationMonth,
            expirationYear: stored.card.expirationYear,
            cardTokenId: stored.card.id,
            ...managed(input.method.threeDSMode),
          },
        };
      }
      case 'wallet': {
        const { token } = input.method.wallet;
        const network = token.paymentMethod.network;
        const displayName = token.paymentMethod.displayName;
        return {
          summary: {
            ...base,
            source: 'wallet',
            brand: typeof network === 'string' ? network.toLowerCase() : 'unknown',
            last4:
              typeof displayName === 'string' ? (/(\d{4})\s*$/.exec(displayName)?.[1] ?? '') : '',
            wallet: { type: 'apple_pay', transactionIdentifier: token.transactionIdentifier },
          },
        };
      }
    }
  }
}
