/**
 * UTF-8 as the API origin's text check reads it (`text-check.ts`): bytes that are not UTF-8 are
 * found, never turned into U+FFFD as `TextDecoder` and `Response.text()` would.
 */

// A leading BOM is dropped from a body, as `Response.text()` does; a URL piece keeps it.
const strict = new TextDecoder('utf-8', { fatal: true });
const keepingBom = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of UTF-8 bytes, else undefined. */
export function utf8(bytes: Uint8Array, { body = false } = {}): string | undefined {
  try {
    return (body ? strict : keepingBom).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Stands for each byte that is not part of a well-formed sequence in `decodeMarked`: a lone low
 * surrogate, which well-formed UTF-8 can never decode to.
 */
export const MARK = '\udfff';

const inRange = (byte: number | undefined, low: number, high: number): boolean =>
  byte !== undefined && byte >= low && byte <= high;

/** Length of the well-formed sequence at `at` (the Unicode Standard's table 3-7), else 0. */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at] ?? 0;
  const next = (offset: number, low = 0x80, high = 0xbf) => inRange(bytes[at + offset], low, high);
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return next(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    // E0 would be an overlong form below A0; ED from A0 on would be a surrogate.
    const ok = next(1, lead === 0xe0 ? 0xa0 : 0x80, lead === 0xed ? 0x9f : 0xbf) && next(2);
    return ok ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    // F0 would be overlong below 90; F4 from 90 on would be past U+10FFFF.
    const ok =
      next(1, lead === 0xf0 ? 0x90 : 0x80, lead === 0xf4 ? 0x8f : 0xbf) && next(2) && next(3);
    return ok ? 4 : 0;
  }
  return 0;
}

/** A body that is not all UTF-8, each offending byte as `MARK`, to say where it is. */
export function decodeMarked(bytes: Uint8Array): string {
  const decodeRun = (from: number, to: number) =>
    (from === 0 ? strict : keepingBom).decode(bytes.subarray(from, to));
  let text = '';
  let run = 0;
  let at = 0;
  while (at < bytes.length) {
    const length = sequenceLength(bytes, at);
    if (length > 0) {
      at += length;
      continue;
    }
    text += decodeRun(run, at) + MARK;
    at += 1;
    run = at;
  }
  return text + decodeRun(run, bytes.length);
}

const HEX = /^[0-9A-Fa-f]{2}$/;
const encoder = new TextEncoder();

/** A URL piece's bytes: `%XX` as its byte, anything else as its UTF-8 (no `+` rule here). */
export function percentDecode(piece: string): Uint8Array {
  const bytes: number[] = [];
  for (let at = 0; at < piece.length; at++) {
    const hex = piece.slice(at + 1, at + 3);
    if (piece[at] === '%' && HEX.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      at += 2;
    } else {
      const point = piece.codePointAt(at) ?? 0;
      const char = String.fromCodePoint(point);
      bytes.push(...encoder.encode(char));
      at += char.length - 1;
    }
  }
  return Uint8Array.from(bytes);
}
