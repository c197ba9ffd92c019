import * as z from 'zod';
import type { CustomerRow } from '../kernel/db/schema';
import { listParams } from '../kernel/lists/list-query';
import { type OrderColumn, text } from '../kernel/lists/page';

/** The spec's Customer record. */
export interface Customer {
  id: string;
  gatewayId: string;
  name: string;
  email: string;
  documentId: string;
  documentType: string;
  phoneNumber: string;
  createdAt: string;
  updatedAt: string;
}

/** The spec's customer input of a charge, after validation. */
export interface CustomerInput {
  id?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  document?: { type: string; id: string } | undefined;
}

/** Fields `orderBy` accepts, and their columns. */
export const CUSTOMER_COLUMNS = {
  id: 'customers.id',
  name: text('customers.name'),
  email: text('customers.email'),
  documentId: 'customers.document_id',
  documentType: 'customers.document_type',
  phoneNumber: 'customers.phone_number',
  createdAt: 'customers.created_at',
  updatedAt: 'customers.updated_at',
} as const satisfies Record<string, OrderColumn>;
export type CustomerField = keyof typeof CUSTOMER_COLUMNS;
const FIELDS = Object.keys(CUSTOMER_COLUMNS) as CustomerField[];

const filterText = z.string().trim().max(200);

/** `GET /v1/customers`: the spec's filters (names ours) and the shared list parameters. */
export const customerListQuery = z.object({
  ...listParams('limit', FIELDS),
  /** Contained, case-insensitive, in the name, e-mail, document or phone. */
  search: filterText.optional(),
  /** The whole e-mail, case-insensitive. */
  email: filterText.optional(),
  /** The document number, exactly. */
  document: filterText.optional(),
});
export type CustomerListQuery = z.output<typeof customerListQuery>;

export const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id,
  gatewayId: row.gateway_id,
  name: row.name,
  email: row.email,
  documentId: row.document_id,
  documentType: row.document_type,
  phoneNumber: row.phone_number,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The spec's Customer record, as answered. */
export const customerSchema = z.strictObject({
  id: z.string(),
  gatewayId: z.string(),
  name: z.string(),
  email: z.string(),
  documentId: z.string(),
  documentType: z.string(),
  phoneNumber: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}) satisfies z.ZodType<Customer>;

/** A page of a list with `data` and `meta` (customers; subscriptions and plans in the spec). */
export const metaPageSchema = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    data: z.array(item),
    meta: z.strictObject({
      total: z.int().min(0),
      page: z.int().min(1),
      limit: z.int().min(1),
      totalPages: z.int().min(0),
    }),
  });

export const customerListSchema = metaPageSchema(customerSchema);
