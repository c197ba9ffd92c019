import { describe, expect, it, vi } from 'vitest';
import { type ChargeSteps, type Prepared, runCharge } from './charge-flow';
import type { PayOutcome } from './charge-outcome';
import { CheckoutError } from './errors';
import { authResult, deferred, mountOptions } from './test-support/checkout-ui';
import type { AuthenticationResult, ChargePayload } from './types';

const NEXT_ACTION = { type: 'three_ds', authenticationId: 'auth_7', status: 'requires_challenge' };

/** The payload of each payment method, as the form and the wallet hand it over. */
const METHODS: Record<string, ChargePayload> = {
  'a new card (caller 3DS)': {
    paymentMethod: {
      type: 'credit_card',
      number: '4111111111111111',
      holderName: 'Ana',
      expirationMonth: '12',
      expirationYear: '2099',
      cvv: '123',
      installments: 1,
    },
    authentication: authResult(),
  },
  'a new card (managed 3DS)': {
    paymentMethod: {
      type: 'credit_card',
      number: '4111111111111111',
      holderName: 'Ana',
      expirationMonth: '12',
      expirationYear: '2099',
      cvv: '123',
      installments: 1,
      threeDSMode: 'managed',
    },
  },
  'a saved card': {
    paymentMethod: { type: 'credit_card', cardTokenId: 'card_1', cvv: '123', installments: 1 },
  },
  'Apple Pay': {
    paymentMethod: {
      type: 'credit_card',
      installments: 1,
      wallet: { type: 'apple_pay', token: { paymentData: {} } },
    },
  },
};
const WALLET = 'Apple Pay';

/** One payment through the flow; the wallet's has no 3DS step, the form's a fake one. */
function run(method: string, charge: unknown, overrides: Partial<ChargeSteps> = {}) {
  const options = mountOptions({
    onCharge: vi.fn(async () => charge),
    onResume: vi.fn(async () => ({ status: 'paid' })),
  });
  const continueAuthentication = vi.fn(async (): Promise<AuthenticationResult> => authResult());
  const steps: ChargeSteps =
    method === WALLET ? overrides : { continueAuthentication, ...overrides };
  const payload = METHODS[method] as ChargePayload;
  const signal = new AbortController().signal;
  const outcome = runCharge(options, () => payload, signal, steps);
  return { options, continueAuthentication, outcome, payload };
}

/** The outcome as plain data: an error by its code and message. */
const plainOutcome = (outcome: PayOutcome) =>
  outcome.kind === 'error'
    ? { kind: 'error', code: outcome.error.code, message: outcome.error.message }
    : outcome;

