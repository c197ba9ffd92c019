/**
 * `secure-checkout/server`: the typed client of the Payments Service for the merchant's server.
 * `fetch` only, no Node built-ins: Node ≥ 20 and edge runtimes. Never part of the browser builds.
 */
export type * from './api-types';
export {
  createServerClient,
  DEFAULT_TIMEOUT_MS,
  MAX_TIMEOUT_MS,
  type ServerClient,
  type ServerClientOptions,
} from './client';
export {
  type RequestLine,
  ServerApiError,
  ServerClientError,
  type ServerClientErrorCode,
  ServerNetworkError,
  type ServerNetworkErrorCode,
} from './errors';
export type { AsyncList, PagedList } from './pages';
export type { CallOptions, ServerResources } from './resources';
// Webhooks (parseWebhook, the dedup helper) are written beside the client, in webhooks.ts.
export * from './webhooks';
