import { randomBytes, randomUUID } from 'node:crypto';

/** Random bytes drawn in bulk: one call to the generator per 256 identifiers, not per one. */
const ID_BYTES = 12;
const POOL_BYTES = ID_BYTES * 256;
let pool = Buffer.alloc(0);
let drawn = 0;

function randomHex(): string {
  if (drawn + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    drawn = 0;
  }
  drawn += ID_BYTES;
  return pool.toString('hex', drawn - ID_BYTES, drawn);
}

/** A sandbox identifier such as `ch_3f9c…`: a prefix and 24 random hex digits. */
export const newId = (prefix: string): string => `${prefix}_${randomHex()}`;

export const uuid = (): string => randomUUID();

/** The spec's timestamps: ISO 8601 UTC with milliseconds. */
export const nowIso = (): string => new Date().toISOString();

/** A base64 authentication value, like the cryptograms of 3-D Secure (CAVV / AAV). */
export const newCryptogram = (): string => randomBytes(20).toString('base64');

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

export const isCardNumber = (value: string): boolean =>
  /^\d{12,19}$/.test(value) && passesLuhn(value);

/** The card brand of a number, from its leading digits. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(4011|4312|4389|4514|4576|5041|5066|5067|509|6277|6362|6363|650|6516|6550)/.test(number))
    return 'elo';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return 'unknown';
}

/** First six and last four digits, the rest masked. */
export const maskNumber = (number: string): string =>
  `${number.slice(0, 6)}${'*'.repeat(Math.max(number.length - 10, 0))}${number.slice(-4)}`;

/** A card is valid through the last day of its expiry month. */
export function isExpired(month: string, year: string, now = new Date()): boolean {
  return Number(year) * 12 + Number(month) - 1 < now.getUTCFullYear() * 12 + now.getUTCMonth();
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