describe.each(Object.keys(METHODS))('runCharge: %s', (method) => {
  it('hands onCharge the payload as it is; a paid charge is paid, nothing reported', async () => {
    const m = run(method, { id: 'ch_1', status: 'paid' });
    expect(await m.outcome).toEqual({ kind: 'paid' });
    expect(m.options.onCharge).toHaveBeenCalledExactlyOnceWith(m.payload);
    expect(m.options.onError).not.toHaveBeenCalled();
    expect(m.options.onCancel).not.toHaveBeenCalled();
  });

  it.each([
    [
      { status: 'failed', failureReason: 'card_declined' },
      'declined',
      'The charge failed: card_declined',
    ],
    [
      { status: 'pending', pix: {} },
      'configuration',
      'The charge is pending, not paid: only a PIX payment waits for the shopper',
    ],
    [{ status: 'canceled' }, 'configuration', 'The charge is canceled, not paid'],
    [undefined, 'configuration', 'onCharge and onResume must resolve with the charge'],
    [{ id: 'ch_1' }, 'configuration', 'onCharge and onResume must resolve with the charge'],
  ])('%o → never paid: onError (%s) once', async (charge, code, message) => {
    const m = run(method, charge);
    const outcome = await m.outcome;
    expect(plainOutcome(outcome)).toEqual({ kind: 'error', code, message });
    expect(m.options.onError).toHaveBeenCalledExactlyOnceWith(
      outcome.kind === 'error' && outcome.error,
    );
    expect(m.continueAuthentication).not.toHaveBeenCalled();
  });

  it('a pending charge goes to the PIX step when there is one', async () => {
    const pending = vi.fn(async (): Promise<PayOutcome> => ({ kind: 'paid' }));
    const charge = { status: 'pending', pix: { qrCode: 'x' } };
    const m = run(method, charge, { pending });
    expect(await m.outcome).toEqual({ kind: 'paid' });
    expect(pending).toHaveBeenCalledExactlyOnceWith(charge, expect.any(AbortSignal));
    expect(m.options.onError).not.toHaveBeenCalled();
  });

  it('the PIX step asking for a new code: onCharge again with the same payload', async () => {
    const first = { status: 'pending', pix: { qrCode: 'a' } };
    const second = { status: 'pending', pix: { qrCode: 'b' } };
    const pending = vi.fn(
      async (_charge: unknown): Promise<PayOutcome | 'new_code'> =>
        pending.mock.calls.length < 2 ? 'new_code' : { kind: 'paid' },
    );
    const m = run(method, first, { pending });
    m.options.onCharge.mockResolvedValueOnce(first).mockResolvedValueOnce(second);
    expect(await m.outcome).toEqual({ kind: 'paid' });
    expect(m.options.onCharge.mock.calls).toEqual([[m.payload], [m.payload]]);
    expect(pending.mock.calls.map(([charge]) => charge)).toEqual([first, second]);
  });

  it('a new code whose charge is no longer pending is judged as any charge', async () => {
    const pending = vi.fn(async (): Promise<PayOutcome | 'new_code'> => 'new_code');
    const m = run(method, { status: 'pending' }, { pending });
    m.options.onCharge
      .mockResolvedValueOnce({ status: 'pending' })
      .mockResolvedValueOnce({ status: 'failed' });
    expect(plainOutcome(await m.outcome)).toEqual({
      kind: 'error',
      code: 'declined',
      message: 'The charge failed',
    });
    expect(pending).toHaveBeenCalledOnce();
  });

  it('aborted while the PIX step shows: aborted, no onCharge again', async () => {
    const controller = new AbortController();
    const options = mountOptions({ onCharge: vi.fn(async () => ({ status: 'pending' })) });
    const outcome = runCharge(options, () => METHODS[method] as ChargePayload, controller.signal, {
      pending: async () => {
        controller.abort();
        return 'new_code';
      },
    });
    expect(plainOutcome(await outcome)).toMatchObject({ kind: 'error', code: 'aborted' });
    expect(options.onCharge).toHaveBeenCalledOnce();
    expect(options.onError).not.toHaveBeenCalled();
  });

  it('onCharge rejecting: its message for the shopper, no onError', async () => {
    const m = run(method, null);
    m.options.onCharge.mockRejectedValue(new Error('Insufficient funds'));
    expect(await m.outcome).toEqual({ kind: 'charge_rejected', message: 'Insufficient funds' });
    expect(m.options.onError).not.toHaveBeenCalled();
  });

  it('onCharge rejecting with our own CheckoutError: onError, not a refusal', async () => {
    const m = run(method, null);
    const error = new CheckoutError('configuration', 'no listener answered');
    m.options.onCharge.mockRejectedValue(error);
    expect(await m.outcome).toEqual({ kind: 'error', error });
    expect(m.options.onError).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('a charge asking for 3DS: managed 3DS then onResume for the form, never for the wallet', async () => {
    const charge = { id: 'ch_1', status: 'authentication_required', nextAction: NEXT_ACTION };
    const m = run(method, charge);
    const outcome = await m.outcome;
    if (method === WALLET) {
      expect(plainOutcome(outcome)).toEqual({
        kind: 'error',
        code: 'configuration',
        message: 'The charge needs 3DS, which cannot run here',
      });
      expect(m.options.onResume).not.toHaveBeenCalled();
      return;
    }
    expect(outcome).toEqual({ kind: 'paid' });
    expect(m.continueAuthentication).toHaveBeenCalledExactlyOnceWith(
      { authenticationId: 'auth_7', status: 'requires_challenge' },
      { signal: expect.any(AbortSignal) },
    );
    expect(m.options.onResume).toHaveBeenCalledExactlyOnceWith({
      charge,
      authentication: authResult(),
    });
  });
});

describe('runCharge: managed 3DS and the end of a flow', () => {
  const CHARGE = { status: 'authentication_required', nextAction: NEXT_ACTION };
  const FORM = 'a saved card';

  it('without onResume: configuration, and no 3DS runs', async () => {
    const m = run(FORM, CHARGE);
    m.options.onResume = undefined;
    expect(plainOutcome(await m.outcome)).toMatchObject({ code: 'configuration' });
    expect(m.continueAuthentication).not.toHaveBeenCalled();
  });

  it.each([
    ['canceled', 'onCancel'],
    ['failed', 'neither'],
  ] as const)('a %s authentication and an unpaid charge: declined, %s', async (status, told) => {
    const m = run(FORM, CHARGE);
    m.continueAuthentication.mockResolvedValue(authResult(status));
    m.options.onResume = vi.fn(async () => ({ status: 'failed' }));
    expect(await m.outcome).toEqual({ kind: 'declined', message: status });
    expect(m.options.onCancel).toHaveBeenCalledTimes(told === 'onCancel' ? 1 : 0);
    expect(m.options.onError).not.toHaveBeenCalled();
  });

  it('a resumed charge that asks for 3DS again: configuration (no second 3DS)', async () => {
    const m = run(FORM, CHARGE);
    m.options.onResume = vi.fn(async () => CHARGE);
    expect(plainOutcome(await m.outcome)).toMatchObject({ code: 'configuration' });
    expect(m.continueAuthentication).toHaveBeenCalledOnce();
  });

  it('prepare ending the payment (a caller-run 3DS canceled): onCancel, no onCharge', async () => {
    const options = mountOptions();
    const outcome = await runCharge(
      options,
      async (): Promise<Prepared> => ({ kind: 'declined', message: 'canceled' }),
      new AbortController().signal,
    );
    expect(outcome).toEqual({ kind: 'declined', message: 'canceled' });
    expect(options.onCancel).toHaveBeenCalledOnce();
    expect(options.onCharge).not.toHaveBeenCalled();
  });

  it('prepare failing (authenticate rejected): onError with its CheckoutError', async () => {
    const options = mountOptions();
    const error = new CheckoutError('network', 'The service could not be reached');
    const outcome = await runCharge(
      options,
      () => Promise.reject(error),
      new AbortController().signal,
    );
    expect(outcome).toEqual({ kind: 'error', error });
    expect(options.onError).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('aborted while onCharge runs: aborted, and no callback after it', async () => {
    const answer = deferred<unknown>();
    const options = mountOptions({ onCharge: vi.fn(() => answer.promise), onResume: vi.fn() });
    const controller = new AbortController();
    const continueAuthentication = vi.fn();
    const flow = runCharge(options, () => METHODS[FORM] as ChargePayload, controller.signal, {
      continueAuthentication,
    });
    await vi.waitFor(() => expect(options.onCharge).toHaveBeenCalledOnce());
    controller.abort();
    answer.resolve(CHARGE);
    expect(plainOutcome(await flow)).toMatchObject({ code: 'aborted' });
    expect(continueAuthentication).not.toHaveBeenCalled();
    expect(options.onResume).not.toHaveBeenCalled();
    expect(options.onError).not.toHaveBeenCalled();
  });
});
