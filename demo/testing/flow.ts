/**
 * The widget's 3DS flow, driven over real HTTP by the sandbox tests.
 *
 * The sandbox's production code keeps its own wire types (demo/service/kernel/wire-types.ts) and
 * never imports the widget. This testing helper does, on purpose: it runs the widget's own status
 * switch (`continueFlow` of src/threeds/flow.ts) against the sandbox, as a merchant's test would,
 * so the two cannot drift apart. Only the edges are ours: HTTP instead of frames and a modal.
 */
import { expect } from 'vitest';
import {
  authenticateResponseSchema,
  challengeResultSchema,
  submitResponseSchema,
} from '../../src/api/schemas';
import { type Check, valid } from '../../src/checks';
import { CheckoutError } from '../../src/errors';
import { continueFlow, type FlowEdges } from '../../src/threeds/flow';
import type { AuthenticationResult, ChallengeResult, Outcome } from '../../src/types';
import { CHALLENGE_CODE, type PublicScenario } from '../service/three-ds/scenarios';
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

/** The real fingerprinting page posts its result after ~300 ms; the silent one has no script. */
const FINGERPRINT_SCRIPT = '/3ds/assets/fingerprint.js';
const FINGERPRINTING_RESULT = Buffer.from('fingerprint').toString('base64');

/**
 * The flow's edges over HTTP: the API through `sandbox.api`, each call checked and traced; the
 * fingerprint frame as a fetch of its page; the challenge modal as the bank's form posted with
 * the scenario's code. Waits take no time: a virtual clock keeps the flow's deadlines meaningful.
 */
function httpEdges(sandbox: TestSandbox, scenario: PublicScenario, trace: Step[]): FlowEdges {
  let clock = 0;
  /** A step the sandbox must answer 200, its answer as the widget's client checks it. */
  async function step<T extends { status: string }>(
    call: 'authenticate' | 'submit',
    check: Check<T>,
    body: unknown,
  ): Promise<T> {
    const reply = await sandbox.api(`/v1/three-ds/${call}`, { key, body });
    expect(reply.status).toBe(200);
    const parsed = valid(check, reply.body);
    trace.push({ call, result: parsed.status });
    return parsed;
  }
  return {
    api: {
      authenticate: (body) => step('authenticate', authenticateResponseSchema, body),
      submit: (body) => step('submit', submitResponseSchema, body),
      async challengeResult(body) {
        const reply = await sandbox.api('/v1/three-ds/challenge-result', { key, body });
        trace.push({ call: 'challenge-result', result: String(reply.status) });
        if (reply.status === 200) return valid(challengeResultSchema, reply.body);
        // The only failure a scenario scripts; the flow retries it as the widget's client would.
        expect(reply.status).toBe(500);
        expect(reply.body).toEqual({ statusCode: 500, message: 'Internal server error' });
        throw new CheckoutError('server_error', 'Internal server error', { statusCode: 500 });
      },
    },
    browserInfo: () => authenticateBody(scenario.card).browser,
    async fingerprint(url) {
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const posts = (await page.text()).includes(FINGERPRINT_SCRIPT);
      return posts ? { fingerprintingResult: FINGERPRINTING_RESULT } : 'timeout';
    },
    async challenge(url, authenticationId) {
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('autocomplete="one-time-code"');
      const action = scenario.challengeAction;
      if (action === undefined) throw new Error('unexpected challenge');
      const code = action === 'approve' ? CHALLENGE_CODE : '0000';
      const done = await postChallengeForm(sandbox, { authenticationId, code });
      expect(done.status).toBe(200);
      expect(done.body).toContain('/3ds/assets/complete.js');
      trace.push({ call: 'challenge', result: action });
      return 'completed';
    },
    sleep: async (ms) => {
      clock += ms;
    },
    now: () => clock,
    emit: () => {},
  };
}

/** The widget's flow (docs/protocol.md's table) over real HTTP; the challenge answered by form POST. */
export async function runFlow(sandbox: TestSandbox, scenario: PublicScenario): Promise<Run> {
  const trace: Step[] = [];
  const edges = httpEdges(sandbox, scenario, trace);
  const signal = new AbortController().signal;
  const first = await edges.api.authenticate(authenticateBody(scenario.card), signal);
  const result = await continueFlow(first, edges, signal);
  return { ...result, trace };
}
