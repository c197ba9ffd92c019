import { latencyFor } from '../kernel/http/middleware';

/** The largest latency a merchant may set (`PUT /sandbox/latency`). */
export const MAX_MERCHANT_LATENCY_MS = 10_000;

/**
 * How long a merchant's request waits before its operation: the request's own
 * `X-Sandbox-Latency-Ms` wins (the API app has waited it already, so nothing more here); else
 * the merchant's own setting; else the host's default. The knob's own path never waits, so QA
 * can always turn a long delay back down.
 */
export function merchantDelayMs(request: {
  header: string | undefined;
  path: string;
  merchantMs: number | undefined;
  defaultMs: number;
}): number {
  if (request.header !== undefined || request.path === LATENCY_PATH) return 0;
  return latencyFor(undefined, request.merchantMs ?? request.defaultMs);
}

export const LATENCY_PATH = '/sandbox/latency';
