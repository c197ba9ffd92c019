import { createHash, randomBytes } from 'node:crypto';

/**
 * KSUIDs, the service's merchant ids: 4 bytes of seconds since 2014-05-13 16:53:20 UTC and 16
 * bytes of payload, as 27 base62 characters (sorting as text sorts by time).
 */

const EPOCH_SECONDS = 1_400_000_000;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KSUID_PATTERN = /^[0-9A-Za-z]{27}$/;

function encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = '';
  while (value > 0n) {
    text = ALPHABET[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text.padStart(27, '0');
}

function build(at: Date, payload: Uint8Array): string {
  const bytes = new Uint8Array(20);
  new DataView(bytes.buffer).setUint32(0, Math.floor(at.getTime() / 1000) - EPOCH_SECONDS);
  bytes.set(payload.subarray(0, 16), 4);
  return encode(bytes);
}

export const newKsuid = (at = new Date()): string => build(at, randomBytes(16));

/** The same id for the same name and time: the seed's accounts, which tests and docs name. */
export const seededKsuid = (name: string, at: Date): string =>
  build(at, createHash('sha256').update(`sandbox-ksuid:${name}`).digest());

/** The creation time a KSUID carries (to the second). */
export function ksuidTime(id: string): Date {
  let value = 0n;
  for (const char of id) value = value * 62n + BigInt(ALPHABET.indexOf(char));
  return new Date((Number(value >> 128n) + EPOCH_SECONDS) * 1000);
}
