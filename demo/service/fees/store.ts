import type { Kysely } from 'kysely';
import type { MerchantAccount } from '../accounts/principal';
import type { Schema } from '../kernel/db/schema';
import { ApiError, spec } from '../kernel/http/errors';
import { type FeesInfo, toFee } from './schema';

/** Fee information of sub-accounts (`GET /v1/connect/sub-accounts/{id}/fees-info`). */
export class FeeStore {
  constructor(private readonly db: Kysely<Schema>) {}

  /**
   * As the spec says: a sub-account always gets its own fees, whatever `{id}`; a master needs
   * `enable_connect` (403, checked first) and `{id}` must be one of its sub-merchants; its own
   * id, another master's sub-merchant, an unknown or malformed id: 404 `sub-account not found`.
   */
  async feesInfo(caller: MerchantAccount, id: string): Promise<FeesInfo> {
    if (caller.kind === 'sub') return this.of(caller.id);
    if (!caller.capabilities.includes('enable_connect')) throw new ApiError(spec.connectRequired());
    const sub = await this.db
      .selectFrom('merchants')
      .select('id')
      .where('id', '=', id)
      .where('kind', '=', 'sub')
      .where('parent_id', '=', caller.id)
      .executeTakeFirst();
    if (sub === undefined) throw new ApiError(spec.subAccountNotFound());
    return this.of(sub.id);
  }

  private async of(merchantId: string): Promise<FeesInfo> {
    const [merchant, fees] = await Promise.all([
      this.db
        .selectFrom('merchants')
        .select(['id', 'legal_name', 'company_tax_id'])
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('fees')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('position')
        .execute(),
    ]);
    return {
      merchant: {
        id: merchant.id,
        legalName: merchant.legal_name,
        companyTaxId: merchant.company_tax_id,
      },
      fees: fees.map(toFee),
    };
  }
}
