import { describe, expect, it } from 'vitest';
import { MAX_FINGERPRINT_RESULT_LENGTH } from '../constants';
import { type FrameExpectation, judgeFrameMessage } from './frame-message';

const ORIGIN = 'https://acs.example.com';
const ID = 'auth_123';
const RESULT = 'eyJ0aHJlZURTU2VydmVyVHJhbnNJRCI6IjEyMyJ9';

/**
 * Two distinct stand-ins for iframe windows (happy-dom does not give iframes a window).
 * The filter compares identity only, so distinct objects are all a test needs.
 */
function windows() {
  const ourWindow = { name: 'our iframe' } as unknown as Window;
  const otherWindow = { name: 'hostile iframe' } as unknown as Window;
  return { ourWindow, otherWindow };
}

function setup(kind: FrameExpectation['kind']) {
  const { ourWindow, otherWindow } = windows();
  const expected: FrameExpectation = {
    kind,
    source: ourWindow,
    origin: ORIGIN,
    authenticationId: ID,
  };
  const judge = (
    data: unknown,
    from: { source?: MessageEventSource | null; origin?: string } = {},
  ) =>
    judgeFrameMessage(
      {
        data,
        source: 'source' in from ? (from.source ?? null) : ourWindow,
        origin: from.origin ?? ORIGIN,
      },
      expected,
    );
  return { judge, expected, ourWindow, otherWindow };
}

const fingerprintMessage = {
  type: 'fingerprinting_result',
  authenticationId: ID,
  fingerprintingResult: RESULT,
};
const challengeMessage = { type: 'challenge_complete', authenticationId: ID };

describe('judgeFrameMessage: accepted messages', () => {
  it('accepts the fingerprinting message and returns its result', () => {
    expect(setup('fingerprint').judge(fingerprintMessage)).toEqual({
      accepted: true,
      fingerprintingResult: RESULT,
    });
  });

  it('accepts the challenge completion message', () => {
    expect(setup('challenge').judge(challengeMessage)).toEqual({ accepted: true });
  });

  it('accepts a fingerprint message without authenticationId', () => {
    const { authenticationId: _id, ...message } = fingerprintMessage;
    expect(setup('fingerprint').judge(message)).toEqual({
      accepted: true,
      fingerprintingResult: RESULT,
    });
  });

  it('accepts a challenge message without authenticationId', () => {
    expect(setup('challenge').judge({ type: 'challenge_complete' })).toEqual({ accepted: true });
  });

  it('accepts a bare base64 string as the fingerprinting result', () => {
    expect(setup('fingerprint').judge(RESULT)).toEqual({
      accepted: true,
      fingerprintingResult: RESULT,
    });
    expect(setup('fingerprint').judge('YQ==')).toEqual({
      accepted: true,
      fingerprintingResult: 'YQ==',
    });
  });

  it('accepts a fingerprinting result of exactly the maximum size', () => {
    const big = 'A'.repeat(MAX_FINGERPRINT_RESULT_LENGTH);
    expect(
      setup('fingerprint').judge({ ...fingerprintMessage, fingerprintingResult: big }),
    ).toEqual({
      accepted: true,
      fingerprintingResult: big,
    });
  });

  it('ignores extra fields of a valid message', () => {
    expect(setup('challenge').judge({ ...challengeMessage, extra: { html: '<b>x</b>' } })).toEqual({
      accepted: true,
    });
  });
});

describe('judgeFrameMessage: source and origin', () => {
  it.each(['fingerprint', 'challenge'] as const)('%s: another window → wrong_source', (kind) => {
    const { judge, otherWindow } = setup(kind);
    const valid = kind === 'fingerprint' ? fingerprintMessage : challengeMessage;
    expect(judge(valid, { source: otherWindow })).toEqual({
      accepted: false,
      reason: 'wrong_source',
    });
  });

  it('the parent page itself → wrong_source', () => {
    expect(setup('challenge').judge(challengeMessage, { source: window })).toEqual({
      accepted: false,
      reason: 'wrong_source',
    });
  });

  it('a null source → wrong_source', () => {
    expect(setup('challenge').judge(challengeMessage, { source: null })).toEqual({
      accepted: false,
      reason: 'wrong_source',
    });
  });

  it('an expectation without a window accepts nothing, not even a null source', () => {
    const expected: FrameExpectation = {
      kind: 'challenge',
      source: null,
      origin: ORIGIN,
      authenticationId: ID,
    };
    expect(
      judgeFrameMessage({ data: challengeMessage, source: null, origin: ORIGIN }, expected),
    ).toEqual({
      accepted: false,
      reason: 'wrong_source',
    });
  });

  it.each([
    'https://evil.example.com',
    'https://acs.example.com:8443',
    'http://acs.example.com',
    'https://acs.example.com.evil.com',
    'null',
    '',
  ])('our window but origin %j → wrong_origin', (origin) => {
    expect(setup('fingerprint').judge(fingerprintMessage, { origin })).toEqual({
      accepted: false,
      reason: 'wrong_origin',
    });
  });

  it('source is judged before the data: a foreign frame with junk is still wrong_source', () => {
    const { judge, otherWindow } = setup('fingerprint');
    expect(judge(42, { source: otherWindow, origin: 'https://evil.example' })).toEqual({
      accepted: false,
      reason: 'wrong_source',
    });
  });

  it('origin is judged before the data: valid data from a wrong origin is wrong_origin', () => {
    expect(
      setup('challenge').judge(challengeMessage, { origin: 'https://evil.example' }),
    ).toMatchObject({
      reason: 'wrong_origin',
    });
  });
});

