import type { Kysely } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { CardStore } from '../cards/store';
import type { Customer } from '../customers/schema';
import type { CustomerStore } from '../customers/store';
import type { MerchantClocks } from '../kernel/clock';
import { toCents } from '../kernel/db/money';
import type { Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import type { AllowedHosts } from '../kernel/delivery/allowed-hosts';
import { requireDeliveryUrl } from '../kernel/delivery/delivery-url';
import { ApiError, badRequest, spec } from '../kernel/http/errors';
import { newId } from '../kernel/ids';
import { payeeOf } from '../pix/payee';
import { expirePixNow, isPixDue, payPix, startPix } from '../pix/transitions';
import { settled } from '../three-ds/flow';
import type { AuthenticationStore } from '../three-ds/store';
import { chargeNotFound, recordChange, type Step, stepCharge } from './changes';
import type { Charge, NextAction } from './charge';
import { settleNew, settleResumed } from './outcome';
import { CLOCK_OFFSET, chargeRow, chargesOf, clockNowOf, toCharge } from './rows';
import { hasOnlyValidItemTypes, type NewCharge } from './schema';
import { summarise } from './summary';

export type { Charge, ChargeStatus, NextAction, PaymentMethodSummary } from './charge';

export interface ChargeStoreDeps {
  db: Kysely<Schema>;
  customers: CustomerStore;
  cards: CardStore;
  authentications: AuthenticationStore;
  /** The merchant's clock: every time a charge records (created, paid, refunded) is on it. */
  clocks: MerchantClocks;
  /** Where webhooks may go (`SANDBOX_WEBHOOK_HOSTS`): a `postbackUrl` elsewhere is refused. */
  webhookHosts: AllowedHosts;
  log: (line: string) => void;
}

/** What another family changes when a charge is refunded, in the refund's transaction. */
export type RefundHook = (trx: Kysely<Schema>, tenant: Tenant, charge: Charge) => Promise<void>;

/** What a charge is made with, looked up: see `ChargeStore.parties`. */
export interface ChargeParties {
  payment: Awaited<ReturnType<typeof summarise>>;
  customer: Customer;
}

export interface CreateOptions {
  at?: Date;
  merchantInitiated?: boolean;
  parties?: ChargeParties;
  /** A merchant that may not bill (`accounts/rules.ts`): `failed` with this `failureReason`. */
  refusal?: string;
}

/**
 * Charges in the database, scoped to the key's merchant. Each change is one transaction: the
 * charge row, what it uses (its `threeDS`'s authentication, its customer) and its events commit
 * together or not at all, so a refused request creates nothing and leaves a `threeDS` usable.
 */
export class ChargeStore {
  private readonly refundHooks: RefundHook[] = [];

  constructor(private readonly deps: ChargeStoreDeps) {}

  /**
   * Runs `hook` in every refund's transaction, with the charge as refunded (`refundedAt` set): a
   * subscription whose payment it was.
   */
  onRefund(hook: RefundHook): void {
    this.refundHooks.push(hook);
  }

  /** The charge; a PIX charge whose code expired by now is expired first (never read pending). */
  async require(tenant: Tenant, id: string): Promise<Charge> {
    const row = await chargesOf(this.deps.db, tenant)
      .select(CLOCK_OFFSET)
      .where('charges.id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw chargeNotFound(id);
    const charge = toCharge(row);
    if (!isPixDue(charge, clockNowOf(row))) return charge;
    return this.step(
      tenant,
      id,
      async () => undefined,
      () => 'read',
    );
  }

  /**
   * In the caller's transaction when `db` is one (a subscription's charges). `at`: the time on the
   * merchant's clock the charge is made at (a renewal falling due); by default its clock's now.
   * `merchantInitiated`: the merchant charges a stored card without the shopper (a renewal), which
   * some test cards' issuers decline. `parties`: the payment method and customer already looked up
   * (`parties()`) by a caller that charges them again and again (a year of renewals in one advance
   * of the clock).
   */
  async create(
    tenant: Tenant,
    input: NewCharge,
    db: Kysely<Schema> = this.deps.db,
    { at: onClock, merchantInitiated = false, parties, refusal }: CreateOptions = {},
  ): Promise<Charge> {
    if (input.postbackUrl !== undefined) {
      requireDeliveryUrl(this.deps.webhookHosts, 'postbackUrl', input.postbackUrl);
    }
    if (!hasOnlyValidItemTypes(input.items)) throw new ApiError(spec.invalidItems());
    const amountCents = centsOf(input.amount);
    const { summary, cardNumber } =
      parties?.payment ?? (await summarise(this.deps.cards, tenant, input.paymentMethod, db));
    const payee = summary.type === 'pix' ? await payeeOf(db, tenant.merchantId) : undefined;
    const { method } = input.paymentMethod;
    const threeDS = 'threeDS' in method ? method.threeDS : undefined;
    const managed = 'threeDSMode' in method && method.threeDSMode === 'managed';
    const id = newId('ch');
    const at = (onClock ?? (await this.deps.clocks.now(tenant.merchantId, db))).toISOString();
    const { authentications, customers } = this.deps;
    const created = await inTransaction(db, async (trx): Promise<Charge> => {
      if (threeDS !== undefined) {
        await authentications.claimForCharge(
          tenant,
          {
            chargeId: id,
            threeDS,
            cardNumber: cardNumber ?? '',
            amountCents,
            currency: input.currency,
          },
          trx,
        );
      }
      const customer =
        parties?.customer ?? (await customers.resolveFor(tenant, input.customer, trx));
      const charge: Charge = {
        id,
        amount: input.amount,
        currency: input.currency,
        status: 'paid',
        livemode: false,
        customer,
        paymentMethod: summary,
        items: input.items,
        ...(input.postbackUrl === undefined ? {} : { postbackUrl: input.postbackUrl }),
        createdAt: at,
        updatedAt: at,
      };
      if (managed && cardNumber !== undefined) {
        charge.status = 'authentication_required';
        charge.nextAction = await this.startAuthentication(trx, tenant, input, cardNumber);
      }
      const events =
        summary.type === 'pix' && payee !== undefined
          ? startPix(charge, payee, summary.expiresInSeconds)
          : settleNew(charge, threeDS, cardNumber, merchantInitiated, refusal);
      const row = chargeRow(charge, tenant.merchantId, amountCents);
      return recordChange(trx, tenant, { charge, events }, (db) =>
        db.insertInto('charges').values(row).returning('id'),
      );
    });
    if (threeDS !== undefined) {
      this.deps.log(`3ds: ${threeDS.threeDsServerTransactionId} used by charge ${id}`);
    }
    this.deps.log(`charge: ${id} created → ${created.status}`);
    return created;
  }

  /**
   * The payment method (a saved card must be active) and the existing customer (`{ id }`) a
   * charge of `input` would be made with; 404 or 422 as `create` answers them.
   */
  async parties(tenant: Tenant, input: NewCharge, db = this.deps.db): Promise<ChargeParties> {
    if (input.customer.id === undefined) throw new Error('parties() takes a customer by its id');
    return {
      payment: await summarise(this.deps.cards, tenant, input.paymentMethod, db),
      customer: await this.deps.customers.require(tenant, input.customer.id, db),
    };
  }

  /** After the widget ran the steps: paid when the authentication succeeded, failed otherwise. */
  resume(tenant: Tenant, id: string): Promise<Charge> {
    return this.step(
      tenant,
      id,
      async (trx, charge, now) => {
        const action = charge.nextAction;
        if (charge.status !== 'authentication_required' || action === undefined) {
          throw new ApiError(
            badRequest(`charge ${id} is not awaiting authentication (status ${charge.status})`),
          );
        }
        const auth = await this.deps.authentications.require(tenant, action.authenticationId, trx);
        const threeDS = settled(auth);
        if (threeDS === undefined) {
          throw new ApiError(
            badRequest(
              `authentication ${auth.id} is not finished (status ${auth.status}); run its fingerprint, submit and challenge steps first`,
            ),
          );
        }
        const events = settleResumed(charge, auth, threeDS, now.toISOString());
        return { charge, events };
      },
      (charge) => `resumed → ${charge.status}`,
    );
  }

  /** A full refund of a paid charge: `refunded`, with `charge.refunded`. */
  refund(tenant: Tenant, id: string): Promise<Charge> {
    // Locked: of two concurrent refunds, the second sees `refunded` and is refused.
    return this.step(
      tenant,
      id,
      async (trx, charge, now) => {
        if (charge.status !== 'paid') {
          throw new ApiError(
            badRequest(`only paid charges can be refunded (charge ${id} is ${charge.status})`),
          );
        }
        const at = now.toISOString();
        charge.status = 'refunded';
        charge.refundedAt = at;
        charge.updatedAt = at;
        for (const hook of this.refundHooks) await hook(trx, tenant, charge);
        return { charge, events: ['charge.refunded'] };
      },
      () => 'refunded',
    );
  }

  /**
   * QA pays a pending PIX charge (`POST /sandbox/charges/{id}/pix/pay`): `paid` at the merchant's
   * clock now, with `charge.paid` and its wallet entry. Locked: of two payments, one wins.
   */
  payPix(tenant: Tenant, id: string): Promise<Charge> {
    return this.step(
      tenant,
      id,
      async (_trx, charge, now) => payPix(charge, now),
      () => 'paid (pix)',
    );
  }

  /** QA ends a pending PIX code now (`POST /sandbox/charges/{id}/pix/expire`): `expired`. */
  expirePix(tenant: Tenant, id: string): Promise<Charge> {
    return this.step(
      tenant,
      id,
      async (_trx, charge, now) => expirePixNow(charge, now),
      () => 'expired (pix, by QA)',
    );
  }

  private step(
    tenant: Tenant,
    id: string,
    step: Step,
    what: (charge: Charge) => string,
  ): Promise<Charge> {
    return stepCharge(this.deps, tenant, id, step, what);
  }

  /** The managed authentication a charge continues with, created in the charge's transaction. */
  private async startAuthentication(
    trx: Kysely<Schema>,
    tenant: Tenant,
    input: NewCharge,
    cardNumber: string,
  ): Promise<NextAction> {
    const { method } = input.paymentMethod;
    const auth = await this.deps.authentications.create(
      tenant,
      {
        amount: input.amount,
        currency: input.currency,
        cardNumber,
        browserLanguage: ('browser' in method ? method.browser?.language : undefined) ?? '',
      },
      { db: trx },
    );
    const { authenticationId, status, fingerprintingUrl, challengeUrl } =
      this.deps.authentications.pages.authenticateResponse(auth);
    return {
      type: 'three_ds',
      authenticationId,
      status,
      ...(fingerprintingUrl === undefined ? {} : { fingerprintingUrl }),
      ...(challengeUrl === undefined ? {} : { challengeUrl }),
    };
  }
}

/** Validation allows two decimal places; an amount too large for exact cents is refused here. */
function centsOf(amount: number): number {
  try {
    return toCents(amount);
  } catch {
    throw new ApiError(badRequest('amount is too large'));
  }
}
