import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { MerchantClocks } from '../kernel/clock';
import { formatCents, parseDecimalCents } from '../kernel/db/money';
import type { NewCardRow, Schema } from '../kernel/db/schema';
import type { Vault } from '../kernel/db/vault';
import { ApiError, badRequest, spec } from '../kernel/http/errors';
import { cardBrand, maskNumber, newId } from '../kernel/ids';
import type { Card } from '../kernel/wire-types';
import { type RegisterCard, type StoredCard, toCard } from './schema';

/** The validation transaction of `validateCard`: 0.01 to 2.00 BRL. */
const MAX_VALIDATION_CENTS = 200;

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
    status: extra.validationCents === undefined ? 'active' : 'pending_validation',
    number_sealed: vault.seal(card.number),
    validation_cents: extra.validationCents ?? null,
    created_at: at,
    updated_at: at,
  };
}

/**
 * Where a card's id was given, as a refusal names it: in a charge's or subscription's
 * `paymentMethod`, or as `{id}` in a card route's path.
 */
export type CardIdPlace = 'paymentMethod.cardTokenId' | 'path parameter id';

/** Saved cards in the database; every method but the QA helper is scoped to one merchant. */
export class CardStore {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly vault: Vault,
    private readonly clocks: MerchantClocks,
  ) {}

  private ofTenant(tenant: Tenant, db: Kysely<Schema> = this.db) {
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
    const cents = input.validateCard ? randomInt(1, MAX_VALIDATION_CENTS + 1) : undefined;
    const row = await this.db
      .insertInto('cards')
      .values(
        cardRow(this.vault, tenant.merchantId, input, {
          at: await this.clocks.now(tenant.merchantId),
          customerId: input.customerId,
          ...(cents === undefined ? {} : { validationCents: cents }),
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    const card = toCard(row);
    return cents === undefined ? { card } : { card, validationAmount: formatCents(cents) };
  }

  /** Saves a card a caller was given in clear (a subscription's) as a card of `customerId`. */
  async saveFor(
    tenant: Tenant,
    card: { number: string; expirationMonth: string; expirationYear: string },
    customerId: string,
    db: Kysely<Schema> = this.db,
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
    let rows = this.ofTenant(tenant).orderBy('cards.created_at').orderBy('cards.id');
    if (customerId !== undefined) rows = rows.where('cards.customer_id', '=', customerId);
    return (await rows.execute()).map(toCard);
  }

  /**
   * The tenant's card with its number (for a charge), or the refusal of `notFound` (the spec's
   * 404 `card not found`, or 400 for the card's token given in place of its id).
   */
  async require(
    tenant: Tenant,
    id: string,
    db: Kysely<Schema> = this.db,
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

  /** The spec: the exact validation amount, card not already active; 400 otherwise. */
  async activate(tenant: Tenant, id: string, activationValue: string): Promise<Card> {
    const cents = parseDecimalCents(activationValue);
    // One statement: two concurrent activations cannot both succeed.
    const row = await this.db
      .updateTable('cards')
      .set({
        status: 'active',
        validation_cents: null,
        updated_at: await this.clocks.now(tenant.merchantId),
      })
      .where('id', '=', id)
      .where('merchant_id', '=', tenant.merchantId)
      .where('status', '=', 'pending_validation')
      .where('validation_cents', '=', cents ?? -1)
      .returningAll()
      .executeTakeFirst();
    if (row !== undefined) return toCard(row);
    await this.require(tenant, id, this.db, 'path parameter id');
    throw new ApiError(spec.invalidActivation());
  }

  async delete(tenant: Tenant, id: string): Promise<void> {
    // A subscription keeps the card it is charged on, even once it ended (its record names it).
    const subscription = await this.db
      .selectFrom('subscriptions')
      .select(['id', 'status'])
      .where('card_id', '=', id)
      .where('merchant_id', '=', tenant.merchantId)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (subscription !== undefined) {
      throw new ApiError(
        badRequest(
          `card ${id} is the payment method of subscription ${subscription.id} (${subscription.status}); it cannot be deleted`,
        ),
      );
    }
    const deleted = await this.db
      .deleteFrom('cards')
      .where('id', '=', id)
      .where('merchant_id', '=', tenant.merchantId)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) {
      throw await this.notFound(tenant, id, 'path parameter id', this.db);
    }
  }

  /**
   * Why no card of the tenant has `id`. Registration answers both `id` and `token`, and only the
   * id is taken: the tenant's own token in its place is a 400 that names its card, so the mistake
   * shows in the sandbox rather than as a 404 in production. Any other value, another merchant's
   * token included, is the spec's 404 `card not found`, which tells nothing about other merchants.
   */
  private async notFound(
    tenant: Tenant,
    id: string,
    place: CardIdPlace,
    db: Kysely<Schema>,
  ): Promise<ApiError> {
    const own = id.startsWith('tok_')
      ? await this.ofTenant(tenant, db).where('cards.token', '=', id).executeTakeFirst()
      : undefined;
    if (own === undefined) return new ApiError(spec.cardNotFound());
    return new ApiError(
      badRequest(
        `${place} takes the card's id (card_…), not its token (tok_…); the card with this token is ${own.id}`,
      ),
    );
  }

  /**
   * The sandbox-only helper, reached by the card's id alone (no key), standing in for the card
   * statement: the status and the pending validation amount.
   */
  async validationAmount(
    id: string,
  ): Promise<{ status: Card['status']; validationAmount: string | null }> {
    const row = await this.db
      .selectFrom('cards')
      .select(['status', 'validation_cents'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new ApiError(spec.cardNotFound());
    const cents = row.validation_cents;
    return { status: row.status, validationAmount: cents === null ? null : formatCents(cents) };
  }
}
