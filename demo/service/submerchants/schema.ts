import * as z from 'zod';
import { normaliseDocumentId } from '../customers/br-documents';
import { fromCents } from '../kernel/db/money';
import type { MerchantRow, MerchantStatus } from '../kernel/db/schema';
import { currencySchema } from '../kernel/http/validation';
import { dateParam, listParams } from '../kernel/lists/list-query';
import { type OrderColumn, text } from '../kernel/lists/page';

/** The spec's Sub-merchant list item. */
export interface SubMerchant {
  id: string;
  tradeName: string;
  legalName: string;
  companyTaxId: string;
  averageMonthlyRevenue: number;
  averageOrderValue: number;
  productType: string;
  website: string;
  gatewayId: string;
  approvedAt: string | null;
  inactivatedAt: string | null;
  status: MerchantStatus;
  metrics: { totalVolume: number; splitBalance: number; splitRate: number };
  contactEmail: string;
  productDescription: string;
  softDescriptor: string | null;
  createdAt: string;
  totalSales: number;
}

export const SUB_MERCHANT_STATUSES = [
  'active',
  'inactive',
  'pending',
  'rejected',
  'blocked',
] as const satisfies readonly MerchantStatus[];

/** Fields of the item `orderBy` accepts (those that are columns), and their columns. */
export const SUB_MERCHANT_COLUMNS = {
  id: 'merchants.id',
  tradeName: text('merchants.trade_name'),
  legalName: text('merchants.legal_name'),
  companyTaxId: 'merchants.company_tax_id',
  averageMonthlyRevenue: 'merchants.average_monthly_revenue_cents',
  averageOrderValue: 'merchants.average_order_value_cents',
  productType: text('merchants.product_type'),
  website: text('merchants.website'),
  gatewayId: 'merchants.gateway_id',
  approvedAt: 'merchants.approved_at',
  inactivatedAt: 'merchants.inactivated_at',
  status: 'merchants.status',
  contactEmail: text('merchants.contact_email'),
  productDescription: text('merchants.product_description'),
  softDescriptor: text('merchants.soft_descriptor'),
  createdAt: 'merchants.created_at',
} as const satisfies Record<string, OrderColumn>;
export type SubMerchantField = keyof typeof SUB_MERCHANT_COLUMNS;
const FIELDS = Object.keys(SUB_MERCHANT_COLUMNS) as SubMerchantField[];

/** The date filters: query name → column (one UTC day, exactly). */
export const DATE_FILTERS = {
  createdAt: 'merchants.created_at',
  updatedAt: 'merchants.updated_at',
  approvedAt: 'merchants.approved_at',
  rejectedAt: 'merchants.rejected_at',
  blockedAt: 'merchants.blocked_at',
  inactivatedAt: 'merchants.inactivated_at',
} as const;

const filterText = z.string().trim().max(200);

/** `GET /v1/submerchants`: the spec's filters (names ours) and the shared list parameters. */
export const subMerchantListQuery = z.object({
  ...listParams('size', FIELDS),
  status: z.enum(SUB_MERCHANT_STATUSES).optional(),
  /** Exactly, punctuation ignored (`12.345.678/0001-95` finds `12345678000195`). */
  companyTaxId: filterText
    .transform(normaliseDocumentId)
    .pipe(z.string().regex(/^[0-9A-Z]+$/, 'must have letters or digits'))
    .optional(),
  /** Contained, case-insensitive. */
  legalName: filterText.optional(),
  tradeName: filterText.optional(),
  createdAt: dateParam.optional(),
  updatedAt: dateParam.optional(),
  approvedAt: dateParam.optional(),
  rejectedAt: dateParam.optional(),
  blockedAt: dateParam.optional(),
  inactivatedAt: dateParam.optional(),
  /** The operating currency. */
  currency: currencySchema.optional(),
});
export type SubMerchantListQuery = z.output<typeof subMerchantListQuery>;

/** `POST /sandbox/submerchants/{id}/status`. */
export const statusChangeBody = z.strictObject({ status: z.enum(SUB_MERCHANT_STATUSES) });

