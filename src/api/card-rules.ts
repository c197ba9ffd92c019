/** Card rules shared by the headless engine and the card form. */

/** Luhn (mod 10) check over a string of digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const isCardNumber = (digits: string): boolean =>
  /^\d{12,19}$/.test(digits) && passesLuhn(digits);

/** A card is valid through the last day of its expiry month. */
export function isExpired(month: string, year: string, now: Date): boolean {
  const nowMonths = now.getFullYear() * 12 + now.getMonth();
  return Number(year) * 12 + Number(month) - 1 < nowMonths;
}

/** ISO 4217 codes the browser knows, or any three capital letters where it cannot list them. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const known = typeof Intl.supportedValuesOf === 'function' && Intl.supportedValuesOf('currency');
  return !known || known.includes(code);
}
