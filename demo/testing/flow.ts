/** The widget's 3DS flow, driven over real HTTP by the sandbox tests. */
import { expect } from 'vitest';
import {
  authenticateResponseSchema,
  challengeResultSchema,
  submitResponseSchema,
} from '../../src/api/schemas';
import { valid } from '../../src/checks';
import type { AuthenticationResult, ChallengeResult, Outcome } from '../../src/types';
import type { PublicScenario } from '../service/three-ds/scenarios';
import { authenticateBody, KEYS, postChallengeForm, type TestSandbox } from './sandbox';

const key = KEYS.publishable;

export type Step = {
  call: 'authenticate' | 'submit' | 'challenge-result' | 'challenge';
  result: string;
};

export interface Run {
  status: AuthenticationResult['status'];
  outcome?: Outcome;
  threeDS?: ChallengeResult;
  trace: Step[];
  authenticationId: string;
}

/** The widget's flow (docs/protocol.md's table) over real HTTP; the challenge answered by form POST. */
export async function runFlow(sandbox: TestSandbox, scenario: PublicScenario): Promise<Run> {
  const trace: Step[] = [];
  const auth = await sandbox.api('/v1/three-ds/authenticate', {
    key,
    body: authenticateBody(scenario.card),
  });
  expect(auth.status).toBe(200);
  let response: {
    status: string;
    outcome?: Outcome;
    fingerprintingUrl?: string;
    challengeUrl?: string;
  } = valid(authenticateResponseSchema, auth.body);
  const id = valid(authenticateResponseSchema, auth.body).authenticationId;
  trace.push({ call: 'authenticate', result: response.status });

  const challengeResult = async (): Promise<ChallengeResult> => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const reply = await sandbox.api('/v1/three-ds/challenge-result', {
        key,
        body: { authenticationId: id },
      });
      trace.push({ call: 'challenge-result', result: String(reply.status) });
      if (reply.status === 200) return valid(challengeResultSchema, reply.body);
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual({ statusCode: 500, message: 'Internal server error' });
    }
    throw new Error('challenge-result kept failing');
  };
  const submit = async (fingerprintingResult?: string) => {
    const body =
      fingerprintingResult === undefined
        ? { authenticationId: id }
        : { authenticationId: id, fingerprintingResult };
    const reply = await sandbox.api('/v1/three-ds/submit', { key, body });
    expect(reply.status).toBe(200);
    const parsed = valid(submitResponseSchema, reply.body);
    expect(parsed.authenticationId).toBe(id);
    trace.push({ call: 'submit', result: parsed.status });
    return parsed;
  };

  for (let step = 0; step < 10; step++) {
    switch (response.status) {
      case 'requires_submission': {
        let result: string | undefined;
        if (response.fingerprintingUrl !== undefined) {
          const page = await fetch(response.fingerprintingUrl);
          expect(page.status).toBe(200);
          // The real page posts after ~300 ms; the silent one has no script and never does.
          if ((await page.text()).includes('/3ds/assets/fingerprint.js')) {
            result = Buffer.from('fingerprint').toString('base64');
          }
        }
        response = await submit(result);
        break;
      }
      case 'processing':
        response = await submit();
        break;
      case 'requires_challenge': {
        const url = new URL(response.challengeUrl ?? '');
        const page = await fetch(url);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('autocomplete="one-time-code"');
        if (scenario.challengeAction === undefined) throw new Error('unexpected challenge');
        const code = scenario.challengeAction === 'approve' ? '1234' : '0000';
        const done = await postChallengeForm(sandbox, { authenticationId: id, code });
        expect(done.status).toBe(200);
        expect(done.body).toContain('/3ds/assets/complete.js');
        trace.push({ call: 'challenge', result: scenario.challengeAction });
        const threeDS = await challengeResult();
        const status =
          threeDS.state === 'success'
            ? 'succeeded'
            : threeDS.state === 'error'
              ? 'error'
              : 'failed';
        return { status, threeDS, trace, authenticationId: id };
      }
      case 'succeeded': {
        const threeDS = await challengeResult();
        return {
          status: 'succeeded',
          ...(response.outcome === undefined ? {} : { outcome: response.outcome }),
          threeDS,
          trace,
          authenticationId: id,
        };
      }
      default:
        return {
          status: response.status as Run['status'],
          ...(response.outcome === undefined ? {} : { outcome: response.outcome }),
          trace,
          authenticationId: id,
        };
    }
  }
  throw new Error('the flow did not end');
}
