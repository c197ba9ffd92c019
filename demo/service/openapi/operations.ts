import type * as z from 'zod';
import { loginResponseSchema, resetResponseSchema } from '../accounts/schema';
import {
  activatedCardSchema,
  cardListSchema,
  deletedCardSchema,
  registeredCardSchema,
  validationAmountSchema,
} from '../cards/schema';
import { chargeSchema } from '../charges/response-schema';
import { customerListSchema, customerSchema } from '../customers/schema';
import { eventDetailSchema, eventListSchema, resentSchema } from '../events/schema';
import { feesInfoSchema } from '../fees/schema';
import { paymentMethodListSchema } from '../payment-methods/schema';
import { createdPayoutSchema, payoutPageSchema, payoutRequestSchema } from '../payouts/schema';
import { planListSchema, planSchema, planStatusAnswerSchema } from '../plans/schema';
import { subMerchantListSchema, subMerchantSchema } from '../submerchants/schema';
import {
  subscriptionListSchema,
  subscriptionSchema,
  subscriptionUpdatedSchema,
} from '../subscriptions/schema';
import {
  authenticateResponseSchema,
  challengeResultResponseSchema,
  inspectedAuthenticationSchema,
  scenarioListSchema,
  submitResponseSchema,
} from '../three-ds/schema';
import { advancedClockSchema, clockSchema, walletListSchema } from '../wallets/schema';
import {
  deletedEndpointSchema,
  endpointListSchema,
  endpointSchema,
  kindListSchema,
  testSentSchema,
} from '../webhooks/endpoints-schema';
import { deliveryListSchema, latencySchema, openApiDocumentSchema, rootSchema } from './responses';

/**
 * What the code cannot say about an operation: a human summary, the success status when it is
 * not 200, the schema of the success answer (`'html'` for a page), and the errors its handler
 * answers beyond those the builder infers from the route (400 for input, 401/403 for a key or
 * token, 404 for an id in the path). Keyed by "METHOD /openapi/path". A route missing here still
 * appears in `/openapi.json` (with a generated summary), but `openapi.test.ts` fails until it is
 * added.
 */
export interface OperationNote {
  summary: string;
  status?: number;
  response: z.ZodType | 'html' | 'image';
  /** Statuses with the error body, each with why. */
  errors?: Readonly<Record<number, string>>;
}

/**
 * The 422 of the operations that move money or create billing (`accounts/require-active.ts`).
 */
const NOT_ACTIVE = 'The key’s sub-merchant is not active (inactive, blocked, pending or rejected)';

