// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { runFlow, type Step } from '../../testing/flow';
import { useSandbox } from '../../testing/sandbox';
import type { ChallengeResult } from '../kernel/wire-types';
import { SCENARIOS } from './scenarios';

const t = useSandbox();

const flow = (...steps: Array<[Step['call'], string]>): Step[] =>
  steps.map(([call, result]) => ({ call, result }));

/** The exact sequence each scenario must produce. */
const TRACES: Record<string, Step[]> = {
  'Frictionless success': flow(['authenticate', 'succeeded'], ['challenge-result', '200']),
  'Fingerprint then frictionless': flow(
    ['authenticate', 'requires_submission'],
    ['submit', 'succeeded'],
    ['challenge-result', '200'],
  ),
  'Fingerprint then challenge': flow(
    ['authenticate', 'requires_submission'],
    ['submit', 'requires_challenge'],
    ['challenge', 'approve'],
    ['challenge-result', '200'],
  ),
  'Direct challenge': flow(
    ['authenticate', 'requires_challenge'],
    ['challenge', 'approve'],
    ['challenge-result', '200'],
  ),
  'Challenge failed (wrong code)': flow(
    ['authenticate', 'requires_challenge'],
    ['challenge', 'wrong_code'],
    ['challenge-result', '200'],
  ),
  'Fingerprinting page never answers': flow(
    ['authenticate', 'requires_submission'],
    ['submit', 'succeeded'],
    ['challenge-result', '200'],
  ),
  'Authentication failed (denied)': flow(['authenticate', 'failed']),
  'Authentication rejected': flow(['authenticate', 'failed']),
  'Card not enrolled': flow(['authenticate', 'succeeded'], ['challenge-result', '200']),
  'Attempt (attempt_acknowledged)': flow(
    ['authenticate', 'succeeded'],
    ['challenge-result', '200'],
  ),
  'Processing then success': flow(
    ['authenticate', 'processing'],
    ['submit', 'processing'],
    ['submit', 'succeeded'],
    ['challenge-result', '200'],
  ),
  '3DS error': flow(['authenticate', 'error']),
  '500 on the first challenge-result': flow(
    ['authenticate', 'succeeded'],
    ['challenge-result', '500'],
    ['challenge-result', '200'],
  ),
  'Authentication canceled': flow(['authenticate', 'canceled']),
  'Issuer declines the charge': flow(['authenticate', 'succeeded'], ['challenge-result', '200']),
  'Issuer declines renewals': flow(['authenticate', 'succeeded'], ['challenge-result', '200']),
};

/** Challenge-result values per scenario that end with one. */
const RESULTS: Record<string, Partial<ChallengeResult>> = {
  'Frictionless success': { state: 'success', eci: '05' },
  'Fingerprint then frictionless': { state: 'success', eci: '05' },
  'Fingerprint then challenge': { state: 'success', eci: '05' },
  'Direct challenge': { state: 'success', eci: '05' },
  'Challenge failed (wrong code)': { state: 'failure', cryptogram: '' },
  'Fingerprinting page never answers': { state: 'success', eci: '05' },
  'Card not enrolled': { state: 'unenrolled', eci: '07', cryptogram: '' },
  'Attempt (attempt_acknowledged)': { state: 'success', eci: '06' },
  'Processing then success': { state: 'success', eci: '05' },
  '500 on the first challenge-result': { state: 'success', eci: '05' },
  'Issuer declines the charge': { state: 'success', eci: '05' },
  'Issuer declines renewals': { state: 'success', eci: '05' },
};

describe('every scenario ends as its row says', () => {
  it('covers every scenario in the tables', () => {
    expect(Object.keys(TRACES).sort()).toEqual(SCENARIOS.map((s) => s.name).sort());
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario.name} (${scenario.card})`, async () => {
      const run = await runFlow(t, scenario);
      expect(run.trace).toEqual(TRACES[scenario.name]);
      expect({ status: run.status, outcome: run.outcome }).toEqual({
        status: scenario.expected.status,
        outcome: scenario.expected.outcome,
      });
      const expectedResult = RESULTS[scenario.name];
      if (expectedResult === undefined) {
        expect(run.threeDS).toBeUndefined();
      } else {
        expect(run.threeDS).toMatchObject({ type: '3ds', version: '2.2.0', ...expectedResult });
        if (expectedResult.cryptogram === undefined) {
          expect(run.threeDS?.cryptogram).toMatch(/^[A-Za-z0-9+/]{27}=$/);
        }
        for (const field of [
          'directoryServerTransactionId',
          'threeDsServerTransactionId',
          'acsTransactionId',
        ] as const) {
          expect(run.threeDS?.[field]).toMatch(
            /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
          );
        }
      }
    });
  }

  it('any other Luhn-valid card is a frictionless success', async () => {
    const run = await runFlow(t, {
      name: 'other',
      card: '5555555555554444',
      description: '',
      expected: { status: 'succeeded' },
    });
    expect(run.status).toBe('succeeded');
    expect(run.outcome).toBe('authenticated');
    expect(run.threeDS).toMatchObject({ state: 'success', eci: '02' }); // Mastercard's ECI
  });
});
