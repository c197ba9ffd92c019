import type { CheckoutError, ErrorCode } from './errors';

/** The spec's `browser` object: browser data for 3DS, all ten fields. */
export interface BrowserInfo {
  userAgent: string;
  ipAddress: string;
  acceptHeader: string;
  /** A language tag of at most 8 characters (EMV 3DS). */
  language: string;
  /** `new Date().getTimezoneOffset()`: UTC minus local time, in minutes. */
  timezoneOffset: number;
  javascriptEnabled: boolean;
  javaEnabled: boolean;
  screenWidth: number;
  screenHeight: number;
  /** One of the EMV values 1, 4, 8, 15, 16, 24, 32, 48. */
  colorDepth: number;
}

/** Status of the spec's authenticate response. */
export type AuthenticateStatus =
  | 'requires_submission'
  | 'requires_challenge'
  | 'succeeded'
  | 'failed'
  | 'error'
  | 'canceled'
  | 'processing';

/** Status of the spec's submit response. */
export type SubmitStatus = 'requires_challenge' | 'succeeded' | 'failed' | 'error' | 'processing';

/** The spec's outcome enum, present only in terminal states. */
export type Outcome =
  | 'authenticated'
  | 'informational'
  | 'attempt_acknowledged'
  | 'rejected'
  | 'denied'
  | 'abandoned'
  | 'not_supported'
  | 'processing_error'
  | 'internal_error'
  | 'canceled';

/** `state` of the spec's challenge result. */
export type ChallengeState =
  | 'success'
  | 'failure'
  | 'unenrolled'
  | 'error'
  | 'unsupported_brand'
  | 'disabled';

/** The spec's challenge-result body: what goes into `paymentMethod.threeDS` of a charge. */
export interface ChallengeResult {
  type: string;
  state: ChallengeState;
  cryptogram: string;
  directoryServerTransactionId: string;
  threeDsServerTransactionId: string;
  acsTransactionId: string;
  eci: string;
  version: string;
}

export interface AuthenticateResponse {
  authenticationId: string;
  status: AuthenticateStatus;
  fingerprintingUrl?: string;
  challengeUrl?: string;
  outcome?: Outcome;
}

export interface SubmitResponse {
  authenticationId: string;
  status: SubmitStatus;
  challengeUrl?: string;
  outcome?: Outcome;
}

/** The spec's error body. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  error?: string;
}

export interface CardInput {
  /** Digits; spaces are allowed and stripped. */
  number: string;
  /** Exactly two characters, 01–12. */
  expirationMonth: string;
  /** Exactly four characters. */
  expirationYear: string;
  holderName: string;
}

export interface AuthenticateRequest {
  /** In the currency unit, not cents; at least 1. */
  amount: number;
  /** ISO 4217, e.g. `BRL`. */
  currency: string;
  card: CardInput;
}

export interface AuthenticateOptions {
  /** Aborting rejects with `aborted` and removes every frame and dialog of the flow. */
  signal?: AbortSignal;
}

/** Always terminal: a failed or abandoned authentication is a result, not an exception. */
export interface AuthenticationResult {
  authenticationId: string;
  status: 'succeeded' | 'failed' | 'error' | 'canceled';
  outcome?: Outcome;
  threeDS?: ChallengeResult;
}

export type CheckoutEventType =
  | 'authenticate:start'
  | 'fingerprint:start'
  | 'fingerprint:complete'
  | 'fingerprint:timeout'
  | 'challenge:shown'
  | 'challenge:complete'
  | 'challenge:closed'
  | 'result'
  | 'error';

/** Lifecycle telemetry. It never carries card data. */
export interface CheckoutEvent {
  type: CheckoutEventType;
  /** Known from the authenticate response on; absent on `authenticate:start`. */
  authenticationId?: string;
  /** `Date.now()` when the event happened. */
  timestamp: number;
  /** On `result`. */
  status?: AuthenticationResult['status'];
  outcome?: Outcome;
  /** On `error`. */
  code?: ErrorCode;
}

export type ChallengeWindowSize = '01' | '02' | '03' | '04' | '05';

