/**
 * Which operations of the sandbox's OpenAPI document the server client (`src/server/`) exposes,
 * and the names of their types in `src/server/api-types.ts`. Read by the generator
 * (`scripts/server-types.ts`) and by the tests that tie the client to the document.
 */

export interface OperationTypes {
  /** `METHOD /path`, as the document's paths and methods spell it. */
  key: string;
  /** The query parameters, as one object type. */
  query?: string;
  /** The request body. */
  body?: string;
  /** The success answer's body. */
  response: string;
  /** The element of a list: a plain array's items, or an envelope's `data` items. */
  item?: string;
}

/** A part of an operation's body or answer worth its own name (found again by its shape). */
export interface NamedPart {
  name: string;
  key: string;
  in: 'body' | 'response';
  /** JSON pointer into that schema. */
  pointer: string;
}

/** Component schemas (`#/components/schemas/…`) and our names for them. */
export const COMPONENT_NAMES: Readonly<Record<string, string>> = { Error: 'ApiErrorBody' };

export const OPERATIONS: readonly OperationTypes[] = [
  { key: 'POST /v1/auth/login', body: 'LoginRequest', response: 'LoginResponse' },
  { key: 'POST /v1/charges', body: 'ChargeCreateRequest', response: 'Charge' },
  { key: 'GET /v1/charges/{id}', response: 'Charge' },
  { key: 'POST /v1/charges/{id}/resume-3ds', response: 'Charge' },
  { key: 'POST /v1/charges/{id}/refund', response: 'Charge' },
  {
    key: 'POST /v1/three-ds/authenticate',
    body: 'ThreeDSAuthenticateRequest',
    response: 'ThreeDSAuthentication',
  },
  { key: 'POST /v1/three-ds/submit', body: 'ThreeDSSubmitRequest', response: 'ThreeDSSubmission' },
  {
    key: 'POST /v1/three-ds/challenge-result',
    body: 'ThreeDSChallengeResultRequest',
    response: 'ChallengeResult',
  },
  { key: 'POST /v1/cards', body: 'CardCreateRequest', response: 'CardCreated' },
  { key: 'GET /v1/cards', query: 'CardListQuery', response: 'CardList', item: 'Card' },
  {
    key: 'POST /v1/cards/{id}/activate',
    body: 'CardActivateRequest',
    response: 'CardActivation',
  },
  { key: 'DELETE /v1/cards/{id}', response: 'CardDeletion' },
  {
    key: 'GET /v1/customers',
    query: 'CustomerListQuery',
    response: 'CustomerList',
    item: 'Customer',
  },
  { key: 'GET /v1/customers/{id}', response: 'Customer' },
  {
    key: 'GET /v1/payment-methods',
    query: 'PaymentMethodListQuery',
    response: 'PaymentMethodList',
    item: 'PaymentMethod',
  },
  {
    key: 'POST /v1/subscription-plans',
    body: 'SubscriptionPlanCreateRequest',
    response: 'SubscriptionPlan',
  },
  {
    key: 'GET /v1/subscription-plans',
    query: 'SubscriptionPlanListQuery',
    response: 'SubscriptionPlanList',
    item: 'SubscriptionPlan',
  },
  { key: 'GET /v1/subscription-plans/{id}', response: 'SubscriptionPlan' },
  {
    key: 'PATCH /v1/subscription-plans/{id}/status',
    body: 'SubscriptionPlanStatusRequest',
    response: 'SubscriptionPlanStatusResponse',
  },
  {
    key: 'POST /v1/subscription-plans/{id}/image',
    body: 'SubscriptionPlanImageRequest',
    response: 'SubscriptionPlan',
  },
  {
    key: 'POST /v1/subscriptions',
    body: 'SubscriptionCreateRequest',
    response: 'Subscription',
  },
  {
    key: 'GET /v1/subscriptions',
    query: 'SubscriptionListQuery',
    response: 'SubscriptionList',
    item: 'Subscription',
  },
  { key: 'GET /v1/subscriptions/{id}', response: 'Subscription' },
  {
    key: 'PATCH /v1/subscriptions/{id}',
    body: 'SubscriptionUpdateRequest',
    response: 'SubscriptionUpdate',
  },
  { key: 'POST /v1/subscriptions/{id}/cancel', response: 'Subscription' },
  { key: 'POST /v1/subscriptions/{id}/pause', response: 'Subscription' },
  { key: 'POST /v1/subscriptions/{id}/resume', response: 'Subscription' },
  { key: 'GET /v1/wallets', query: 'WalletListQuery', response: 'WalletList', item: 'Wallet' },
  {
    key: 'POST /v1/submerchants/{merchantId}/payout-requests',
    body: 'PayoutRequestCreateRequest',
    response: 'PayoutRequestCreated',
  },
  {
    key: 'GET /v1/payout-requests',
    query: 'PayoutRequestListQuery',
    response: 'PayoutRequestList',
    item: 'PayoutRequest',
  },
  { key: 'GET /v1/payout-requests/{id}', response: 'PayoutRequest' },
  {
    key: 'POST /v1/payout-requests/{id}/approve',
    body: 'PayoutRequestApproveRequest',
    response: 'PayoutRequest',
  },
  {
    key: 'POST /v1/payout-requests/{id}/reject',
    body: 'PayoutRequestRejectRequest',
    response: 'PayoutRequest',
  },
  {
    key: 'GET /v1/submerchants',
    query: 'SubmerchantListQuery',
    response: 'SubmerchantList',
    item: 'Submerchant',
  },
  { key: 'GET /v1/connect/sub-accounts/{id}/fees-info', response: 'SubAccountFeesInfo' },
];

