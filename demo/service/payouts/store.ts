import { type Kysely, sql } from 'kysely';
import type { MerchantAccount, Principal } from '../accounts/principal';
import { merchantNow } from '../kernel/clock';
import type { Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import { recordEvents } from '../kernel/delivery/outbox';
import { ApiError, badRequest, forbiddenBecause, spec } from '../kernel/http/errors';
import { newId } from '../kernel/ids';
import { fetchPage, sizeEnvelope } from '../kernel/lists/page';
import { balances, entryRow, lockWallet, type NewBalanceEntry } from '../wallets/ledger';
import { payoutFeeCents } from './fee';
import {
  PAYOUT_COLUMNS,
  PAYOUT_CURRENCY,
  type PayoutListQuery,
  type PayoutRequest,
  type PayoutRow,
  toPayoutRequest,
} from './schema';

/** Whose requests a caller lists: everyone's, one merchant's, or a master's sub-merchants'. */
export type PayoutScope =
  | { kind: 'all' }
  | { kind: 'merchant'; merchantId: string }
  | { kind: 'subsOf'; masterId: string };

export type Review = { decision: 'approve' } | { decision: 'reject'; reason: string };

const REVIEWED = { approve: 'approved', reject: 'rejected' } as const;

/** Payout requests: creation against the BRL wallet, the lists, and the administrator's review. */
export class PayoutStore {
  constructor(private readonly db: Kysely<Schema>) {}

  private withMerchant(db: Kysely<Schema> = this.db) {
    return db
      .selectFrom('payout_requests')
      .innerJoin('merchants', 'merchants.id', 'payout_requests.merchant_id')
      .selectAll('payout_requests')
      .select([
        'merchants.legal_name as merchant_legal_name',
        'merchants.contact_email as merchant_email',
      ]);
  }

  /**
   * A request of `amountCents` by the sub-merchant: under the wallet's lock (concurrent requests
   * wait, so together they never take more than is available), the request and its
   * `payout_requested` entry (out of available, into reserved) in one statement.
   */
  async create(sub: MerchantAccount, amountCents: number): Promise<{ id: string }> {
    return inTransaction(this.db, async (trx) => {
      await lockWallet(trx, sub.id, PAYOUT_CURRENCY);
      const clock = await merchantNow(trx, sub.id);
      const [wallet] = await balances(trx, sub.id, clock, PAYOUT_CURRENCY);
      if ((wallet?.available ?? 0) < amountCents) throw new ApiError(spec.insufficientBalance());
      const id = newId('po');
      const fee = payoutFeeCents(amountCents);
      const at = clock;
      const entry: NewBalanceEntry = {
        merchantId: sub.id,
        currency: PAYOUT_CURRENCY,
        kind: 'payout_requested',
        referenceId: id,
        amountCents: -amountCents,
        reservedCents: amountCents,
        settlesAt: clock,
      };
      await trx
        .with('request', (db) =>
          db.insertInto('payout_requests').values({
            id,
            merchant_id: sub.id,
            amount_cents: amountCents,
            currency: PAYOUT_CURRENCY,
            payout_fee_cents: fee,
            net_amount_cents: amountCents - fee,
            status: 'pending',
            pix_key: sub.companyTaxId,
            created_at: at,
            updated_at: at,
          }),
        )
        .insertInto('balance_entries')
        .values(entryRow(entry))
        .execute();
      return { id };
    });
  }

  async find(id: string, db: Kysely<Schema> = this.db): Promise<PayoutRequest | undefined> {
    const row = await this.withMerchant(db).where('payout_requests.id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toPayoutRequest(row);
  }

  /** The request, or the spec's 404 `payout request not found`. */
  async require(id: string): Promise<PayoutRequest> {
    const found = await this.find(id);
    if (found === undefined) throw new ApiError(spec.payoutNotFound());
    return found;
  }

  /**
   * Whose requests the caller may list, narrowed to `merchantId` when given; a `merchantId`
   * outside the caller's own scope is a 403 that names it.
   */
  async scopeOf(principal: Principal, merchantId: string | undefined): Promise<PayoutScope> {
    if (principal.role === 'admin') {
      return merchantId === undefined ? { kind: 'all' } : { kind: 'merchant', merchantId };
    }
    const { merchant } = principal;
    if (merchant.kind === 'sub') {
      if (merchantId !== undefined && merchantId !== merchant.id) {
        throw new ApiError(
          forbiddenBecause('merchantId is not this sub-merchant: a sub-merchant lists its own'),
        );
      }
      return { kind: 'merchant', merchantId: merchant.id };
    }
    if (merchantId === undefined) return { kind: 'subsOf', masterId: merchant.id };
    const sub = await this.db
      .selectFrom('merchants')
      .select('id')
      .where('id', '=', merchantId)
      .where('parent_id', '=', merchant.id)
      .executeTakeFirst();
    if (sub === undefined) {
      throw new ApiError(
        forbiddenBecause(
          'merchantId is not a sub-merchant of this master: a master lists its sub-merchants’',
        ),
      );
    }
    return { kind: 'merchant', merchantId };
  }

  /** One page, its totals, and `pendingCount` (every filter but `status`, across pages). */
  async list(scope: PayoutScope, query: PayoutListQuery) {
    const matching = (withStatus: boolean) => {
      let rows = this.withMerchant();
      if (scope.kind === 'merchant') {
        rows = rows.where('payout_requests.merchant_id', '=', scope.merchantId);
      } else if (scope.kind === 'subsOf') {
        rows = rows.where('merchants.parent_id', '=', scope.masterId);
      }
      if (query.currency !== undefined) {
        rows = rows.where('payout_requests.currency', '=', query.currency);
      }
      if (query.startDate !== undefined) {
        rows = rows.where('payout_requests.created_at', '>=', query.startDate.start);
      }
      if (query.endDate !== undefined) {
        rows = rows.where('payout_requests.created_at', '<', query.endDate.end);
      }
      const status = withStatus ? query.status : undefined;
      if (status === 'processing') rows = rows.where(sql<boolean>`false`);
      else if (status !== undefined) rows = rows.where('payout_requests.status', '=', status);
      return rows;
    };
    const request = { page: query.page, size: query.size, orderBy: query.orderBy };
    const [page, pending] = await Promise.all([
      fetchPage(matching(true), request, PAYOUT_COLUMNS, 'payout_requests.id'),
      matching(false)
        .clearSelect()
        .select(sql<number>`count(*)::int`.as('count'))
        .where('payout_requests.status', '=', 'pending')
        .executeTakeFirstOrThrow(),
    ]);
    return {
      ...sizeEnvelope(page.rows.map(toPayoutRequest), page.total, request),
      pendingCount: Number(pending.count),
    };
  }

  /**
   * The administrator's decision on a pending request, with the row locked: its status and
   * dates, the ledger entry (approved: the reserve is gone; rejected: back to available) and the
   * `payout.approved` / `payout.rejected` event with the resource envelope, in one transaction.
   */
  async review(id: string, review: Review): Promise<PayoutRequest> {
    return inTransaction(this.db, async (trx) => {
      const row = await this.withMerchant(trx)
        .where('payout_requests.id', '=', id)
        .forUpdate('payout_requests')
        .executeTakeFirst();
      if (row === undefined) throw new ApiError(spec.payoutNotFound());
      if (row.status !== 'pending') {
        throw new ApiError(badRequest(`payout request is not pending (it is ${row.status})`));
      }
      const at = await merchantNow(trx, row.merchant_id);
      const status = REVIEWED[review.decision];
      const rejectionReason = review.decision === 'reject' ? review.reason : null;
      const reviewed: PayoutRow = {
        ...row,
        status,
        rejection_reason: rejectionReason,
        processed_at: at,
        updated_at: at,
      };
      const record = toPayoutRequest(reviewed);
      const amount = row.amount_cents;
      await trx
        .insertInto('balance_entries')
        .values(
          entryRow({
            merchantId: row.merchant_id,
            currency: row.currency,
            kind: status === 'approved' ? 'payout_approved' : 'payout_rejected',
            referenceId: id,
            amountCents: status === 'approved' ? 0 : amount,
            reservedCents: -amount,
            settlesAt: at,
          }),
        )
        .execute();
      await recordEvents(
        trx,
        [
          {
            merchantId: row.merchant_id,
            event: `payout.${status}`,
            resourceType: 'payout_request',
            resourceId: id,
            data: record,
            envelope: 'resource',
            occurredAt: at,
          },
        ],
        (db) =>
          db
            .updateTable('payout_requests')
            .set({ status, rejection_reason: rejectionReason, processed_at: at, updated_at: at })
            .where('id', '=', id)
            .returning('id'),
      );
      return record;
    });
  }
}
