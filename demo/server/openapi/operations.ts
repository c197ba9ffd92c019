/**
 * What the code cannot say about an operation: a human summary and, when it is not 200, the
 * success status. Keyed by "METHOD /openapi/path". A route missing here still appears in
 * `/openapi.json` (with a generated summary), but `openapi.test.ts` fails until it is added.
 */
export interface OperationNote {
  summary: string;
  status?: number;
}

export const OPERATION_NOTES: Readonly<Record<string, OperationNote>> = {
  'GET /': { summary: 'Sandbox entry point: links to the QA helpers' },
  'GET /openapi.json': { summary: 'This document: OpenAPI 3.1 for every route of the API origin' },
  'POST /v1/auth/login': { summary: 'Log in with e-mail and password; answers a Bearer token' },
  'POST /v1/three-ds/authenticate': { summary: 'Start a 3-D Secure authentication' },
  'POST /v1/three-ds/submit': { summary: 'Submit the fingerprinting result' },
  'POST /v1/three-ds/challenge-result': { summary: 'Read the result of a challenge' },
  'POST /v1/charges': { summary: 'Create a charge', status: 201 },
  'GET /v1/charges/{id}': { summary: 'Retrieve a charge' },
  'POST /v1/charges/{id}/resume-3ds': { summary: 'Resume a charge after managed 3-D Secure' },
  'POST /v1/charges/{id}/refund': { summary: 'Refund a paid charge' },
  'POST /v1/cards': { summary: 'Register a card', status: 201 },
  'GET /v1/cards': { summary: 'List saved cards' },
  'POST /v1/cards/{id}/activate': { summary: 'Activate a card with its validation amount' },
  'DELETE /v1/cards/{id}': { summary: 'Delete a saved card' },
  'GET /v1/customers': { summary: 'List customers' },
  'GET /v1/customers/{id}': { summary: 'Retrieve a customer' },
  'GET /v1/payment-methods': { summary: 'List the payment methods available' },
  'GET /sandbox/scenarios': { summary: 'Sandbox: the test cards and their 3DS scenarios' },
  'GET /sandbox/deliveries': { summary: "Sandbox: the merchant's webhook delivery attempts" },
  'GET /sandbox/latency': { summary: 'Sandbox: the delay added to every API response' },
  'PUT /sandbox/latency': { summary: 'Sandbox: set the delay added to every API response' },
  'GET /sandbox/authentications/{id}': {
    summary: 'Sandbox: inspect a 3DS authentication and its calls',
  },
  'GET /sandbox/look-alike': {
    summary: 'Sandbox: a page posting look-alike 3DS messages (hostile-message tests)',
  },
  'GET /sandbox/cards/{id}/validation-amount': {
    summary: "Sandbox: a pending card's validation amount (the statement QA reads)",
  },
  'POST /sandbox/reset': { summary: 'Sandbox: every account and resource back to the seed' },
};
