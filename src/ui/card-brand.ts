/** Card brands the form recognises, from the number as the shopper types it. Pure: no DOM. */

export type CardBrand =
  | 'visa'
  | 'mastercard'
  | 'amex'
  | 'elo'
  | 'hipercard'
  | 'diners'
  | 'discover'
  | 'jcb';

export const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
};

/**
 * BIN prefixes ("lo" or "lo-hi", both ends the same length), as braintree/credit-card-type lists
 * them (its "hiper" BINs count as Hipercard here). Order is precedence: Elo and Hipercard come
 * first because their ranges sit inside Visa's 4, Diners' 38 and Discover's 65.
 */
const RANGES: [CardBrand, string][] = [
  [
    'elo',
    '401178 401179 431274 438935 451416 457393 457631 457632 504175 506699-506778 509 ' +
      '627780 636297 636368 650031-650033 650035-650051 650405-650439 650485-650538 ' +
      '650541-650598 650700-650718 650720-650727 650901-650978 651652-651679 655000-655019 ' +
      '655021-655058',
  ],
  ['hipercard', '606282 384100 384140 384160 637095 63737423 63743358 637568 637599 637609 637612'],
  ['visa', '4'],
  ['mastercard', '51-55 2221-2720'],
  ['amex', '34 37'],
  ['diners', '300-305 36 38 39'],
  ['discover', '6011 644-649 65 622126-622925'],
  ['jcb', '3528-3589'],
];

const LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  elo: [16],
  hipercard: [16, 19],
  diners: [14, 16, 19],
  discover: [16, 17, 18, 19],
  jcb: [16, 17, 18, 19],
};

/** What `isCardNumber` accepts when the brand is unknown. */
const ANY_LENGTH: readonly number[] = [12, 13, 14, 15, 16, 17, 18, 19];

const digitsOf = (input: string): string => input.replace(/\D/g, '');

/**
 * Brand from the leading digits; non-digits are ignored. A range whose whole prefix has been typed
 * decides (first in precedence order); otherwise a brand is returned only when every range the
 * digits could still grow into belongs to it. Undefined when unknown or still ambiguous.
 */
export function detectBrand(input: string): CardBrand | undefined {
  const digits = digitsOf(input);
  const open = new Set<CardBrand>();
  for (const [brand, ranges] of RANGES) {
    for (const range of ranges.split(' ')) {
      const [lo, hi = lo] = range.split('-') as [string, string?];
      const n = Math.min(digits.length, lo.length);
      const head = digits.slice(0, n);
      if (head >= lo.slice(0, n) && head <= hi.slice(0, n)) {
        if (n === lo.length) return brand;
        open.add(brand);
      }
    }
  }
  return open.size === 1 ? [...open][0] : undefined;
}

/** Security code length for a brand: 4 for amex, else 3. */
export const cvvLength = (brand: CardBrand | undefined): 3 | 4 => (brand === 'amex' ? 4 : 3);

/** The valid lengths of a brand's numbers, ascending; 12 to 19 when the brand is unknown. */
export const cardLengths = (brand: CardBrand | undefined): readonly number[] =>
  brand ? LENGTHS[brand] : ANY_LENGTH;

/**
 * Digits grouped for display: 4-4-4-4-3, or 4-6-5 for amex and 14-digit diners (longer diners
 * numbers go back to groups of 4). Keeps digits only, at most the brand's longest length.
 */
export function formatCardNumber(input: string): string {
  const brand = detectBrand(input);
  const digits = digitsOf(input).slice(0, cardLengths(brand).at(-1));
  const gaps =
    brand === 'amex' || (brand === 'diners' && digits.length < 15) ? [4, 10] : [4, 8, 12, 16];
  let out = '';
  for (let i = 0; i < digits.length; i++) out += (gaps.includes(i) ? ' ' : '') + digits[i];
  return out;
}
