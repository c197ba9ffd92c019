import type { Kysely } from 'kysely';
import type { MerchantAccount } from '../accounts/principal';
import type { Schema } from '../kernel/db/schema';
import { feesTarget, mustBeOwnSubAccount } from './rules';
import { type FeesInfo, toFee } from './schema';

/** Fee information of sub-accounts (`GET /v1/connect/sub-accounts/{id}/fees-info`). */
export class FeeStore {
  constructor(private readonly db: Kysely<Schema>) {}

  /** Whose fees: `feesTarget` in `rules.ts`; a master's `{id}` is looked up among its own. */
  async feesInfo(caller: MerchantAccount, id: string): Promise<FeesInfo> {
    const target = feesTarget(caller, id);
    if (target.kind === 'own') return this.of(target.merchantId);
    const sub = await this.db
      .selectFrom('merchants')
      .select('id')
      .where('id', '=', target.subId)
      .where('kind', '=', 'sub')
      .where('parent_id', '=', target.masterId)
      .executeTakeFirst();
    mustBeOwnSubAccount(sub !== undefined);
    return this.of(target.subId);
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
