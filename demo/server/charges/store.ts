import type { Kysely } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { CardStore } from '../cards/store';
import type { Customer } from '../customers/schema';
import type { CustomerStore } from '../customers/store';
import { toCents } from '../db/money';
import type { Schema } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { ApiError, badRequest, ownError, spec } from '../http/errors';
import { newId } from '../ids';
import { settled } from '../three-ds/flow';
import type { AuthenticationStore } from '../three-ds/store';
import type { MerchantClocks } from '../wallets/clock';
import { chargeEntry, refundEntry } from '../wallets/ledger';
import {
  type AlsoWrite,
  type CausingChange,
  type DeliveryQueue,
  recordEvents,
} from '../webhooks/outbox';
import type { Charge, ChargeEvent, NextAction } from './charge';
import { settleNew, settleResumed } from './outcome';
import { changedColumns, chargeRow, chargesOf, toCharge } from './rows';
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
  /** Woken after a commit that recorded events (their postbacks are queued in the database). */
  deliveries: DeliveryQueue;
  log: (line: string) => void;
}

/** A change of a charge: its state after, and the events it emits, in order. */
interface Change {
  charge: Charge;
  events: ChargeEvent[];
}

/** A committed change, and how many deliveries its events queued. */
interface Committed {
  charge: Charge;
  queued: number;
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
}

const notFound = (id: string) => new ApiError(ownError(404, `charge not found: ${id}`));

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

  async require(tenant: Tenant, id: string): Promise<Charge> {
    const row = await chargesOf(this.deps.db, tenant)
      .where('charges.id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw notFound(id);
    return toCharge(row);
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
    { at: onClock, merchantInitiated = false, parties }: CreateOptions = {},
  ): Promise<Charge> {
    if (!hasOnlyValidItemTypes(input.items)) throw new ApiError(spec.invalidItems());
    const amountCents = centsOf(input.amount);
    const { summary, cardNumber } =
      parties?.payment ?? (await summarise(this.deps.cards, tenant, input.paymentMethod, db));
    const { method } = input.paymentMethod;
    const threeDS = 'threeDS' in method ? method.threeDS : undefined;
    const managed = 'threeDSMode' in method && method.threeDSMode === 'managed';
    const id = newId('ch');
    const at = (onClock ?? (await this.deps.clocks.now(tenant.merchantId, db))).toISOString();
    const { authentications, customers } = this.deps;
    const change = await inTransaction(db, async (trx): Promise<Committed> => {
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
      const events = settleNew(charge, threeDS, cardNumber, merchantInitiated);
      const row = chargeRow(charge, tenant.merchantId, amountCents);
      return this.record(trx, tenant, { charge, events }, (db) =>
        db.insertInto('charges').values(row).returning('id'),
      );
    });
    if (threeDS !== undefined) {
      this.deps.log(`3ds: ${threeDS.threeDsServerTransactionId} used by charge ${id}`);
    }
    return this.committed(change, `created → ${change.charge.status}`);
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
  async resume(tenant: Tenant, id: string): Promise<Charge> {
    const change = await this.deps.db.transaction().execute(async (trx): Promise<Committed> => {
      const charge = await this.locked(trx, tenant, id);
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
      const at = await this.deps.clocks.now(tenant.merchantId, trx);
      const events = settleResumed(charge, auth, threeDS, at.toISOString());
      return this.save(trx, tenant, { charge, events });
    });
    return this.committed(change, `resumed → ${change.charge.status}`);
  }

  /** A full refund of a paid charge: `refunded`, with `charge.refunded`. */
  async refund(tenant: Tenant, id: string): Promise<Charge> {
    const change = await this.deps.db.transaction().execute(async (trx): Promise<Committed> => {
      // Locked: of two concurrent refunds, the second sees `refunded` and is refused.
      const charge = await this.locked(trx, tenant, id);
      if (charge.status !== 'paid') {
        throw new ApiError(
          badRequest(`only paid charges can be refunded (charge ${id} is ${charge.status})`),
        );
      }
      const at = (await this.deps.clocks.now(tenant.merchantId, trx)).toISOString();
      charge.status = 'refunded';
      charge.refundedAt = at;
      charge.updatedAt = at;
      for (const hook of this.refundHooks) await hook(trx, tenant, charge);
      return this.save(trx, tenant, { charge, events: ['charge.refunded'] });
    });
    return this.committed(change, 'refunded');
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

  /** The tenant's charge, its row locked until the transaction ends. */
  private async locked(trx: Kysely<Schema>, tenant: Tenant, id: string): Promise<Charge> {
    const row = await chargesOf(trx, tenant)
      .where('charges.id', '=', id)
      .forUpdate('charges')
      .executeTakeFirst();
    if (row === undefined) throw notFound(id);
    return toCharge(row);
  }

  private save(trx: Kysely<Schema>, tenant: Tenant, change: Change): Promise<Committed> {
    const columns = changedColumns(change.charge);
    return this.record(trx, tenant, change, (db) =>
      db
        .updateTable('charges')
        .set(columns)
        .where('id', '=', change.charge.id)
        .where('merchant_id', '=', tenant.merchantId)
        .returning('id'),
    );
  }

  /**
   * Writes the charge's row (`write`), its events and what it moves in the merchant's wallet in
   * one statement. Every charge's events are recorded; a postbackUrl also queues their deliveries.
   */
  private async record(
    trx: Kysely<Schema>,
    tenant: Tenant,
    { charge, events }: Change,
    write: CausingChange<'charges'>,
  ): Promise<Committed> {
    const postback = charge.postbackUrl === undefined ? {} : { postbackUrl: charge.postbackUrl };
    const { queued } = await recordEvents(
      trx,
      events.map((event) => ({
        merchantId: tenant.merchantId,
        event,
        resourceType: 'charge',
        resourceId: charge.id,
        data: charge,
        occurredAt: new Date(charge.updatedAt),
        ...postback,
      })),
      write,
      walletMoves(tenant, charge, events),
    );
    return { charge, queued };
  }

  /** After the commit: the log line, and the delivery queue told when there is work. */
  private committed({ charge, queued }: Committed, what: string): Charge {
    this.deps.log(`charge: ${charge.id} ${what}`);
    if (queued > 0) this.deps.deliveries.wake();
    return charge;
  }
}

/** A charge that became paid adds its amount to the wallet; its refund takes it back. */
function walletMoves(tenant: Tenant, charge: Charge, events: readonly ChargeEvent[]): AlsoWrite[] {
  const money = {
    merchantId: tenant.merchantId,
    chargeId: charge.id,
    currency: charge.currency,
    amountCents: toCents(charge.amount),
  };
  if (events.includes('charge.paid') && charge.paidAt !== undefined) {
    return [chargeEntry({ ...money, paidAt: new Date(charge.paidAt) })];
  }
  if (events.includes('charge.refunded') && charge.refundedAt !== undefined) {
    return [refundEntry({ ...money, refundedAt: new Date(charge.refundedAt) })];
  }
  return [];
}

/** Validation allows two decimal places; an amount too large for exact cents is refused here. */
function centsOf(amount: number): number {
  try {
    return toCents(amount);
  } catch {
    throw new ApiError(badRequest('amount is too large'));
  }
}
