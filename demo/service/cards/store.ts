import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { MerchantClocks } from '../kernel/clock';
import { formatCents } from '../kernel/db/money';
import type { NewCardRow, Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import type { Vault } from '../kernel/db/vault';
import { ApiError, spec } from '../kernel/http/errors';
import { cardBrand, maskNumber, newId } from '../kernel/ids';
import type { Card } from '../kernel/wire-types';
import {
  type CardIdPlace,
  cardNotFound,
  initialStatus,
  mayBeToken,
  mayDelete,
  mustActivate,
  VALIDATION_CENTS,
} from './rules';
import { type RegisterCard, type StoredCard, toCard } from './schema';

/** A new card's row; the number only sealed. */
export function cardRow(
  vault: Vault,
  merchantId: string,
  card: { number: string; expirationMonth: string; expirationYear: string },
  extra: { id?: string; customerId?: string | undefined; validationCents?: number; at?: Date },
): NewCardRow {
  const at = extra.at ?? new Date();
  return {
    id: extra.id ?? newId('card'),
    merchant_id: merchantId,
    customer_id: extra.customerId ?? null,
    token: newId('tok'),
    masked_number: maskNumber(card.number),
    brand: cardBrand(card.number),
    expiration_month: card.expirationMonth,
    expiration_year: card.expirationYear,
    status: initialStatus(extra.validationCents),
    number_sealed: vault.seal(card.number),
    validation_cents: extra.validationCents ?? null,
    created_at: at,
    updated_at: at,
  };
}

/** Saved cards in the database; every method but the QA helper is scoped to one merchant. */
export class CardStore {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly vault: Vault,
    private readonly clocks: MerchantClocks,
  ) {}

  private ofTenant(tenant: Tenant, db: Kysely<Schema>) {
    return db
      .selectFrom('cards')
      .selectAll('cards')
      .where('cards.merchant_id', '=', tenant.merchantId);
  }

  /** The caller checked that `customerId`, if any, is the tenant's customer. */
  async register(
    tenant: Tenant,
    input: RegisterCard,
  ): Promise<{ card: Card; validationAmount?: string }> {
    const { min, max } = VALIDATION_CENTS;
    const cents = input.validateCard ? randomInt(min, max + 1) : undefined;
    const row = await this.db
      .insertInto('cards')
      .values(
        cardRow(this.vault, tenant.merchantId, input, {
          at: await this.clocks.now(tenant.merchantId, this.db),
          customerId: input.customerId,
          ...(cents === undefined ? {} : { validationCents: cents }),
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    const card = toCard(row);
    return cents === undefined ? { card } : { card, validationAmount: formatCents(cents) };
  }

  /**
   * Saves a card a caller was given in clear (a subscription's) as a card of `customerId`,
   * through `db` (the caller's transaction, for a subscription).
   */
  async saveFor(
    tenant: Tenant,
    card: { number: string; expirationMonth: string; expirationYear: string },
    customerId: string,
    db: Kysely<Schema>,
  ): Promise<Card> {
    const row = await db
      .insertInto('cards')
      .values(
        cardRow(this.vault, tenant.merchantId, card, {
          customerId,
          at: await this.clocks.now(tenant.merchantId, db),
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCard(row);
  }

  /** The tenant's cards, oldest first, optionally of one customer. */
  async list(tenant: Tenant, customerId: string | undefined): Promise<Card[]> {
    let rows = this.ofTenant(tenant, this.db).orderBy('cards.created_at').orderBy('cards.id');
    if (customerId !== undefined) rows = rows.where('cards.customer_id', '=', customerId);
    return (await rows.execute()).map(toCard);
  }

  /**
   * The tenant's card with its number (for a charge), read through `db` (the charge's handle), or
   * the refusal of `cardNotFound` (the spec's 404, or 400 for the card's token given as its id).
   */
  async require(
    tenant: Tenant,
    id: string,
    db: Kysely<Schema>,
    place: CardIdPlace = 'paymentMethod.cardTokenId',
  ): Promise<StoredCard> {
    const row = await this.ofTenant(tenant, db).where('cards.id', '=', id).executeTakeFirst();
    if (row === undefined) throw await this.notFound(tenant, id, place, db);
    return {
      card: toCard(row),
      number: this.vault.open(row.number_sealed),
      ...(row.customer_id === null ? {} : { customerId: row.customer_id }),
    };
  }

  /** The rule of `mustActivate`, on the card locked: of two concurrent activations, one wins. */
  activate(tenant: Tenant, id: string, activationValue: string): Promise<Card> {
    return inTransaction(this.db, async (trx) => {
      const card = await this.ofTenant(tenant, trx)
        .where('cards.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (card === undefined) throw await this.notFound(tenant, id, 'path parameter id', trx);
      mustActivate(
        { status: card.status, validationCents: card.validation_cents },
        activationValue,
      );
      const row = await trx
        .updateTable('cards')
        .set({
          status: 'active',
          validation_cents: null,
          updated_at: await this.clocks.now(tenant.merchantId, trx),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toCard(row);
    });
  }

  async delete(tenant: Tenant, id: string): Promise<void> {
    const subscription = await this.db
      .selectFrom('subscriptions')
      .select(['id', 'status'])
      .where('card_id', '=', id)
      .where('merchant_id', '=', tenant.merchantId)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    mayDelete(id, subscription);
    const deleted = await this.db
      .deleteFrom('cards')
      .where('id', '=', id)
      .where('merchant_id', '=', tenant.merchantId)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) {
      throw await this.notFound(tenant, id, 'path parameter id', this.db);
    }
  }

  /** The refusal of an id no card of the tenant has (`cardNotFound`): looks it up as a token. */
  private async notFound(
    tenant: Tenant,
    id: string,
    place: CardIdPlace,
    db: Kysely<Schema>,
  ): Promise<ApiError> {
    const own = mayBeToken(id)
      ? await this.ofTenant(tenant, db).where('cards.token', '=', id).executeTakeFirst()
      : undefined;
    return cardNotFound(place, own?.id);
  }

  /**
   * The sandbox-only helper, reached by the card's id alone (no key), standing in for the card
   * statement: the status and the pending validation amount.
   */
  /** Another merchant's card is the same 404 as an unknown one. */
  async validationAmount(
    tenant: Tenant,
    id: string,
  ): Promise<{ status: Card['status']; validationAmount: string | null }> {
    const row = await this.db
      .selectFrom('cards')
      .select(['status', 'validation_cents'])
      .where('id', '=', id)
      .where('merchant_id', '=', tenant.merchantId)
      .executeTakeFirst();
    if (row === undefined) throw new ApiError(spec.cardNotFound());
    const cents = row.validation_cents;
    return { status: row.status, validationAmount: cents === null ? null : formatCents(cents) };
  }
}