/** A merchant row with its metrics, as the list query selects it. */
export type SubMerchantRow = MerchantRow & {
  total_volume_cents: number | string;
  total_sales: number | string;
  split_balance_cents: number | string;
  split_rate: number | string | null;
};

/** A sub-merchant as the service handles it: cents and dates, turned into JSON once. */
export interface SubMerchantRecord {
  id: string;
  tradeName: string;
  legalName: string;
  companyTaxId: string;
  averageMonthlyRevenueCents: number;
  averageOrderValueCents: number;
  productType: string;
  website: string;
  gatewayId: string;
  approvedAt: Date | null;
  inactivatedAt: Date | null;
  status: MerchantStatus;
  metrics: { totalVolumeCents: number; splitBalanceCents: number; splitRate: number };
  contactEmail: string;
  productDescription: string;
  softDescriptor: string | null;
  createdAt: Date;
  totalSales: number;
}

export const toSubMerchantRecord = (row: SubMerchantRow): SubMerchantRecord => ({
  id: row.id,
  tradeName: row.trade_name,
  legalName: row.legal_name,
  companyTaxId: row.company_tax_id,
  averageMonthlyRevenueCents: Number(row.average_monthly_revenue_cents),
  averageOrderValueCents: Number(row.average_order_value_cents),
  productType: row.product_type,
  website: row.website,
  gatewayId: row.gateway_id,
  approvedAt: row.approved_at,
  inactivatedAt: row.inactivated_at,
  status: row.status,
  metrics: {
    totalVolumeCents: Number(row.total_volume_cents),
    splitBalanceCents: Number(row.split_balance_cents),
    splitRate: row.split_rate === null ? 0 : Number(row.split_rate),
  },
  contactEmail: row.contact_email,
  productDescription: row.product_description,
  softDescriptor: row.soft_descriptor,
  createdAt: row.created_at,
  totalSales: Number(row.total_sales),
});

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** The record as the API answers it and as `merchant.*` events carry it. */
export const subMerchantJson = (record: SubMerchantRecord): SubMerchant => ({
  id: record.id,
  tradeName: record.tradeName,
  legalName: record.legalName,
  companyTaxId: record.companyTaxId,
  averageMonthlyRevenue: fromCents(record.averageMonthlyRevenueCents),
  averageOrderValue: fromCents(record.averageOrderValueCents),
  productType: record.productType,
  website: record.website,
  gatewayId: record.gatewayId,
  approvedAt: iso(record.approvedAt),
  inactivatedAt: iso(record.inactivatedAt),
  status: record.status,
  metrics: {
    totalVolume: fromCents(record.metrics.totalVolumeCents),
    splitBalance: fromCents(record.metrics.splitBalanceCents),
    splitRate: record.metrics.splitRate,
  },
  contactEmail: record.contactEmail,
  productDescription: record.productDescription,
  softDescriptor: record.softDescriptor,
  createdAt: record.createdAt.toISOString(),
  totalSales: record.totalSales,
});

/** The spec's Sub-merchant list item, as answered. */
export const subMerchantSchema = z.strictObject({
  id: z.string(),
  tradeName: z.string(),
  legalName: z.string(),
  companyTaxId: z.string(),
  averageMonthlyRevenue: z.number(),
  averageOrderValue: z.number(),
  productType: z.string(),
  website: z.string(),
  gatewayId: z.string(),
  approvedAt: z.iso.datetime().nullable(),
  inactivatedAt: z.iso.datetime().nullable(),
  status: z.enum(SUB_MERCHANT_STATUSES),
  metrics: z.strictObject({
    totalVolume: z.number(),
    splitBalance: z.number(),
    splitRate: z.number(),
  }),
  contactEmail: z.string(),
  productDescription: z.string(),
  softDescriptor: z.string().nullable(),
  createdAt: z.iso.datetime(),
  totalSales: z.int().min(0),
}) satisfies z.ZodType<SubMerchant>;

/** The sub-merchants' envelope: `data, page, pages, total, size`. */
export const subMerchantListSchema = z.strictObject({
  data: z.array(subMerchantSchema),
  page: z.int().min(1),
  pages: z.int().min(0),
  total: z.int().min(0),
  size: z.int().min(1),
});
