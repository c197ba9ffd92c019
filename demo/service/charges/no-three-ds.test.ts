// @vitest-environment node
/**
 * A card charge without `threeDS` (and without managed 3DS), as docs/sandbox.md documents it: the
 * sandbox requires 3DS for no card, so every test card is paid, challenge and failing scenarios
 * included, except the one whose issuer declines every charge.
 */
import { describe, expect, it } from 'vitest';
import { charge, rawCard, savedCard } from '../../testing/charges';
import { useSandbox } from '../../testing/sandbox';
import { SCENARIOS } from '../three-ds/scenarios';

const t = useSandbox();
const create = (paymentMethod: unknown) =>
  t.secret('/v1/charges', { body: charge({ paymentMethod }) });

const DECLINED = '4000000000000150';

describe('POST /v1/charges with a raw card and no threeDS', () => {
  it.each([
    ['Frictionless success', '4000000000000010'],
    ['Direct challenge', '4000000000000044'],
    ['Challenge failed (wrong code)', '4000000000000051'],
    ['Authentication failed (denied)', '4000000000000077'],
    ['3DS error', '4000000000000127'],
    ['Issuer declines renewals', '4000000000000341'],
  ])('%s (%s): 201 paid, no threeDS recorded', async (name, card) => {
    expect(SCENARIOS.find((s) => s.card === card)?.name).toBe(name);
    const reply = await create(rawCard({ number: card }));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    expect(reply.body.threeDS).toBeUndefined();
    expect(reply.body.failureReason).toBeUndefined();
  });

  it('every test card but the declining one is paid', async () => {
    const outcomes = await Promise.all(
      SCENARIOS.map(async (s) => {
        const reply = await create(rawCard({ number: s.card }));
        return [s.card, reply.body.status, reply.body.failureReason ?? null];
      }),
    );
    expect(outcomes).toEqual(
      SCENARIOS.map((s) =>
        s.card === DECLINED ? [s.card, 'failed', 'card_declined'] : [s.card, 'paid', null],
      ),
    );
  });

  it('a saved card with a challenge number, no threeDS: paid too', async () => {
    const reply = await create(savedCard('card_sandbox_challenge'));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'paid', paymentMethod: { last4: '0044' } });
  });
});
