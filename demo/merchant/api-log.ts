/**
 * What the demo merchant server sent to the API, for the QA panel's "What the merchant server
 * sent". A card number is kept as its last four digits and a CVV as "***": the full values live
 * only in the forwarding call itself.
 */
import { LATENCY_HEADER } from '../service/kernel/http/middleware';
import { nowIso } from '../service/kernel/ids';

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
  /** The sandbox's fault rule that answered (its `Sandbox-Fault` header), when one did. */
  faultId?: string;
  durationMs: number;
}

/**
 * The header the sandbox marks a faulted answer with (demo/service/faults/rules.ts; named here, as
 * a merchant would, since the merchant server imports nothing of the service's families).
 */
export const FAULT_HEADER = 'Sandbox-Fault';

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
    faultId?: string | null;
    startedAt: number;
  }): void {
    const chargeId = chargeIdOf(call.response);
    const { faultId } = call;
    this.entries.push({
      seq: ++this.seq,
      at: nowIso(),
      method: call.method,
      path: call.path,
      ...(call.body === undefined ? {} : { body: redact(call.body) }),
      status: call.status,
      ...(chargeId === undefined ? {} : { chargeId }),
      ...(faultId ? { faultId } : {}),
      durationMs: Date.now() - call.startedAt,
    });
    if (this.entries.length > API_LOG_SIZE)
      this.entries.splice(0, this.entries.length - API_LOG_SIZE);
  }

  list(): ApiLogEntry[] {
    return structuredClone(this.entries);
  }
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * A `fetch` for the merchant server's calls to the API: it passes on the QA panel's latency knob
 * (`latency`: the header's value from the page's request) and records each call in `log`; a call
 * that could not reach the API is recorded as 502.
 */
export function loggedFetch(log: ApiLog, latency: string | undefined): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init.headers);
    if (latency !== undefined) headers.set(LATENCY_HEADER, latency);
    const call = {
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      ...(typeof init.body === 'string' ? { body: parsed(init.body) } : {}),
      startedAt: Date.now(),
    };
    try {
      const response = await fetch(url, { ...init, headers });
      log.record({
        ...call,
        status: response.status,
        response: parsed(await response.clone().text()),
        faultId: response.headers.get(FAULT_HEADER),
      });
      return response;
    } catch (error) {
      log.record({ ...call, status: 502 });
      throw error;
    }
  };
}
