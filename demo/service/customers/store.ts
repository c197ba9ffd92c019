import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { MerchantClocks } from '../kernel/clock';
import { lock } from '../kernel/db/merged-begin';
import type { CustomerRow, Schema } from '../kernel/db/schema';
import { ApiError, spec } from '../kernel/http/errors';
import { newId } from '../kernel/ids';
import { fetchPage, likePattern, metaEnvelope } from '../kernel/lists/page';
import { type Identification, identify } from './rules';
import {
  CUSTOMER_COLUMNS,
  type Customer,
  type CustomerInput,
  type CustomerListQuery,
  toCustomer,
} from './schema';

/**
 * The look-up-or-create statement by what identifies the shopper (`identify` in rules.ts), as
 * fixed text (it runs for every charge of a new shopper: no query building). $1 merchant, $2 the
 * identification's `match`, $3… the new customer's columns.
 */
const LOOK_UP_OR_CREATE = (() => {
  const statement = (match: string) => `
    with found as (
      select * from customers where merchant_id = $1 and ${match}
      order by created_at, id limit 1
    ),
    created as (
      insert into customers (id, merchant_id, gateway_id, name, email, document_id,
        document_type, phone_number, created_at, updated_at)
      select $3, $1, $4, $5, $6, $7, $8, $9, $10::timestamptz, $10::timestamptz
      where not exists (select from found)
      returning *
    )
    select * from found union all select * from created`;
  return {
    email: statement('lower(email) = $2'),
    phone: statement('phone_number = $2'),
    none: statement('id = $2'),
  };
})();

/** Customers in the database; every method is scoped to one merchant (`Tenant`). */
export class CustomerStore {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly clocks: MerchantClocks,
  ) {}

  private ofTenant(tenant: Tenant, db: Kysely<Schema>) {
    return db
      .selectFrom('customers')
      .selectAll('customers')
      .where('customers.merchant_id', '=', tenant.merchantId);
  }

  async list(tenant: Tenant, query: CustomerListQuery) {
    let rows = this.ofTenant(tenant, this.db);
    if (query.email !== undefined) {
      rows = rows.where((eb) =>
        eb(eb.fn('lower', ['customers.email']), '=', query.email?.toLowerCase()),
      );
    }
    if (query.document !== undefined)
      rows = rows.where('customers.document_id', '=', query.document);
    if (query.search !== undefined && query.search !== '') {
      const pattern = likePattern(query.search);
      rows = rows.where((eb) =>
        eb.or([
          eb('customers.name', 'ilike', pattern),
          eb('customers.email', 'ilike', pattern),
          eb('customers.document_id', 'ilike', pattern),
          eb('customers.phone_number', 'ilike', pattern),
        ]),
      );
    }
    const request = { page: query.page, size: query.limit, orderBy: query.orderBy };
    const page = await fetchPage(rows, request, CUSTOMER_COLUMNS, 'customers.id');
    return metaEnvelope(page.rows.map(toCustomer), page.total, request);
  }

  /** The tenant's customer, or the spec's 404 `customer not found` (also for another's). */
  require(tenant: Tenant, id: string): Promise<Customer> {
    return this.requireIn(this.db, tenant, id);
  }

  /** `require` through `db`: a charge reads its customer with its own handle. */
  async requireIn(db: Kysely<Schema>, tenant: Tenant, id: string): Promise<Customer> {
    const row = await this.ofTenant(tenant, db).where('customers.id', '=', id).executeTakeFirst();
    if (row === undefined) throw new ApiError(spec.customerNotFound());
    return toCustomer(row);
  }

  /**
   * The customer of a charge's (or subscription's) input, as `identify` says: by id, else looked
   * up, else created in the caller's transaction, so it commits or rolls back with its change.
   */
  resolveFor(tenant: Tenant, input: CustomerInput, trx: Transaction<Schema>): Promise<Customer> {
    const identification = identify(input);
    if (identification.by === 'id') return this.requireIn(trx, tenant, identification.id);
    return this.lookUpOrCreate(trx, tenant, identification);
  }

  /**
   * One look-up-or-create at a time per merchant and e-mail (or phone), across processes too:
   * concurrent charges for a new shopper must not create the same customer twice. The advisory
   * lock lasts until the transaction ends, so a caller's transaction holds it until its commit:
   * the next look-up then sees the customer. After the lock, one statement looks up and creates
   * when nothing was found (a statement's snapshot is taken when it starts: the lock must come
   * in a statement of its own, before).
   */
  private async lookUpOrCreate(
    trx: Transaction<Schema>,
    tenant: Tenant,
    { by, match, created }: Exclude<Identification, { by: 'id' }>,
  ): Promise<Customer> {
    await lock(trx, `customer ${tenant.merchantId} ${by === 'email' ? match : `phone ${match}`}`);
    const at = await this.clocks.now(tenant.merchantId, trx);
    const { rows } = await trx.executeQuery<CustomerRow>(
      CompiledQuery.raw(LOOK_UP_OR_CREATE[by], [
        tenant.merchantId,
        match,
        newId('cus'),
        newId('gw'),
        created.name,
        created.email,
        created.documentId,
        created.documentType,
        created.phoneNumber,
        at,
      ]),
    );
    const [row] = rows;
    if (row === undefined) throw new Error('customer look-up-or-create returned no row');
    return toCustomer(row);
  }
}
