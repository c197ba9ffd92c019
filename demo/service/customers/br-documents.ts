/**
 * Brazilian tax ids: CPF (people) and CNPJ (companies), checked by their modulo-11 check digits.
 * The sandbox keeps its own copy of these rules (it never imports the library's code).
 */

export type BrazilianDocumentType = 'cpf' | 'cnpj';

export const BRAZILIAN_DOCUMENT_TYPES: readonly BrazilianDocumentType[] = ['cpf', 'cnpj'];

export const isBrazilianDocumentType = (type: string): type is BrazilianDocumentType =>
  (BRAZILIAN_DOCUMENT_TYPES as readonly string[]).includes(type);

/** The separators of the printed forms (`529.982.247-25`, `11.222.333/0001-81`). */
const PUNCTUATION = /[.\-/\s]/g;

/** The id without punctuation, letters in capitals: the form the sandbox stores. */
export const normaliseDocumentId = (id: string): string =>
  id.replace(PUNCTUATION, '').toUpperCase();

/**
 * A character's value in the check-digit sums: its ASCII code minus 48, so digits are worth
 * themselves and letters (alphanumeric CNPJ, from July 2026) 17 for A to 42 for Z.
 */
const charValue = (char: string): number => char.charCodeAt(0) - 48;

/** Modulo 11 with weights from `firstWeight` down to 2, restarting at 9 (CNPJ) after 2. */
function checkDigit(body: string, firstWeight: number, restartAt: number): number {
  let sum = 0;
  let weight = firstWeight;
  for (const char of body) {
    sum += charValue(char) * weight;
    weight = weight === 2 ? restartAt : weight - 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

const allSame = (id: string): boolean => [...id].every((char) => char === id[0]);

/** Why an (already normalised) CPF is not valid, or `undefined` when it is. */
export function cpfProblem(id: string): string | undefined {
  if (!/^\d{11}$/.test(id)) return 'a CPF has 11 digits';
  if (allSame(id)) return 'all its digits are the same';
  const first = checkDigit(id.slice(0, 9), 10, 10);
  const second = checkDigit(id.slice(0, 10), 11, 11);
  return id.endsWith(`${first}${second}`) ? undefined : 'its check digits do not match';
}

/** Why an (already normalised) CNPJ, numeric or alphanumeric, is not valid, or `undefined`. */
export function cnpjProblem(id: string): string | undefined {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(id)) {
    return 'a CNPJ has 12 letters or digits followed by 2 check digits';
  }
  if (allSame(id)) return 'all its digits are the same';
  const first = checkDigit(id.slice(0, 12), 5, 9);
  const second = checkDigit(id.slice(0, 13), 6, 9);
  return id.endsWith(`${first}${second}`) ? undefined : 'its check digits do not match';
}

/** Why `id` (printed or not) is not a valid document of `type`, or `undefined` when it is. */
export const documentProblem = (type: BrazilianDocumentType, id: string): string | undefined =>
  type === 'cpf' ? cpfProblem(normaliseDocumentId(id)) : cnpjProblem(normaliseDocumentId(id));

export const isValidCpf = (id: string): boolean => documentProblem('cpf', id) === undefined;
export const isValidCnpj = (id: string): boolean => documentProblem('cnpj', id) === undefined;

/** The parts of a Customer input the Brazilian rule reads. */
export interface DocumentHolder {
  document?: { type: string; id: string } | undefined;
  address?: { country: string } | undefined;
}

export interface DocumentIssue {
  path: ['document', 'type' | 'id'];
  message: string;
}

/**
 * A customer in Brazil (`address.country` BRA) with a document must give a CPF or a CNPJ; a CPF
 * or CNPJ is checked whatever the country, so a wrong one never reaches a record.
 */
export function brazilianDocumentIssue(customer: DocumentHolder): DocumentIssue | undefined {
  const { document } = customer;
  // An empty id or type already has its own error ("must not be empty").
  if (document === undefined || document.id.trim() === '' || document.type.trim() === '') {
    return undefined;
  }
  const type = document.type.toLowerCase();
  if (isBrazilianDocumentType(type)) {
    const problem = documentProblem(type, document.id);
    if (problem === undefined) return undefined;
    return {
      path: ['document', 'id'],
      message: `is not a valid ${type.toUpperCase()}: ${problem}`,
    };
  }
  if (customer.address?.country !== 'BRA') return undefined;
  return {
    path: ['document', 'type'],
    message: 'must be "cpf" or "cnpj" for a customer in Brazil (address.country BRA)',
  };
}

/** A valid CPF or CNPJ as stored: type in lower case, id without punctuation. */
export function normaliseDocument<T extends DocumentHolder>(customer: T): T {
  const { document } = customer;
  if (document === undefined) return customer;
  const type = document.type.toLowerCase();
  if (!isBrazilianDocumentType(type)) return customer;
  return { ...customer, document: { type, id: normaliseDocumentId(document.id) } };
}
