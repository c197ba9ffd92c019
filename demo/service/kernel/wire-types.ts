/**
 * The sandbox's own wire types, written from the service's API (docs/server.md,
 * docs/protocol.md) and never imported from the widget (`src/`): an emulator that shared the
 * widget's types would agree with the widget's mistakes.
 */

/** Status of an authenticate answer. */
export type AuthenticateStatus =
  | 'requires_submission'
  | 'requires_challenge'
  | 'succeeded'
  | 'failed'
  | 'error'
  | 'canceled'
  | 'processing';

/** The outcome enum, present only in terminal states. */
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

/** `state` of a challenge result. */
export type ChallengeState =
  | 'success'
  | 'failure'
  | 'unenrolled'
  | 'error'
  | 'unsupported_brand'
  | 'disabled';

/** The challenge-result body: what goes into `paymentMethod.threeDS` of a charge. */
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

/** Status of a submit answer. */
export type SubmitStatus = 'requires_challenge' | 'succeeded' | 'failed' | 'error' | 'processing';

/** The authenticate answer. */
export interface AuthenticateResponse {
  authenticationId: string;
  status: AuthenticateStatus;
  fingerprintingUrl?: string;
  challengeUrl?: string;
  outcome?: Outcome;
}

/** The submit answer. */
export interface SubmitResponse {
  authenticationId: string;
  status: SubmitStatus;
  challengeUrl?: string;
  outcome?: Outcome;
}

/** The `browser` object of an authenticate request (and of a managed-3DS charge). */
export interface BrowserInfo {
  userAgent: string;
  ipAddress: string;
  acceptHeader: string;
  language: string;
  timezoneOffset: number;
  javascriptEnabled: boolean;
  javaEnabled: boolean;
  screenWidth: number;
  screenHeight: number;
  colorDepth: number;
}

/** A browser flow's terminal status, as the scenario list states what the widget should end with. */
export type FlowStatus = 'succeeded' | 'failed' | 'error' | 'canceled';

/** A saved card (card token) record. */
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
