// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { APPLE_PAY_TOKEN, BROWSER, charge, rawCard, savedCard } from '../../testing/charges';
import { postChallengeForm, useSandbox } from '../../testing/sandbox';
import { SCENARIOS } from '../three-ds/scenarios';

const t = useSandbox();
const cardOf = (name: string) => SCENARIOS.find((s) => s.name === name)?.card ?? '';
const create = (body: unknown) => t.secret('/v1/charges', { body });

describe('saved card (variant B)', () => {
  it('charges an active card', async () => {
    const reply = await create(
      charge({
        paymentMethod: savedCard('card_sandbox_visa', { installments: 3 }),
      }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'paid',
      paymentMethod: {
        source: 'saved_card',
        cardTokenId: 'card_sandbox_visa',
        last4: '1111',
        installments: 3,
      },
    });
  });

  it('a card pending validation: 422 with a clear message', async () => {
    const reply = await create(
      charge({
        paymentMethod: savedCard('card_sandbox_pending'),
      }),
    );
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      statusCode: 422,
      message:
        'card card_sandbox_pending is not active (status pending_validation); activate it before charging',
      error: 'Unprocessable Entity',
    });
  });

  it('unknown card: 404 card not found; missing CVV: 400', async () => {
    const unknown = await create(
      charge({
        paymentMethod: savedCard('card_nope'),
      }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: 'card not found' });
    const noCvv = await create(
      charge({
        paymentMethod: { type: 'credit_card', cardTokenId: 'card_sandbox_visa', installments: 1 },
      }),
    );
    expect(noCvv.body).toMatchObject({ statusCode: 400, message: 'paymentMethod.cvv is required' });
  });
});

describe('device wallet (variant C)', () => {
  const wallet = (token: unknown, type = 'apple_pay') => ({
    type: 'credit_card',
    installments: 1,
    wallet: { type, token },
  });

  it('201 with the brand and last digits the wallet shows', async () => {
    const reply = await create(charge({ paymentMethod: wallet(APPLE_PAY_TOKEN) }));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'paid',
      paymentMethod: {
        source: 'wallet',
        brand: 'visa',
        last4: '0492',
        wallet: { type: 'apple_pay', transactionIdentifier: 'ABC123' },
      },
    });
  });

  it.each([
    ['paymentData.signature', 'paymentMethod.wallet.token.paymentData.signature is required'],
    ['paymentData.header', 'paymentMethod.wallet.token.paymentData.header is required'],
    ['paymentData', 'paymentMethod.wallet.token.paymentData is required'],
    ['paymentMethod', 'paymentMethod.wallet.token.paymentMethod is required'],
    ['transactionIdentifier', 'paymentMethod.wallet.token.transactionIdentifier is required'],
  ])('400 naming the missing member %s', async (member, message) => {
    const token: Record<string, Record<string, unknown> | string> =
      structuredClone(APPLE_PAY_TOKEN);
    const [first, second] = member.split('.') as [string, string | undefined];
    if (second === undefined) delete token[first];
    else {
      const part = token[first];
      if (typeof part === 'object') delete part[second];
    }
    const reply = await create(charge({ paymentMethod: wallet(token) }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
  });

  it('400 on another wallet type', async () => {
    const reply = await create(charge({ paymentMethod: wallet(APPLE_PAY_TOKEN, 'google_pay') }));
    expect(reply.body.message).toBe('paymentMethod.wallet.type must be one of: "apple_pay"');
  });
});

describe('managed 3DS and resume-3ds', () => {
  const managed = (number: string) =>
    charge({ paymentMethod: rawCard({ number, threeDSMode: 'managed', browser: BROWSER }) });

  it('authentication_required with nextAction; resume after the challenge: paid', async () => {
    const created = await create(managed(cardOf('Direct challenge')));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'authentication_required',
      paymentMethod: { threeDSMode: 'managed' },
      nextAction: {
        type: 'three_ds',
        authenticationId: expect.stringMatching(/^auth_/),
        status: 'requires_challenge',
        challengeUrl: expect.stringContaining(`${t.sandbox.threeDsUrl}/3ds/challenge?`),
      },
    });
    const id = created.body.id as string;
    const { authenticationId } = created.body.nextAction as { authenticationId: string };

    const early = await t.secret(`/v1/charges/${id}/resume-3ds`, { method: 'POST' });
    expect(early.status).toBe(400);
    expect(early.body.message).toContain('is not finished (status requires_challenge)');

    await postChallengeForm(t, { authenticationId, code: '1234' });
    const resumed = await t.secret(`/v1/charges/${id}/resume-3ds`, { method: 'POST' });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({
      id,
      status: 'paid',
      threeDS: { state: 'success', eci: '05' },
    });
    expect(resumed.body).not.toHaveProperty('nextAction');

    const twice = await t.secret(`/v1/charges/${id}/resume-3ds`, { method: 'POST' });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(`charge ${id} is not awaiting authentication (status paid)`);
  });

  it('the fingerprint scenario gives a fingerprintingUrl; a denied one fails on resume', async () => {
    const fingerprint = await create(managed(cardOf('Fingerprint then frictionless')));
    expect(fingerprint.body.nextAction).toMatchObject({
      status: 'requires_submission',
      fingerprintingUrl: expect.stringContaining('/3ds/fingerprint?'),
    });
    const denied = await create(managed(cardOf('Authentication failed (denied)')));
    expect(denied.body.nextAction).toEqual({
      type: 'three_ds',
      authenticationId: expect.any(String),
      status: 'failed',
    });
    const resumed = await t.secret(`/v1/charges/${denied.body.id as string}/resume-3ds`, {
      method: 'POST',
    });
    expect(resumed.body).toMatchObject({
      status: 'failed',
      failureReason: 'three_ds_failed',
      threeDS: { state: 'failure' },
    });
  });

  it('a saved card uses its own number’s scenario', async () => {
    const reply = await create(
      charge({
        paymentMethod: savedCard('card_sandbox_challenge', {
          threeDSMode: 'managed',
          browser: BROWSER,
        }),
      }),
    );
    expect(reply.body).toMatchObject({
      status: 'authentication_required',
      nextAction: { status: 'requires_challenge' },
    });
  });

  it('the managed authentication lists no call of the widget before the widget makes one', async () => {
    const created = await create(
      charge({
        paymentMethod: rawCard({
          number: cardOf('Direct challenge'),
          threeDSMode: 'managed',
          browser: BROWSER,
        }),
      }),
    );
    const { authenticationId } = created.body.nextAction as { authenticationId: string };
    const inspected = await t.secret(`/sandbox/authentications/${authenticationId}`);
    expect(inspected.status).toBe(200);
    expect(inspected.body.calls).toEqual([]);
  });

  it('unknown charge: 404 on GET and resume', async () => {
    for (const [method, path] of [
      ['GET', '/v1/charges/ch_nope'],
      ['POST', '/v1/charges/ch_nope/resume-3ds'],
    ] as const) {
      const reply = await t.secret(path, { method });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({
        statusCode: 404,
        message: 'charge not found: ch_nope',
        error: 'Not Found',
      });
    }
  });
});