export const OPERATION_NOTES: Readonly<Record<string, OperationNote>> = {
  'GET /': { summary: 'Sandbox entry point: links to the QA helpers', response: rootSchema },
  'GET /openapi.json': {
    summary: 'This document: OpenAPI 3.1 for every route of the API origin',
    response: openApiDocumentSchema,
  },
  'POST /v1/auth/login': {
    summary: 'Log in with e-mail and password; answers a Bearer token',
    response: loginResponseSchema,
    errors: { 401: 'Wrong e-mail or password (one answer for both)' },
  },
  'POST /v1/three-ds/authenticate': {
    summary: 'Start a 3-D Secure authentication',
    response: authenticateResponseSchema,
  },
  'POST /v1/three-ds/submit': {
    summary: 'Submit the fingerprinting result',
    response: submitResponseSchema,
    errors: { 404: 'No authentication of this merchant has this id' },
  },
  'POST /v1/three-ds/challenge-result': {
    summary: 'Read the result of a challenge',
    response: challengeResultResponseSchema,
    errors: {
      404: 'No authentication of this merchant has this id',
      500: 'The scenario that fails the first challenge-result call',
    },
  },
  'POST /v1/charges': {
    summary:
      'Create a charge: by card (paid, failed, or awaiting managed 3DS), or by PIX (pending, with its BR Code)',
    status: 201,
    response: chargeSchema,
    errors: {
      400: 'A field at fault, or a card’s `token` given as `paymentMethod.cardTokenId` (it takes the card’s `id`)',
      404: 'The customer id or saved card id is not this merchant’s',
      422: 'The key’s sub-merchant is not active, an item of an invalid type, or a `threeDS` that does not match its authentication',
    },
  },
  'GET /v1/charges/{id}': {
    summary: 'Retrieve a charge (a pix charge past its expiresAt reads expired)',
    response: chargeSchema,
  },
  'POST /v1/charges/{id}/resume-3ds': {
    summary: 'Resume a charge after managed 3-D Secure',
    response: chargeSchema,
    errors: { 422: NOT_ACTIVE },
  },
  'POST /v1/charges/{id}/refund': {
    summary: 'Refund a paid charge',
    response: chargeSchema,
    errors: { 422: NOT_ACTIVE },
  },
  'POST /sandbox/charges/{id}/pix/pay': {
    summary: "Sandbox: pay a pending pix charge, as the shopper's bank would (charge.paid)",
    response: chargeSchema,
    errors: {
      400: 'Not a pix charge, or not pending: already paid, refunded, or expired (its code’s time ran out on the merchant’s clock)',
      404: 'No charge of this merchant has this id',
      422: NOT_ACTIVE,
    },
  },
  'POST /sandbox/charges/{id}/pix/expire': {
    summary:
      'Sandbox: end a pending pix charge’s code now, to see the expired path without waiting (charge.updated)',
    response: chargeSchema,
    errors: {
      400: 'Not a pix charge, or not pending: already paid, refunded, or expired',
      404: 'No charge of this merchant has this id',
    },
  },
  'POST /v1/cards': {
    summary: 'Register a card',
    status: 201,
    response: registeredCardSchema,
    errors: { 404: 'The customer id is not this merchant’s', 422: NOT_ACTIVE },
  },
  'GET /v1/cards': { summary: 'List saved cards', response: cardListSchema },
  'POST /v1/cards/{id}/activate': {
    summary: 'Activate a card with its validation amount',
    response: activatedCardSchema,
    errors: {
      400: 'A wrong value, a card already active, or the card’s `token` in the path (it takes the card’s `id`)',
      422: NOT_ACTIVE,
    },
  },
  'DELETE /v1/cards/{id}': {
    summary: 'Delete a saved card',
    response: deletedCardSchema,
    errors: {
      400: 'The card a subscription is charged on, or the card’s `token` in the path (it takes the card’s `id`)',
    },
  },
  'GET /v1/customers': { summary: 'List customers', response: customerListSchema },
  'GET /v1/customers/{id}': { summary: 'Retrieve a customer', response: customerSchema },
  'GET /v1/payment-methods': {
    summary: 'List the payment methods available',
    response: paymentMethodListSchema,
  },
  'GET /v1/wallets': {
    summary: "A merchant's wallets, one per currency, with balances in USD",
    response: walletListSchema,
    errors: {
      400: 'A malformed merchantId or currency, or the administrator named no merchantId',
      403: 'merchantId is neither the token’s merchant nor, for a master, one of its sub-merchants',
      404: 'No merchant has this merchantId (body: message Unauthorized, error merchant not found)',
    },
  },
  'GET /sandbox/clock': {
    summary: "Sandbox: the time on the merchant's clock",
    response: clockSchema,
  },
  'POST /sandbox/clock/advance': {
    summary:
      "Sandbox: move the merchant's clock forward (balances settle, subscriptions renew, fail or expire, pix charges expire)",
    response: advancedClockSchema,
  },
  'POST /v1/submerchants/{merchantId}/payout-requests': {
    summary: 'Request a payout of the BRL wallet to the PIX key (the sub-merchant itself)',
    status: 201,
    response: createdPayoutSchema,
    errors: {
      403: 'Not the sub-merchant itself (the administrator, another merchant, a master)',
      422: 'The sub-merchant is not active, or the amount is above its available balance',
    },
  },
  'GET /v1/payout-requests': {
    summary: 'List payout requests (a sub-merchant its own, a master its sub-merchants’)',
    response: payoutPageSchema,
    errors: { 403: '`merchantId` is outside the caller’s payout requests' },
  },
  'GET /v1/payout-requests/{id}': {
    summary: 'Retrieve a payout request (administrator only)',
    response: payoutRequestSchema,
    errors: { 403: 'A merchant’s token (merchants use the list)', 404: 'No such payout request' },
  },
  'POST /v1/payout-requests/{id}/approve': {
    summary: 'Sandbox review: approve a pending payout request (administrator only)',
    response: payoutRequestSchema,
    errors: { 400: 'The request is not pending', 404: 'No such payout request' },
  },
  'POST /v1/payout-requests/{id}/reject': {
    summary: 'Sandbox review: reject a pending payout request with a reason (administrator only)',
    response: payoutRequestSchema,
    errors: {
      400: 'No reason, or the request is not pending',
      404: 'No such payout request',
    },
  },
  'GET /v1/submerchants': {
    summary: "List the master merchant's sub-merchants",
    response: subMerchantListSchema,
    errors: { 403: 'A publishable key, or a sub-merchant’s key (only a master lists them)' },
  },
  'GET /v1/connect/sub-accounts/{id}/fees-info': {
    summary: "Read a sub-account's fees (a sub-account: always its own)",
    response: feesInfoSchema,
    errors: {
      403: 'A publishable key, or a master without the `enable_connect` capability',
      404: 'Not one of the master’s sub-merchants (its own id, another master’s, unknown)',
    },
  },
  'POST /sandbox/submerchants/{id}/status': {
    summary: "Sandbox: the administrator changes a sub-merchant's status (account events)",
    response: subMerchantSchema,
    errors: {
      400: 'Not one of the five statuses, or the status it already has',
      403: 'A merchant token (administrator only)',
      404: 'No sub-merchant has this id (a master’s id included)',
    },
  },
  'POST /v1/subscription-plans': {
    summary: 'Create a subscription plan (active, no image yet)',
    status: 201,
    response: planSchema,
    errors: {
      400: 'A field at fault, or an `endDate` not in the future on the merchant’s clock',
      422: NOT_ACTIVE,
    },
  },
  'GET /v1/subscription-plans': {
    summary: "List the merchant's subscription plans",
    response: planListSchema,
  },
  'GET /v1/subscription-plans/{id}': {
    summary: 'Retrieve a subscription plan',
    response: planSchema,
    errors: { 404: 'No plan of this merchant has this id' },
  },
  'PATCH /v1/subscription-plans/{id}/status': {
    summary:
      'Activate or deactivate a plan; with active subscriptions, deactivating first answers a confirmation token',
    response: planStatusAnswerSchema,
    errors: {
      400: 'The status it already has, or a confirmation token that is wrong, used, expired or another plan’s',
      404: 'No plan of this merchant has this id',
      422: 'Activating: the key’s sub-merchant is not active (deactivating is allowed)',
    },
  },
  'POST /v1/subscription-plans/{id}/image': {
    summary: "Upload the plan's image (multipart part `file`, PNG or JPEG, at most 2 MB)",
    response: planSchema,
    errors: {
      400: 'Not multipart, no `file` part, empty, larger than 2 MB, or not a PNG or JPEG',
      404: 'No plan of this merchant has this id',
    },
  },
  'GET /sandbox/plan-images/{planId}/{file}': {
    summary: "Sandbox: a plan's image, at the `imageUrl` the plan answers (no key)",
    response: 'image',
    errors: { 404: 'No such image (an image replaced by a newer one included)' },
  },
  'POST /v1/subscriptions': {
    summary:
      'Subscribe a customer to a plan: the first period is charged now (paid: active; declined: pending_activation)',
    status: 201,
    response: subscriptionSchema,
    errors: {
      400: 'A field at fault, an inactive or ended plan, a plan without credit_card, a saved card of another customer, or a card’s `token` given as `paymentMethod.cardTokenId` (it takes the card’s `id`)',
      404: 'No plan (or customer, or saved card) of this merchant has this id',
      422: 'The key’s sub-merchant is not active, a saved card that is not active, or the charge’s `threeDS` refused',
    },
  },
  'GET /v1/subscriptions': {
    summary:
      "List subscriptions: the merchant's own, or (merchantId) a master's sub-merchant's; items are full records",
    response: subscriptionListSchema,
    errors: { 403: 'A merchantId that is neither this merchant nor one of its sub-merchants' },
  },
  'GET /sandbox/events': {
    summary:
      "Sandbox: the merchant's stored events (charges, subscriptions, payouts, accounts), newest first",
    response: eventListSchema,
  },
  'GET /sandbox/events/{id}': {
    summary: 'Sandbox: one stored event, its envelope, each delivery and each attempt',
    response: eventDetailSchema,
  },
  'POST /sandbox/events/{id}/resend': {
    summary:
      'Sandbox: send a stored event again, same envelope id (enabled endpoints taking its kind, its postback)',
    status: 202,
    response: resentSchema,
    errors: {
      400: 'Nowhere to send it: no enabled endpoint takes its kind and it had no postback',
    },
  },
  'GET /sandbox/webhook-endpoints/kinds': {
    summary: 'Sandbox: the event kinds a dashboard endpoint can take',
    response: kindListSchema,
  },
  'GET /sandbox/webhook-endpoints': {
    summary: "Sandbox: the merchant's dashboard webhook endpoints",
    response: endpointListSchema,
  },
  'POST /sandbox/webhook-endpoints': {
    summary: 'Sandbox: add a dashboard webhook endpoint (URL, event kinds or *, enabled)',
    status: 201,
    response: endpointSchema,
    errors: {
      400: 'A field at fault, a URL the sandbox does not deliver to, or too many endpoints',
    },
  },
  'PATCH /sandbox/webhook-endpoints/{id}': {
    summary: "Sandbox: change an endpoint's URL, kinds or switch",
    response: endpointSchema,
  },
  'DELETE /sandbox/webhook-endpoints/{id}': {
    summary: 'Sandbox: remove an endpoint (its queued deliveries are dropped)',
    response: deletedEndpointSchema,
  },
  'POST /sandbox/webhook-endpoints/{id}/test': {
    summary: 'Sandbox: send a webhook.test event to this endpoint alone',
    status: 202,
    response: testSentSchema,
  },
  'GET /v1/subscriptions/{id}': {
    summary: 'Retrieve a subscription',
    response: subscriptionSchema,
    errors: { 404: 'No subscription of this merchant has this id' },
  },
  'PATCH /v1/subscriptions/{id}': {
    summary:
      'Update an active subscription: billingDay (from the next period on) and metadata (keys merge, null removes one)',
    response: subscriptionUpdatedSchema,
    errors: {
      400: 'A field at fault, any other field, or a subscription that is not active (`only active subscriptions can be updated`)',
      404: 'No subscription of this merchant has this id',
    },
  },
  'POST /v1/subscriptions/{id}/cancel': {
    summary: 'Cancel an active, paused or pending subscription (`cancellationType: requested`)',
    response: subscriptionSchema,
    errors: {
      400: 'Its current status (cancelled or expired)',
      404: 'No subscription of this merchant has this id',
    },
  },
  'POST /v1/subscriptions/{id}/pause': {
    summary: 'Pause an active subscription: nothing is charged while paused',
    response: subscriptionSchema,
    errors: {
      400: 'Its current status (not active)',
      404: 'No subscription of this merchant has this id',
    },
  },
  'POST /v1/subscriptions/{id}/resume': {
    summary: 'Resume a paused subscription (`subscription.activated`)',
    response: subscriptionSchema,
    errors: {
      400: 'Its current status (not paused)',
      404: 'No subscription of this merchant has this id',
      422: NOT_ACTIVE,
    },
  },
  'GET /sandbox/scenarios': {
    summary: 'Sandbox: the test cards and their 3DS scenarios',
    response: scenarioListSchema,
  },
  'GET /sandbox/deliveries': {
    summary: "Sandbox: the merchant's webhook delivery attempts",
    response: deliveryListSchema,
  },
  'GET /sandbox/latency': {
    summary: 'Sandbox: the delay added to every API response',
    response: latencySchema,
  },
  'PUT /sandbox/latency': {
    summary: 'Sandbox: set the delay added to every API response',
    response: latencySchema,
  },
  'GET /sandbox/authentications/{id}': {
    summary: 'Sandbox: inspect a 3DS authentication and its calls',
    response: inspectedAuthenticationSchema,
  },
  'GET /sandbox/look-alike': {
    summary: 'Sandbox: a page posting look-alike 3DS messages (hostile-message tests)',
    response: 'html',
  },
  'GET /sandbox/cards/{id}/validation-amount': {
    summary: "Sandbox: a pending card's validation amount (the statement QA reads)",
    response: validationAmountSchema,
  },
  'POST /sandbox/reset': {
    summary: 'Sandbox: every account and resource back to the seed',
    response: resetResponseSchema,
  },
};
