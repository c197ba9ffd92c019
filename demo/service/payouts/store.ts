import { type Kysely, sql, type Transaction } from 'kysely';
import type { MerchantAccount, Principal } from '../accounts/principal';
import { merchantNow } from '../kernel/clock';
import type { Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import { recordEvents } from '../kernel/delivery/outbox';
import { ApiError, spec } from '../kernel/http/errors';
import { newId } from '../kernel/ids';
import { fetchPage, sizeEnvelope } from '../kernel/lists/page';
import { balances, entryRow, lockWallet, type NewBalanceEntry } from '../wallets/ledger';
import { payoutMovement } from '../wallets/rules';
import {
  listScope,
  mustBeOwnSubMerchant,
  mustNotOverdraw,
  PAYOUT_CURRENCY,
  type PayoutScope,
  payoutFeeCents,
  type Review,
  reviewed,
} from './rules';
import {
  PAYOUT_COLUMNS,
  type PayoutListQuery,
  type PayoutRecord,
  payoutJson,
  toPayoutRecord,
} from './schema';

/** Payout requests: creation against the BRL wallet, the lists, and the administrator's review. */
export class PayoutStore {
  constructor(private readonly db: Kysely<Schema>) {}

  private withMerchant(db: Kysely<Schema>) {
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
      mustNotOverdraw(wallet?.available ?? 0, amountCents);
      const id = newId('po');
      const fee = payoutFeeCents(amountCents);
      const at = clock;
      const entry: NewBalanceEntry = {
        merchantId: sub.id,
        currency: PAYOUT_CURRENCY,
        kind: 'payout_requested',
        referenceId: id,
        ...payoutMovement('payout_requested', amountCents),
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

  async find(id: string): Promise<PayoutRecord | undefined> {
    const row = await this.withMerchant(this.db)
      .where('payout_requests.id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toPayoutRecord(row);
  }

  /** The request, or the spec's 404 `payout request not found`. */
  async require(id: string): Promise<PayoutRecord> {
    const found = await this.find(id);
    if (found === undefined) throw new ApiError(spec.payoutNotFound());
    return found;
  }

  /**
   * Whose requests the caller may list (`listScope` in `rules.ts`), narrowed to `merchantId`
   * when given; a master's `merchantId` is looked up to see it is one of its sub-merchants.
   */
  async scopeOf(principal: Principal, merchantId: string | undefined): Promise<PayoutScope> {
    const scope = listScope(principal, merchantId);
    if (scope.kind !== 'ofMaster') return scope;
    const sub = await this.db
      .selectFrom('merchants')
      .select('id')
      .where('id', '=', scope.merchantId)
      .where('parent_id', '=', scope.masterId)
      .executeTakeFirst();
    mustBeOwnSubMerchant(sub !== undefined);
    return { kind: 'merchant', merchantId: scope.merchantId };
  }

  /** One page, its totals, and `pendingCount` (every filter but `status`, across pages). */
  async list(scope: PayoutScope, query: PayoutListQuery) {
    const matching = (withStatus: boolean) => {
      let rows = this.withMerchant(this.db);
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
      ...sizeEnvelope(page.rows.map(toPayoutRecord), page.total, request),
      pendingCount: Number(pending.count),
    };
  }

  /**
   * The administrator's decision on a pending request, with the row locked: its status and
   * dates, the ledger entry (approved: the reserve is gone; rejected: back to available) and the
   * `payout.approved` / `payout.rejected` event with the resource envelope, in one transaction.
   */
  async review(id: string, review: Review): Promise<PayoutRecord> {
    return inTransaction(this.db, (trx) => this.reviewIn(trx, id, review));
  }

  private async reviewIn(
    trx: Transaction<Schema>,
    id: string,
    review: Review,
  ): Promise<PayoutRecord> {
    const row = await this.withMerchant(trx)
      .where('payout_requests.id', '=', id)
      .forUpdate('payout_requests')
      .executeTakeFirst();
    if (row === undefined) throw new ApiError(spec.payoutNotFound());
    const { status, rejectionReason } = reviewed(row.status, review);
    const at = await merchantNow(trx, row.merchant_id);
    const record: PayoutRecord = {
      ...toPayoutRecord(row),
      status,
      rejectionReason,
      processedAt: at,
      updatedAt: at,
    };
    const kind = status === 'approved' ? 'payout_approved' : 'payout_rejected';
    await trx
      .insertInto('balance_entries')
      .values(
        entryRow({
          merchantId: row.merchant_id,
          currency: row.currency,
          kind,
          referenceId: id,
          ...payoutMovement(kind, row.amount_cents),
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
          data: payoutJson(record),
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
  }
}
