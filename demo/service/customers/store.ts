import { CompiledQuery, type Kysely } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { MerchantClocks } from '../kernel/clock';
import { lock } from '../kernel/db/merged-begin';
import type { CustomerRow, Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import { ApiError, spec } from '../kernel/http/errors';
import { newId } from '../kernel/ids';
import { fetchPage, likePattern, metaEnvelope } from '../kernel/lists/page';
import {
  CUSTOMER_COLUMNS,
  type Customer,
  type CustomerInput,
  type CustomerListQuery,
  toCustomer,
} from './schema';

/**
 * The look-up-or-create statement by what identifies the shopper, as fixed text (it runs for
 * every charge of a new shopper: no query building). $1 merchant, $2 the e-mail in lower case,
 * the phone or '' (no customer has the id ''), $3… the new customer's columns.
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

  private ofTenant(tenant: Tenant, db: Kysely<Schema> = this.db) {
    return db
      .selectFrom('customers')
      .selectAll('customers')
      .where('customers.merchant_id', '=', tenant.merchantId);
  }

  async list(tenant: Tenant, query: CustomerListQuery) {
    let rows = this.ofTenant(tenant);
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

  async find(
    tenant: Tenant,
    id: string,
    db: Kysely<Schema> = this.db,
  ): Promise<Customer | undefined> {
    const row = await this.ofTenant(tenant, db).where('customers.id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toCustomer(row);
  }

  /** The tenant's customer, or the spec's 404 `customer not found` (also for another's). */
  async require(tenant: Tenant, id: string, db: Kysely<Schema> = this.db): Promise<Customer> {
    const customer = await this.find(tenant, id, db);
    if (customer === undefined) throw new ApiError(spec.customerNotFound());
    return customer;
  }

  /**
   * The spec: by `id` (used unchanged), else looked up by e-mail or phone, else created. Given a
   * transaction (`db`), a customer it creates commits or rolls back with the caller's change.
   */
  resolveFor(
    tenant: Tenant,
    input: CustomerInput,
    db: Kysely<Schema> = this.db,
  ): Promise<Customer> {
    if (input.id !== undefined) return this.require(tenant, input.id, db);
    return this.lookUpOrCreate(tenant, input, db);
  }

  /**
   * One look-up-or-create at a time per merchant and e-mail (or phone), across processes too:
   * concurrent charges for a new shopper must not create the same customer twice. The advisory
   * lock lasts until the transaction ends, so a caller's transaction holds it until its commit:
   * the next look-up then sees the customer. After the lock, one statement looks up and creates
   * when nothing was found (a statement's snapshot is taken when it starts: the lock must come
   * in a statement of its own, before).
   */
  private lookUpOrCreate(
    tenant: Tenant,
    input: CustomerInput,
    db: Kysely<Schema>,
  ): Promise<Customer> {
    const email = input.email?.trim();
    const phone = input.phone?.trim();
    const key = `customer ${tenant.merchantId} ${email?.toLowerCase() ?? `phone ${phone ?? ''}`}`;
    return inTransaction(db, async (trx) => {
      await lock(trx, key);
      const by = email !== undefined ? 'email' : phone !== undefined ? 'phone' : 'none';
      const match = email?.toLowerCase() ?? phone ?? '';
      const at = await this.clocks.now(tenant.merchantId, trx);
      const { rows } = await trx.executeQuery<CustomerRow>(
        CompiledQuery.raw(LOOK_UP_OR_CREATE[by], [
          tenant.merchantId,
          match,
          newId('cus'),
          newId('gw'),
          input.name?.trim() ?? '',
          email ?? '',
          input.document?.id ?? '',
          input.document?.type ?? '',
          phone ?? '',
          at,
        ]),
      );
      const [row] = rows;
      if (row === undefined) throw new Error('customer look-up-or-create returned no row');
      return toCustomer(row);
    });
  }
}