describe('judgeFrameMessage: authenticationId', () => {
  it.each([
    ['another id', 'auth_999'],
    ['an empty string', ''],
    ['a number', 123],
    ['null', null],
  ])('%s → wrong_authentication_id', (_what, authenticationId) => {
    expect(setup('fingerprint').judge({ ...fingerprintMessage, authenticationId })).toEqual({
      accepted: false,
      reason: 'wrong_authentication_id',
    });
    expect(setup('challenge').judge({ ...challengeMessage, authenticationId })).toEqual({
      accepted: false,
      reason: 'wrong_authentication_id',
    });
  });
});

describe('judgeFrameMessage: junk data', () => {
  it.each([
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
  ])('%s → malformed', (_what, data) => {
    expect(setup('fingerprint').judge(data)).toEqual({ accepted: false, reason: 'malformed' });
    expect(setup('challenge').judge(data)).toEqual({ accepted: false, reason: 'malformed' });
  });

  it.each([
    ['an array', [fingerprintMessage]],
    ['an object without type', { authenticationId: ID, fingerprintingResult: RESULT }],
    ['an unknown type', { ...fingerprintMessage, type: 'hello' }],
    [
      'the challenge type during fingerprinting',
      { ...challengeMessage, fingerprintingResult: RESULT },
    ],
    ['the type in another case', { ...fingerprintMessage, type: 'FINGERPRINTING_RESULT' }],
  ])('fingerprint: %s → wrong_type', (_what, data) => {
    expect(setup('fingerprint').judge(data)).toEqual({ accepted: false, reason: 'wrong_type' });
  });

  it('challenge: the fingerprinting type → wrong_type', () => {
    expect(setup('challenge').judge(fingerprintMessage)).toEqual({
      accepted: false,
      reason: 'wrong_type',
    });
  });

  it('a bare string is not a challenge completion', () => {
    expect(setup('challenge').judge(RESULT)).toEqual({ accepted: false, reason: 'malformed' });
    expect(setup('challenge').judge('challenge_complete')).toEqual({
      accepted: false,
      reason: 'malformed',
    });
  });

  it.each([
    ['spaces and punctuation', 'not base64!'],
    ['a JSON string', JSON.stringify(fingerprintMessage)],
    ['an HTML string', '<script>alert(1)</script>'],
    ['an empty string', ''],
    ['too much padding', 'YQ==='],
  ])('a bare non-base64 string (%s) → malformed', (_what, data) => {
    expect(setup('fingerprint').judge(data)).toEqual({ accepted: false, reason: 'malformed' });
  });

  it.each([
    ['not base64', 'not base64!'],
    ['missing', undefined],
    ['a number', 1234],
    ['an object', { data: RESULT }],
    ['empty', ''],
    ['over 64 KiB', 'A'.repeat(MAX_FINGERPRINT_RESULT_LENGTH + 1)],
  ])('fingerprintingResult %s → malformed', (_what, fingerprintingResult) => {
    expect(setup('fingerprint').judge({ ...fingerprintMessage, fingerprintingResult })).toEqual({
      accepted: false,
      reason: 'malformed',
    });
  });

  it('a bare string over 64 KiB → malformed', () => {
    expect(setup('fingerprint').judge('A'.repeat(MAX_FINGERPRINT_RESULT_LENGTH + 1))).toEqual({
      accepted: false,
      reason: 'malformed',
    });
  });

  it('the limit is 64 KiB', () => {
    expect(MAX_FINGERPRINT_RESULT_LENGTH).toBe(64 * 1024);
  });
});
