import type { CustomerInput } from './schema';

/**
 * Which customer a charge (or a subscription) is for. Its document was checked and normalised
 * when the input was validated (`br-documents.ts`): it is kept as given here.
 */

/** A new customer's fields, from the input: text trimmed, '' for what was not given. */
export interface NewCustomer {
  name: string;
  email: string;
  documentId: string;
  documentType: string;
  phoneNumber: string;
}

/**
 * How the input finds its customer, in the spec's order: by `id` (used unchanged: the other
 * fields are ignored), else by e-mail (any case), else by phone, else by nothing at all; found
 * by e-mail, phone or nothing, the merchant's oldest customer that `match`es is taken, and when
 * none does, one is created from `created`.
 */
export type Identification =
  | { by: 'id'; id: string }
  | { by: 'email' | 'phone' | 'none'; match: string; created: NewCustomer };

export function identify(input: CustomerInput): Identification {
  if (input.id !== undefined) return { by: 'id', id: input.id };
  const email = input.email?.trim();
  const phone = input.phone?.trim();
  const created: NewCustomer = {
    name: input.name?.trim() ?? '',
    email: email ?? '',
    documentId: input.document?.id ?? '',
    documentType: input.document?.type ?? '',
    phoneNumber: phone ?? '',
  };
  // Without e-mail or phone, '' matches no customer (no id is ''): a new one each time.
  if (email !== undefined) return { by: 'email', match: email.toLowerCase(), created };
  if (phone !== undefined) return { by: 'phone', match: phone, created };
  return { by: 'none', match: '', created };
}
