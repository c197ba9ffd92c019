import { passesLuhn } from '../kernel/ids';

/** Requests kept per merchant: the newest; older ones are trimmed as new ones are written. */
export const REQUEST_LOG_CAP = 1_000;

/** A body longer than this (as JSON) is logged as a note of its size. */
export const MAX_LOGGED_BODY_CHARS = 64 * 1024;

export const REQUESTS_PATH = '/sandbox/requests';

/**
 * Which requests are logged: those to `/v1` and `/sandbox`, but not the reads of the log itself,
 * so polling it does not push out what it shows.
 */
export const isLogged = (method: string, path: string): boolean =>
  /^\/(v1|sandbox)(\/|$)/.test(path) && !(method === 'GET' && path === REQUESTS_PATH);

/** Members whose value never appears in the log, whatever it is (compared in lower case). */
const SECRET_KEYS = new Set([
  'cvv',
  'cvc',
  'securitycode',
  'password',
  'accesstoken',
  'refreshtoken',
  'secretkey',
  'authorization',
]);
/** Members that hold a card number. */
const CARD_KEYS = new Set(['number', 'cardnumber', 'pan']);

export const MASK = '***';

/** Last four digits only, as the merchant's own QA panel shows them (demo/merchant/api-log.ts). */
const lastFour = (digits: string): string => `****${digits.slice(-4)}`;

/** A card number, grouped or not, standing alone (not part of a longer word or number). */
const PAN_IN_TEXT = /(?<![\p{L}\p{N}])\d(?:[ -]?\d){11,18}(?![\p{L}\p{N}])/gu;

/** Every card number in free text (a metadata value, an invalid body) cut to its last 4. */
export function maskCardNumbers(text: string): string {
  return text.replace(PAN_IN_TEXT, (found) => {
    const digits = found.replace(/\D/g, '');
    return passesLuhn(digits) ? lastFour(digits) : found;
  });
}

const cardNumber = (value: unknown): unknown => {
  const digits =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined;
  if (digits === undefined) return redact(value);
  const bare = digits.replace(/[\s-]/g, '');
  // A member named `number` that is no card number (an address's) keeps its value.
  return /^\d{12,19}$/.test(bare) ? lastFour(bare) : redact(value);
};

/** A member's value fit for the log, by its name. */
function redactMember(key: string, value: unknown): unknown {
  const name = key.toLowerCase();
  if (SECRET_KEYS.has(name)) return MASK;
  return CARD_KEYS.has(name) ? cardNumber(value) : redact(value);
}

/**
 * A copy of a JSON value fit for the log: the values of secret members (`cvv`, `password`,
 * `accessToken`, …) masked, card numbers cut to their last 4 digits, under their own member
 * (`number`) or inside any text.
 */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') return maskCardNumbers(value);
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value !== 'object' || value === null) return value;
  // fromEntries defines members: a `__proto__` in a body stays a member, never a prototype.
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [key, redactMember(key, member)]),
  );
}

/** The query string as members (a repeated one as a list), redacted like a body. */
export function redactedQuery(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key).map((value) => String(redactMember(key, value)));
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

/** A request body as sent (text): its JSON redacted, or the text itself with card numbers cut. */
export function loggedBody(text: string | null): unknown {
  if (text === null || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return bounded(maskCardNumbers(text));
  }
  return bounded(redact(value));
}

/** A value small enough to keep, or a note of its size. */
export function bounded(value: unknown): unknown {
  const json = JSON.stringify(value ?? null);
  return json.length > MAX_LOGGED_BODY_CHARS ? `(${json.length} characters, not kept)` : value;
}
