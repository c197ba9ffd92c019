// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../kernel/http/errors';
import { mustHaveSomewhereToGo, resentChannels } from './rules';

describe('resentChannels: which earlier deliveries a resend copies', () => {
  it('an event’s postback', () => {
    expect(resentChannels('charge.paid')).toEqual(['postback']);
  });

  it('a test event’s endpoint too (it went to that endpoint alone)', () => {
    expect(resentChannels('webhook.test')).toEqual(['postback', 'endpoint']);
  });
});

describe('mustHaveSomewhereToGo', () => {
  it('a resend that queued a delivery passes', () => {
    expect(() => mustHaveSomewhereToGo(1, 'evt_1', 'charge.paid')).not.toThrow();
  });

  it('none: 400 naming the event and its kind', () => {
    let thrown: unknown;
    try {
      mustHaveSomewhereToGo(0, 'evt_1', 'charge.paid');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).body).toEqual({
      statusCode: 400,
      message:
        'event evt_1 has nowhere to go: no enabled endpoint takes charge.paid, and it had no postback',
      error: 'Bad Request',
    });
  });
});