export interface CheckoutOptions {
  /** Basic username for the 3DS endpoints (empty password). A secret key (`sk_…`) is refused. */
  publishableKey: string;
  /** The service's `{base_url}`: `https:`, or `http:` on localhost / 127.0.0.1 only. */
  baseUrl: string;
  /** @default navigator.language */
  locale?: string;
  /** EMV 3DS allows the 3DS Method at most 10 s. @default 10000 */
  fingerprintTimeoutMs?: number;
  /**
   * EMV challenge window size; '05' is the full screen, or inline the container's whole width
   * and height.
   * @default chosen from the viewport, or inline the container ('05' below 600 px wide)
   */
  challengeWindowSize?: ChallengeWindowSize;
  /**
   * Where the bank's challenge shows: an element, or a CSS selector for one, that it renders
   * inside (inline, with its own Close button) instead of the modal. Looked up and measured as
   * each flow starts: matching nothing, or narrower than 250 px, is `configuration` before any
   * request. A mount's `challengeContainer` wins over this one.
   * @default the modal dialog
   */
  challengeContainer?: string | HTMLElement;
  /** Lifecycle telemetry; never carries card data. */
  onEvent?(event: CheckoutEvent): void;
  /**
   * The shopper's IP address as the merchant's server saw it, sent as `browser.ipAddress`.
   * A page cannot know it. @default ''
   */
  ipAddress?: string;
  /** Bound on each request to the service, body included. @default 15000 */
  requestTimeoutMs?: number;
}

/** The spec's saved card record. */
export interface Card {
  id: string;
  token: string;
  maskedNumber: string;
  brand: string;
  expirationMonth: string;
  expirationYear: string;
  status: 'pending_validation' | 'active' | 'inactive';
  createdAt: string;
}

export interface ApplePayOptions {
  countryCode: string;
  label: string;
  supportedNetworks?: string[];
  merchantCapabilities?: string[];
  validateMerchant(validationURL: string): Promise<unknown>;
}

/** Variant A: raw card data. */
export interface CardPaymentMethod {
  type: 'credit_card';
  number: string;
  holderName: string;
  expirationMonth: string;
  expirationYear: string;
  cvv: string;
  installments: number;
  threeDS?: ChallengeResult;
  threeDSMode?: 'managed';
  browser?: BrowserInfo;
}

/** Variant B: a saved card. */
export interface SavedCardPaymentMethod {
  type: 'credit_card';
  cardTokenId: string;
  cvv: string;
  installments: number;
  threeDSMode?: 'managed';
  browser?: BrowserInfo;
}

/** Variant C: a device wallet token, exactly as the wallet produced it. */
export interface WalletPaymentMethod {
  type: 'credit_card';
  installments: number;
  wallet: { type: 'apple_pay'; token: unknown };
}

/** Variant D: PIX. The charge comes back `pending` with its `pix` code for the shopper to pay. */
export interface PixPaymentMethod {
  type: 'pix';
}

export type PaymentMethod =
  | CardPaymentMethod
  | SavedCardPaymentMethod
  | WalletPaymentMethod
  | PixPaymentMethod;

/** A pending PIX charge's `pix`: the BR Code to pay ("copia e cola") and when it expires. */
export interface PixCode {
  /** The BR Code (EMV QR payload), at most 512 characters: drawn as the QR code, and copied. */
  qrCode: string;
  /** ISO 8601, e.g. `2026-11-24T15:30:00Z`: the countdown ends then. */
  expiresAt: string;
}

/** The spec's Customer input. With `id`, every other field is optional. */
export interface CustomerInput {
  id?: string;
  name?: string;
  /** Required when `id` and `phone` are absent. */
  email?: string;
  phone?: string;
  /** In Brazil `{ type: 'cpf' | 'cnpj', id }`, the id without punctuation. */
  document?: { type: string; id: string };
  /** `country`: ISO 3166-1 alpha-3. */
  address?: { country: string };
  ipAddress?: string;
}

/** Customer fields the form can collect. */
export type CustomerField = 'name' | 'email' | 'phone' | 'document';

