// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHALLENGE_CODE } from '../../demo/service/three-ds/scenarios';
import { SANDBOX_CHALLENGE_CODE } from './complete-challenge';

describe('completeChallenge', () => {
  it("types the sandbox bank's right code by default", () => {
    expect(SANDBOX_CHALLENGE_CODE).toBe(CHALLENGE_CODE);
  });
});
