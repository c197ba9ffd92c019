/**
 * The event kinds a dashboard endpoint can take (`events: [kinds] | ["*"]`), by family. Payout
 * events go out on their own channel (one attempt); the others are retried
 * (`docs/sandbox-webhooks.md`).
 */
export const EVENT_KINDS = [
  'charge.created',
  'charge.pending',
  'charge.paid',
  'charge.updated',
  'charge.refunded',
  'subscription.created',
  'subscription.activated',
  'subscription.renewed',
  'subscription.payment_failed',
  'subscription.cancelled',
  'subscription.paused',
  'subscription.expired',
  'payout.approved',
  'payout.rejected',
  'merchant.approved',
  'merchant.updated',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** What `POST /sandbox/webhook-endpoints/{id}/test` sends: to that endpoint only. */
export const TEST_EVENT = 'webhook.test';

/** Every kind an endpoint with `["*"]` takes. */
export const ALL_KINDS = '*';

/** Endpoint deliveries: 5 attempts, retried; payout events: 1 attempt, resent by hand. */
export const ENDPOINT_MAX_ATTEMPTS = 5;
export const PAYOUT_MAX_ATTEMPTS = 1;

export const isPayoutEvent = (event: string): boolean => event.startsWith('payout.');