export interface InstallmentPlan {
  /** Largest number of installments offered, 1..12. */
  max: number;
  /** Counts up to this one carry no interest. @default 1 with a monthlyRate, else max */
  interestFree?: number;
  /** Interest per month as a fraction (0.0199 = 1.99 %), Price formula. @default 0 */
  monthlyRate?: number;
  /** Counts whose installment would be below this amount are not offered. @default 0 */
  minAmount?: number;
}

export interface ChargePayload {
  paymentMethod: PaymentMethod;
  authentication?: AuthenticationResult;
  /** The `customer` option merged with the fields the shopper filled; absent when neither is. */
  customer?: CustomerInput;
}

export interface MountOptions {
  amount: number;
  currency: string;
  /**
   * Largest number of installments offered, 1..12, all interest-free; or a plan with their cost.
   * @default 1 (no selector)
   */
  installments?: number | InstallmentPlan;
  /** The customer, as the spec's Customer input (e.g. `{ id }`); prefills the fields. */
  customer?: CustomerInput;
  /** Customer fields the form shows and checks. @default [] */
  customerFields?: CustomerField[];
  savedCards?: Card[];
  /**
   * The ways to pay the form offers, each at most once: with 'card' and 'pix' the shopper
   * chooses between "Card" and "PIX". 'apple_pay' shows its button only with `applePay`, where
   * Apple Pay can run, so 'card' or 'pix' must be listed too. PIX charges are in BRL.
   * @default ['card', 'apple_pay']
   */
  paymentMethods?: ('card' | 'pix' | 'apple_pay')[];
  /** @default 'caller' for new cards; saved cards always use 'managed' */
  threeDS?: 'caller' | 'managed';
  applePay?: ApplePayOptions;
  /**
   * Creates the charge on the merchant's server and resolves with it: its `status` decides what
   * the shopper sees. `paid` is the only success; `authentication_required` (with `nextAction`)
   * runs managed 3DS, then onResume; `pending` with `pix` (a PIX payment) shows the PIX code;
   * `failed` is declined (onError `declined`); anything else, or no charge, is never approved
   * (onError `configuration`). A rejection shows its message.
   */
  onCharge(payload: ChargePayload): Promise<unknown> | unknown;
  onError?(error: CheckoutError): void;
  onCancel?(): void;
  /**
   * Managed 3DS: called after the widget ran the fingerprinting and challenge steps of a charge
   * that came back `authentication_required`, so the merchant's server can call resume-3ds.
   * Resolves with the resumed charge, judged as onCharge's (no second 3DS).
   */
  onResume?(payload: {
    charge: unknown;
    authentication: AuthenticationResult;
  }): Promise<unknown> | unknown;
  /**
   * PIX: reads the charge on the merchant's server (the service's charge by its `id`) and
   * resolves with it, as it is now. Called while the shopper has the code, every 2 s at first,
   * then less often (up to every 10 s), until it is `paid` (success, as for a card) or `expired`
   * ("Generate a new code" then calls onCharge again). A rejection or a call past 15 s only
   * delays the next one. Without it the form shows the code and its countdown but cannot tell
   * when it is paid.
   */
  onPixStatus?(charge: unknown): Promise<unknown> | unknown;
  locale?: string;
  /**
   * This form's card payments show the bank's challenge inside this element (or the element
   * this CSS selector finds) instead of the modal: as createCheckout's `challengeContainer`,
   * which it wins over. Checked as each payment starts, before onCharge.
   * @default createCheckout's `challengeContainer`, else the modal dialog
   */
  challengeContainer?: string | HTMLElement;
}

export interface MountedCheckout {
  destroy(): void;
  /**
   * Changes options in place, without a remount; checked as mount()'s are. While a payment runs
   * (from Pay to its outcome, a PIX code showing included), a changed `amount` or `currency`
   * throws `busy` and changes nothing: the shopper pays what Pay showed and the 3DS authenticated.
   */
  update(options: Partial<MountOptions>): void;
}

export interface Checkout {
  authenticate(
    request: AuthenticateRequest,
    options?: AuthenticateOptions,
  ): Promise<AuthenticationResult>;
  mount(target: string | HTMLElement, options: MountOptions): MountedCheckout;
  /** Ends any running flow (`aborted`) and removes every iframe, modal and listener it made. */
  destroy(): void;
}
