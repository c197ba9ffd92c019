import type {
  Capability,
  KeyKind,
  MerchantKind,
  MerchantRow,
  MerchantStatus,
} from '../kernel/db/schema';

/** The merchant behind a key or a token, as the API needs it for roles and tenancy. */
export interface MerchantAccount {
  id: string;
  kind: MerchantKind;
  /** The master of a sub-merchant. */
  parentId: string | null;
  status: MerchantStatus;
  capabilities: readonly Capability[];
  legalName: string;
  tradeName: string;
  companyTaxId: string;
  contactEmail: string;
}

/** Who is calling: a merchant (by key or token) or the administrator (by token). */
export type Principal =
  | { role: 'merchant'; merchant: MerchantAccount; credential: KeyKind | 'token' }
  | { role: 'admin'; loginId: string; credential: 'token' };

export const merchantAccount = (row: MerchantRow): MerchantAccount => ({
  id: row.id,
  kind: row.kind,
  parentId: row.parent_id,
  status: row.status,
  capabilities: row.capabilities,
  legalName: row.legal_name,
  tradeName: row.trade_name,
  companyTaxId: row.company_tax_id,
  contactEmail: row.contact_email,
});

/** The merchant whose rows a principal reads and writes; the administrator has none. */
export const merchantOf = (principal: Principal): MerchantAccount | undefined =>
  principal.role === 'merchant' ? principal.merchant : undefined;
