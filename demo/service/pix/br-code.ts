import { formatCents } from '../kernel/db/money';

/**
 * The BR Code of a PIX charge: the "copy and paste" text a QR code carries, in the EMV QRCPS-MPM
 * layout (each field is a two-digit id, a two-digit length and the value; a template's value is
 * fields again). Only ASCII goes in, so a field's length in characters is its length in bytes,
 * which is what a reader counts.
 *
 * | id | field | here |
 * |---|---|---|
 * | 00 | payload format indicator | `01` |
 * | 01 | point of initiation method | `12`: the code is for one payment |
 * | 26 | merchant account information | 00 `br.gov.bcb.pix`, 01 the PIX key |
 * | 52 | merchant category code | `0000` |
 * | 53 | transaction currency | `986` (BRL) |
 * | 54 | transaction amount | `120.50` |
 * | 58 | country code | `BR` |
 * | 59 | merchant name | at most 25 characters, ASCII |
 * | 60 | merchant city | at most 15 characters, ASCII |
 * | 62 | additional data field template | 05 the txid |
 * | 63 | CRC16 | 4 hex digits, over everything before them, `6304` included |
 */

export const PIX_GUI = 'br.gov.bcb.pix';
export const MAX_NAME = 25;
export const MAX_CITY = 15;
export const MAX_TXID = 25;
/** Field 54 holds at most 13 characters: 9999999999.99. */
export const MAX_AMOUNT_CENTS = 999_999_999_999;

export interface BrCodeFields {
  /** The PIX key: a CNPJ (14 characters) or a random (EVP) key. */
  key: string;
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  txid: string;
}

/**
 * CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR,
 * over the bytes of `text` (ASCII here). Answers 4 upper-case hex digits.
 */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One field: id, length (2 digits) and value. */
export function field(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`not an EMV field id: ${id}`);
  if (value.length === 0 || value.length > 99) {
    throw new Error(`EMV field ${id} must hold 1 to 99 characters (${value.length})`);
  }
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`EMV field ${id} must be printable ASCII`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * `text` as a BR Code's name or city take it: accents dropped (São → Sao), anything else outside
 * letters, digits, spaces and a few marks removed, in capitals, at most `max` characters.
 */
export function asciiText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,&'/-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();
}

/**
 * The txid of a charge: its id's letters and digits after the `ch_` prefix (24 hex digits for the
 * sandbox's ids), at most 25, so the code names the charge it pays.
 */
export const txidOf = (chargeId: string): string =>
  chargeId
    .replace(/^[a-z]+_/, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, MAX_TXID);

/** 12050 → `120.50`; more than field 54 holds is an error (the charge schema refuses it first). */
export function brCodeAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > MAX_AMOUNT_CENTS) {
    throw new RangeError(`not a BR Code amount: ${cents} cents`);
  }
  return formatCents(cents);
}

/** The BR Code of one payment, its CRC computed. */
export function brCode(fields: BrCodeFields): string {
  const name = asciiText(fields.merchantName, MAX_NAME);
  const city = asciiText(fields.merchantCity, MAX_CITY);
  if (!/^[A-Za-z0-9]{1,25}$/.test(fields.txid)) throw new Error(`not a txid: ${fields.txid}`);
  const body = [
    field('00', '01'),
    field('01', '12'),
    field('26', field('00', PIX_GUI) + field('01', fields.key)),
    field('52', '0000'),
    field('53', '986'),
    field('54', brCodeAmount(fields.amountCents)),
    field('58', 'BR'),
    field('59', name === '' ? 'SANDBOX' : name),
    field('60', city === '' ? 'SAO PAULO' : city),
    field('62', field('05', fields.txid)),
    '6304',
  ].join('');
  return body + crc16(body);
}
