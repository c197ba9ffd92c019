/**
 * Every bound and EMV size the engine uses, in one place. (The EMV browser-data rules live in
 * `threeds/browser-info.ts`: the card form shares that module, and anything it took from here
 * would move this module into the chunk they share, where esbuild no longer inlines the values.)
 */

/** EMV 3DS: the 3DS Method (fingerprinting) may take at most 10 s. */
export const FINGERPRINT_TIMEOUT_MS = 10_000;
/** How long one HTTP request to the service may take, body included. */
export const REQUEST_TIMEOUT_MS = 15_000;
/** A shopper gets ten minutes to finish a challenge. */
export const CHALLENGE_DEADLINE_MS = 10 * 60_000;
/** `processing` is polled through submit, backing off, until this deadline. */
export const PROCESSING_DEADLINE_MS = 30_000;
export const PROCESSING_FIRST_DELAY_MS = 500;
export const PROCESSING_MAX_DELAY_MS = 4_000;
/** challenge-result only reads, so a 5xx or network failure is retried: attempts in all. */
export const CHALLENGE_RESULT_ATTEMPTS = 3;
export const CHALLENGE_RESULT_RETRY_DELAY_MS = 500;
/** Upper bound accepted for `fingerprintTimeoutMs`, so a typo cannot make a wait unbounded. */
export const MAX_FINGERPRINT_TIMEOUT_MS = 60_000;

/** EMV 3DS challenge window sizes (width × height in CSS pixels); '05' is full screen. */
export const CHALLENGE_WINDOW_SIZES = {
  '01': [250, 400],
  '02': [390, 400],
  '03': [500, 600],
  '04': [600, 400],
  '05': null,
} as const;
/**
 * The narrowest `challengeContainer`: EMV's smallest window ('01') is this wide. Narrower, or
 * matching no element, is `configuration` before any request.
 */
export const MIN_CHALLENGE_CONTAINER_PX = CHALLENGE_WINDOW_SIZES['01'][0];
/** Below this viewport width the challenge always takes the full screen. */
export const FULL_SCREEN_BELOW_PX = 600;
/** Room around a windowed challenge: dialog padding plus its header. */
export const CHALLENGE_CHROME_PX = { width: 32, height: 96 } as const;

/** The most installments a form may offer (`installments`). */
export const MAX_INSTALLMENTS = 12;

/** A fingerprinting result larger than this is not a fingerprint. */
export const MAX_FINGERPRINT_RESULT_LENGTH = 64 * 1024;

/**
 * PIX (src/pix/): `onPixStatus` is first called this long after the code shows, then each wait
 * grows by PIX_POLL_GROWTH, a failed call's by PIX_POLL_FAILURE_GROWTH, up to the longest wait.
 * Each call counts as failed past REQUEST_TIMEOUT_MS.
 */
export const PIX_POLL_FIRST_DELAY_MS = 2_000;
export const PIX_POLL_MAX_DELAY_MS = 10_000;
export const PIX_POLL_GROWTH = 1.5;
export const PIX_POLL_FAILURE_GROWTH = 2;
/** EMV QR payloads (the BR Code) are at most 512 characters. */
export const MAX_PIX_CODE_LENGTH = 512;
/** Light modules around the PIX QR code, as ISO/IEC 18004 asks. */
export const PIX_QR_QUIET_ZONE = 4;
/**
 * The countdown is announced to assistive tech at these moments only (seconds left): every whole
 * minute of the last PIX_ANNOUNCE_EVERY_MINUTE_S, every PIX_ANNOUNCE_STEP_S before, and at
 * PIX_ANNOUNCE_LAST_S.
 */
export const PIX_ANNOUNCE_EVERY_MINUTE_S = 600;
export const PIX_ANNOUNCE_STEP_S = 600;
export const PIX_ANNOUNCE_LAST_S = 30;
