import { createHash } from 'node:crypto';
import { DAY_MS } from '../kernel/clock';
import { ApiError, badRequest, ownError } from '../kernel/http/errors';

/**
 * Idempotency keys: which requests take one, what a valid key is, when two requests are the
 * same, what a repeat gets, and which answers are kept. Pure: the store (`store.ts`) and the
 * gate (`gate.ts`) ask these.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** On a replayed answer only. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** How long a key is kept, on the merchant's clock. */
export const KEPT_MS = DAY_MS;
/**
 * A claim still running after this much real time belongs to a process that stopped
 * mid-request (a request of the sandbox takes well under a second): the next request with its
 * key takes it over instead of answering 409 until the key expires.
 */
export const STALE_CLAIM_MS = 5 * 60_000;

const WRITES = new Set(['POST', 'PATCH', 'DELETE']);

/** `POST`, `PATCH` and `DELETE` under `/v1` take a key; the sandbox's own helpers do not. */
export const takesKey = (method: string, path: string): boolean =>
  WRITES.has(method.toUpperCase()) && path.startsWith('/v1/');

/** 1 to 255 visible ASCII characters (no space, no control). */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

export const INVALID_KEY = `${IDEMPOTENCY_HEADER} header must be 1 to 255 visible ASCII characters`;

/** The key as sent, or a 400 that names the header. */
export function mustBeValidKey(value: string): string {
  if (!VALID_KEY.test(value)) throw new ApiError(badRequest(INVALID_KEY));
  return value;
}

const MULTIPART_BOUNDARY = /^multipart\/[\w.+-]+\s*;.*\bboundary="?([^";]+)"?/i;

/**
 * What makes two requests the same: the method, the path with its query, and the body's bytes.
 * A multipart body's boundary is left out (a client draws a new one for each send of the same
 * form), so a retried upload is the same request.
 */
export function fingerprint(
  method: string,
  pathAndQuery: string,
  body: Uint8Array,
  contentType = '',
): string {
  const hash = createHash('sha256').update(`${method.toUpperCase()} ${pathAndQuery}\n`);
  const boundary = MULTIPART_BOUNDARY.exec(contentType)?.[1];
  if (boundary === undefined) hash.update(body);
  // latin1 maps each byte to one character and back: the bytes are compared, not a decoding.
  else hash.update(Buffer.from(body).toString('latin1').replaceAll(boundary, ''), 'latin1');
  return hash.digest('hex');
}

/** A key's row as the decision needs it. */
export interface KeptKey {
  fingerprint: string;
  /** Null while the request that claimed the key still runs. */
  statusCode: number | null;
}

export type Repeat = 'replay' | 'another_request' | 'in_progress';

/**
 * A request whose key is already taken: another request under it is refused whatever its state
 * (422); the same request waits for the first (409) or gets its answer again.
 */
export function repeatOf(kept: KeptKey, incoming: string): Repeat {
  if (kept.fingerprint !== incoming) return 'another_request';
  return kept.statusCode === null ? 'in_progress' : 'replay';
}

export const usedWithAnotherRequest = () =>
  ownError(422, 'Idempotency-Key was used with another request');

export const inProgress = () => ownError(409, 'a request with this Idempotency-Key is in progress');

/**
 * Answers below 500 are the request's outcome and are kept (a 400 stays a 400); a 500 or more
 * says nothing about it, so the claim is dropped and a retry runs again.
 */
export const isKept = (status: number): boolean => status < 500;

/** When a key taken at `now` (the merchant's clock) may be used again. */
export const expiresAt = (now: Date): Date => new Date(now.getTime() + KEPT_MS);
