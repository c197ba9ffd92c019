/**
 * Brazilian tax ids for the customer's document: CPF (11 digits, people) and CNPJ (14
 * characters, companies), told apart by length. The CNPJ issued from July 2026 may have letters
 * in its first 12 positions; its 2 check digits stay digits.
 */

import { applyMask } from './masks';

export interface BrazilianDocument {
  type: 'cpf' | 'cnpj';
  /** Without punctuation, letters in capitals. */
  id: string;
}

/** Letters and digits only, in capitals, at most 14 (a CNPJ). */
export const documentCharacters = (typed: string): string =>
  typed
    .replace(/[^\dA-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 14);

/**
 * Modulo 11 over `body`, weights from `weight` down to 2 then restarting at 9 (a CPF's first
 * weights never reach 2 twice). Each character is worth its ASCII code minus 48: digits
 * themselves, A 17 … Z 42 (the Receita Federal's rule for the alphanumeric CNPJ).
 */
function checkDigit(body: string, weight: number): number {
  let sum = 0;
  for (const char of body) {
    sum += (char.charCodeAt(0) - 48) * weight;
    weight = weight === 2 ? 9 : weight - 1;
  }
  return sum % 11 < 2 ? 0 : 11 - (sum % 11);
}

/** Both check digits of `id`, whose last two characters they are. */
const checkDigitsMatch = (id: string, first: number): boolean =>
  id.endsWith(`${checkDigit(id.slice(0, -2), first)}${checkDigit(id.slice(0, -1), first + 1)}`);

/** The document typed (with or without punctuation), or `undefined` when it is not a valid one. */
export function brazilianDocument(typed: string): BrazilianDocument | undefined {
  const id = documentCharacters(typed);
  // A repeated character passes the check digits but is no one's document (000.000.000-00).
  if (/^(.)\1*$/.test(id)) return undefined;
  if (/^\d{11}$/.test(id) && checkDigitsMatch(id, 10)) return { type: 'cpf', id };
  if (/^[\dA-Z]{12}\d\d$/.test(id) && checkDigitsMatch(id, 5)) return { type: 'cnpj', id };
  return undefined;
}

/**
 * The document as typed so far, punctuated: 000.000.000-00 up to 11 digits, then (or as soon as
 * a letter comes) 00.000.000/0000-00.
 */
export const maskDocument = (typed: string): string => {
  const id = documentCharacters(typed);
  return applyMask(id, /^\d{0,11}$/.test(id) ? '000.000.000-00' : '00.000.000/0000-00');
};