const CHARGE = 'POST /v1/charges';
const SUBSCRIBE = 'POST /v1/subscriptions';
const AUTHENTICATE = 'POST /v1/three-ds/authenticate';

/** A named part of `key`'s answer. */
const answerPart = (name: string, key: string, pointer: string): NamedPart => ({
  name,
  key,
  in: 'response',
  pointer,
});

export const NAMED_PARTS: readonly NamedPart[] = [
  { name: 'CustomerInput', key: CHARGE, in: 'body', pointer: '/properties/customer' },
  { name: 'PaymentMethodInput', key: CHARGE, in: 'body', pointer: '/properties/paymentMethod' },
  {
    name: 'CardPaymentInput',
    key: CHARGE,
    in: 'body',
    pointer: '/properties/paymentMethod/anyOf/0',
  },
  {
    name: 'SavedCardPaymentInput',
    key: CHARGE,
    in: 'body',
    pointer: '/properties/paymentMethod/anyOf/1',
  },
  {
    name: 'WalletPaymentInput',
    key: CHARGE,
    in: 'body',
    pointer: '/properties/paymentMethod/anyOf/2',
  },
  {
    name: 'PixPaymentInput',
    key: CHARGE,
    in: 'body',
    pointer: '/properties/paymentMethod/anyOf/3',
  },
  {
    name: 'BrowserInfo',
    key: CHARGE,
    in: 'body',
    pointer: '/properties/paymentMethod/anyOf/0/properties/browser',
  },
  { name: 'ChargeItemInput', key: CHARGE, in: 'body', pointer: '/properties/items/items' },
  {
    name: 'SubscriptionPaymentMethodInput',
    key: SUBSCRIBE,
    in: 'body',
    pointer: '/properties/paymentMethod',
  },
  { name: 'ChargeItem', key: CHARGE, in: 'response', pointer: '/properties/items/items' },
  {
    name: 'ChargePaymentMethod',
    key: CHARGE,
    in: 'response',
    pointer: '/properties/paymentMethod',
  },
  { name: 'NextAction', key: CHARGE, in: 'response', pointer: '/properties/nextAction' },
  answerPart('ThreeDSStatus', AUTHENTICATE, '/properties/status'),
  answerPart('ThreeDSOutcome', AUTHENTICATE, '/properties/outcome'),
  answerPart('ChallengeState', 'POST /v1/three-ds/challenge-result', '/properties/state'),
  answerPart('ChargeStatus', CHARGE, '/properties/status'),
  answerPart('CardStatus', 'GET /v1/cards', '/items/properties/status'),
  answerPart('SubscriptionPlanStatus', 'GET /v1/subscription-plans/{id}', '/properties/status'),
  answerPart('RecurrenceType', 'GET /v1/subscription-plans/{id}', '/properties/recurrenceType'),
  answerPart('SubscriptionStatus', 'GET /v1/subscriptions/{id}', '/properties/status'),
  answerPart('PayoutRequestStatus', 'GET /v1/payout-requests/{id}', '/properties/status'),
  answerPart(
    'SubmerchantStatus',
    'GET /v1/submerchants',
    '/properties/data/items/properties/status',
  ),
];
