import { type Kysely, sql, type Transaction } from 'kysely';
import type { MerchantStatus, Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import { recordEvents } from '../kernel/delivery/outbox';
import { ApiError, ownError } from '../kernel/http/errors';
import { fetchPage, likePattern, sizeEnvelope } from '../kernel/lists/page';
import { statusChange } from './rules';
import {
  DATE_FILTERS,
  SUB_MERCHANT_COLUMNS,
  type SubMerchantListQuery,
  type SubMerchantRecord,
  type SubMerchantRow,
  subMerchantJson,
  toSubMerchantRecord,
} from './schema';

/**
 * Sub-merchants with their metrics, one statement for a page: `totalVolume` and `totalSales`
 * are the paid BRL charges' sum and count; `splitBalance` is the BRL wallet's available plus
 * pending, which together are every BRL ledger entry's amount whatever the clock; `splitRate`
 * the first percentage (one installment) of the default credit-card spread in the merchant's
 * operating currency.
 */
const withMetrics = (db: Kysely<Schema>) =>
  db
    .selectFrom('merchants')
    .selectAll('merchants')
    .select([
      sql<string>`(select coalesce(sum(c.amount_cents), 0) from charges c
        where c.merchant_id = merchants.id and c.status = 'paid' and c.currency = 'BRL')`.as(
        'total_volume_cents',
      ),
      sql<string>`(select count(*) from charges c
        where c.merchant_id = merchants.id and c.status = 'paid' and c.currency = 'BRL')`.as(
        'total_sales',
      ),
      sql<string>`(select coalesce(sum(b.amount_cents), 0) from balance_entries b
        where b.merchant_id = merchants.id and b.currency = 'BRL')`.as('split_balance_cents'),
      sql<string | null>`(select f.percentages ->> 0 from fees f
        where f.merchant_id = merchants.id and f.fee_type = 'tx_spread'
          and f.payment_method = 'credit_card' and f.brand is null
          and f.currency_code = merchants.currency
        order by f.position limit 1)`.as('split_rate'),
    ])
    .where('merchants.kind', '=', 'sub');

export const subMerchantNotFound = () => ownError(404, 'sub-merchant not found');

/** The sub-merchants of a master, and the administrator's status changes. */
export class SubMerchantStore {
  constructor(private readonly db: Kysely<Schema>) {}

  /** `GET /v1/submerchants`: the master's own sub-merchants only. */
  async list(masterId: string, query: SubMerchantListQuery) {
    let rows = withMetrics(this.db).where('merchants.parent_id', '=', masterId);
    if (query.status !== undefined) rows = rows.where('merchants.status', '=', query.status);
    if (query.companyTaxId !== undefined) {
      rows = rows.where('merchants.company_tax_id', '=', query.companyTaxId);
    }
    if (query.legalName) {
      rows = rows.where('merchants.legal_name', 'ilike', likePattern(query.legalName));
    }
    if (query.tradeName) {
      rows = rows.where('merchants.trade_name', 'ilike', likePattern(query.tradeName));
    }
    for (const [name, column] of Object.entries(DATE_FILTERS)) {
      const day = query[name as keyof typeof DATE_FILTERS];
      if (day !== undefined) {
        rows = rows.where(column, '>=', day.start).where(column, '<', day.end);
      }
    }
    if (query.currency !== undefined) rows = rows.where('merchants.currency', '=', query.currency);
    const request = { page: query.page, size: query.size, orderBy: query.orderBy };
    const page = await fetchPage(rows, request, SUB_MERCHANT_COLUMNS, 'merchants.id');
    return sizeEnvelope(
      page.rows.map((row) => toSubMerchantRecord(row as SubMerchantRow)),
      page.total,
      request,
    );
  }

  /** A sub-merchant by id (any master's), or undefined; `db`: the caller's transaction, if any. */
  async find(id: string, db: Kysely<Schema>): Promise<SubMerchantRecord | undefined> {
    const row = await withMetrics(db).where('merchants.id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toSubMerchantRecord(row as SubMerchantRow);
  }

  /**
   * The administrator's operation: the new status, its date, `updatedAt`; `merchant.updated`
   * (and `merchant.approved` on becoming active: `statusChange` in `rules.ts`) for the
   * sub-merchant and for its master, with the resource envelope, in the same transaction. Unknown
   * or a master: 404. The caller drops cached keys after the commit (a key's merchant status is
   * cached).
   */
  async changeStatus(id: string, status: MerchantStatus): Promise<SubMerchantRecord> {
    return inTransaction(this.db, (trx) => this.changeStatusIn(trx, id, status));
  }

  private async changeStatusIn(
    trx: Transaction<Schema>,
    id: string,
    status: MerchantStatus,
  ): Promise<SubMerchantRecord> {
    const current = await trx
      .selectFrom('merchants')
      .select(['status', 'parent_id'])
      .where('id', '=', id)
      .where('kind', '=', 'sub')
      .forUpdate()
      .executeTakeFirst();
    if (current === undefined || current.parent_id === null) {
      throw new ApiError(subMerchantNotFound());
    }
    const { dateColumn, events } = statusChange(current.status, status);
    const now = new Date();
    await trx
      .updateTable('merchants')
      .set({
        status,
        updated_at: now,
        ...(dateColumn === undefined ? {} : { [dateColumn]: now }),
      })
      .where('id', '=', id)
      .execute();
    const item = await this.find(id, trx);
    if (item === undefined) throw new Error(`sub-merchant ${id} vanished in its own update`);
    const data = subMerchantJson(item);
    const owners = [id, current.parent_id];
    await recordEvents(
      trx,
      owners.flatMap((merchantId) =>
        events.map((event) => ({
          merchantId,
          event,
          resourceType: 'merchant',
          resourceId: id,
          data,
          envelope: 'resource' as const,
        })),
      ),
    );
    return item;
  }
}
