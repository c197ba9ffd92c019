import { MAX_FINGERPRINT_RESULT_LENGTH } from '../constants';

/** What a step expects of the one frame it opened. */
export interface FrameExpectation {
  kind: 'fingerprint' | 'challenge';
  /** The window of the iframe we created. */
  source: MessageEventSource | null;
  /** The origin of the URL that iframe was loaded from. */
  origin: string;
  authenticationId: string;
}

export type IgnoredBecause =
  | 'wrong_source'
  | 'wrong_origin'
  | 'wrong_type'
  | 'wrong_authentication_id'
  | 'malformed';

export type FrameMessageVerdict =
  | { accepted: true; fingerprintingResult?: string }
  | { accepted: false; reason: IgnoredBecause };

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const isFingerprint = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_FINGERPRINT_RESULT_LENGTH && BASE64.test(value);

const TYPES = { fingerprint: 'fingerprinting_result', challenge: 'challenge_complete' } as const;

const ignore = (reason: IgnoredBecause): FrameMessageVerdict => ({ accepted: false, reason });

/**
 * Pure: does this message come from our frame and say what our protocol says?
 * Source and origin are checked first, so a foreign frame learns nothing from its data's shape.
 */
export function judgeFrameMessage(
  event: Pick<MessageEvent, 'source' | 'origin' | 'data'>,
  expected: FrameExpectation,
): FrameMessageVerdict {
  if (expected.source === null || event.source !== expected.source) return ignore('wrong_source');
  if (event.origin !== expected.origin) return ignore('wrong_origin');
  const data: unknown = event.data;

  if (typeof data === 'string') {
    // docs/protocol.md: a fingerprinting page may post the bare base64 result.
    return expected.kind === 'fingerprint' && isFingerprint(data)
      ? { accepted: true, fingerprintingResult: data }
      : ignore('malformed');
  }
  if (typeof data !== 'object' || data === null) return ignore('malformed');

  const message = data as Record<string, unknown>;
  if (message.type !== TYPES[expected.kind]) return ignore('wrong_type');
  if ('authenticationId' in message && message.authenticationId !== expected.authenticationId) {
    return ignore('wrong_authentication_id');
  }
  if (expected.kind === 'challenge') return { accepted: true };
  return isFingerprint(message.fingerprintingResult)
    ? { accepted: true, fingerprintingResult: message.fingerprintingResult }
    : ignore('malformed');
}
