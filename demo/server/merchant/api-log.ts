/**
 * What the demo merchant server sent to the API, for the QA panel's "What the merchant server
 * sent". A card number is kept as its last four digits and a CVV as "***": the full values live
 * only in the forwarding call itself.
 */
import { nowIso } from '../ids';

export interface ApiLogEntry {
  /** Increases by one per call, so a page can tell new entries from old. */
  seq: number;
  at: string;
  method: string;
  path: string;
  /** The JSON body, redacted. */
  body?: unknown;
  /** The API's status; 502 when the API could not be reached. */
  status: number;
  /** The charge the API answered with, if it answered with one. */
  chargeId?: string;
  durationMs: number;
}

/** Entries kept: the newest, enough for a QA session; the oldest go first. */
export const API_LOG_SIZE = 50;

const maskNumber = (value: unknown): unknown =>
  typeof value === 'string' ? `****${value.replace(/\D/g, '').slice(-4)}` : '****';

/** A copy of a JSON value with every `number` reduced to its last 4 digits and every `cvv` "***". */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => {
      if (key === 'number') return [key, maskNumber(member)];
      if (key === 'cvv') return [key, '***'];
      return [key, redact(member)];
    }),
  );
}

const chargeIdOf = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null || !('id' in body)) return undefined;
  return typeof body.id === 'string' && body.id.startsWith('ch_') ? body.id : undefined;
};

export class ApiLog {
  private readonly entries: ApiLogEntry[] = [];
  private seq = 0;

  record(call: {
    method: string;
    path: string;
    body?: unknown;
    status: number;
    response?: unknown;
    startedAt: number;
  }): void {
    const chargeId = chargeIdOf(call.response);
    this.entries.push({
      seq: ++this.seq,
      at: nowIso(),
      method: call.method,
      path: call.path,
      ...(call.body === undefined ? {} : { body: redact(call.body) }),
      status: call.status,
      ...(chargeId === undefined ? {} : { chargeId }),
      durationMs: Date.now() - call.startedAt,
    });
    if (this.entries.length > API_LOG_SIZE)
      this.entries.splice(0, this.entries.length - API_LOG_SIZE);
  }

  list(): ApiLogEntry[] {
    return structuredClone(this.entries);
  }
}
