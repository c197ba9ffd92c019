import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isValidCnpj, normaliseDocumentId } from '../customers/br-documents';
import type { Schema } from '../kernel/db/schema';

/** Who a PIX code pays: the merchant's PIX key, name and city, as its BR Code carries them. */
export interface PixPayee {
  key: string;
  name: string;
  city: string;
}

/**
 * The merchants table has no address: every code names the same city (a BR Code must name one;
 * no reader of the sandbox's codes pays by it).
 */
export const PAYEE_CITY = 'SAO PAULO';

/**
 * A random-looking (EVP) PIX key that stays the same for the merchant, across restarts and
 * resets, without a column: a UUID (version 4 layout) made from a hash of the merchant's id.
 */
export function evpKeyOf(merchantId: string): string {
  const hex = createHash('sha256').update(`pix-evp:${merchantId}`).digest('hex').slice(0, 32);
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/** The merchant's CNPJ when its company tax id is a valid one, else its EVP key. */
export function pixKeyOf(merchantId: string, companyTaxId: string): string {
  const cnpj = normaliseDocumentId(companyTaxId);
  return isValidCnpj(cnpj) ? cnpj : evpKeyOf(merchantId);
}

/** The merchant as its PIX codes name it (one look-up by primary key). */
export async function payeeOf(db: Kysely<Schema>, merchantId: string): Promise<PixPayee> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['trade_name', 'company_tax_id'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return {
    key: pixKeyOf(merchantId, merchant.company_tax_id),
    name: merchant.trade_name,
    city: PAYEE_CITY,
  };
}
