import type { Kysely, Transaction } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { CardStore } from '../cards/store';
import type { CustomerStore } from '../customers/store';
import type { MerchantClocks } from '../kernel/clock';
import type { Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import type { AllowedHosts } from '../kernel/delivery/allowed-hosts';
import { expirePixNow, isPixDue, payPix, startPix } from '../pix/rules';
import type { AuthenticationStore } from '../three-ds/store';
import { chargeNotFound, recordChange, type Step, stepCharge } from './changes';
import type { Charge, NextAction } from './charge';
import {
  type ChargeParties,
  type CreateOptions,
  type PreparedCharge,
  prepareCharge,
} from './new-charge';
import { CLOCK_OFFSET, chargeRow, chargesOf, clockNowOf, toCharge } from './rows';
import {
  awaitAuthentication,
  awaitedAuthentication,
  finishedAuthentication,
  newCharge,
  refund,
  settleNew,
  settleResumed,
} from './rules';
import type { NewCharge } from './schema';
import { summarise } from './summary';

export type { Charge, ChargeStatus, NextAction, PaymentMethodSummary } from './charge';
export type { ChargeParties, CreateOptions } from './new-charge';

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
export type RefundHook = (
  trx: Transaction<Schema>,
  tenant: Tenant,
  charge: Charge,
) => Promise<void>;

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
   * A new charge, in a transaction of its own (`POST /v1/charges`). What it is made with (its
   * payment method, the payee, the clock) is looked up before the transaction opens.
   */
  async create(tenant: Tenant, input: NewCharge): Promise<Charge> {
    const { db } = this.deps;
    const plan = await prepareCharge(this.deps, db, tenant, input, {});
    const created = await inTransaction(db, (trx) => this.insert(trx, tenant, plan));
    this.logCreated(plan, created);
    return created;
  }

  /**
   * A new charge in the caller's transaction (a subscription's). `at`: the time on the merchant's
   * clock the charge is made at (a renewal falling due); by default its clock's now.
   * `merchantInitiated`: the merchant charges a stored card without the shopper (a renewal), which
   * some test cards' issuers decline. `parties`: the payment method and customer already looked up
   * (`parties()`) by a caller that charges them again and again (a year of renewals in one advance
   * of the clock).
   */
  async createIn(
    trx: Transaction<Schema>,
    tenant: Tenant,
    input: NewCharge,
    options: CreateOptions = {},
  ): Promise<Charge> {
    const plan = await prepareCharge(this.deps, trx, tenant, input, options);
    const created = await this.insert(trx, tenant, plan);
    this.logCreated(plan, created);
    return created;
  }

  /**
   * The charge's writes in `trx`: its `threeDS`'s authentication claimed, its customer found or
   * created, a managed authentication started, its row and events.
   */
  private async insert(
    trx: Transaction<Schema>,
    tenant: Tenant,
    plan: PreparedCharge,
  ): Promise<Charge> {
    const { id, input, amountCents, summary, cardNumber, payee, threeDS } = plan;
    if (threeDS !== undefined) {
      await this.deps.authentications.claimForCharge(
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
      plan.customer ?? (await this.deps.customers.resolveFor(tenant, input.customer, trx));
    const charge = newCharge({
      id,
      input,
      amountCents,
      customer,
      paymentMethod: summary,
      at: plan.at,
    });
    if (plan.managed && cardNumber !== undefined) {
      awaitAuthentication(charge, await this.startAuthentication(trx, tenant, input, cardNumber));
    }
    const events =
      summary.type === 'pix' && payee !== undefined
        ? startPix(charge, payee, summary.expiresInSeconds)
        : settleNew(charge, threeDS, cardNumber, plan.merchantInitiated, plan.refusal);
    const row = chargeRow(charge, tenant.merchantId);
    return recordChange(trx, tenant, { charge, events }, (db) =>
      db.insertInto('charges').values(row).returning('id'),
    );
  }

  private logCreated(plan: PreparedCharge, created: Charge): void {
    if (plan.threeDS !== undefined) {
      this.deps.log(`3ds: ${plan.threeDS.threeDsServerTransactionId} used by charge ${created.id}`);
    }
    this.deps.log(`charge: ${created.id} created → ${created.status}`);
  }

  /**
   * The payment method (a saved card must be active) and the existing customer (`{ id }`) a
   * charge of `input` would be made with; 404 or 422 as `create` answers them.
   */
  async parties(db: Kysely<Schema>, tenant: Tenant, input: NewCharge): Promise<ChargeParties> {
    if (input.customer.id === undefined) throw new Error('parties() takes a customer by its id');
    return {
      payment: await summarise(this.deps.cards, tenant, input.paymentMethod, db),
      customer: await this.deps.customers.requireIn(db, tenant, input.customer.id),
    };
  }

  /** After the widget ran the steps: paid when the authentication succeeded, failed otherwise. */
  resume(tenant: Tenant, id: string): Promise<Charge> {
    return this.step(
      tenant,
      id,
      async (trx, charge, now) => {
        const action = awaitedAuthentication(charge);
        const auth = await this.deps.authentications.requireIn(
          trx,
          tenant,
          action.authenticationId,
        );
        return settleResumed(charge, auth, finishedAuthentication(auth), now);
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
        const change = refund(charge, now);
        for (const hook of this.refundHooks) await hook(trx, tenant, change.charge);
        return change;
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
    trx: Transaction<Schema>,
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
      { trx },
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
