import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authResult,
  BROWSER_FIELDS,
  cleanPage,
  deferred,
  fillCard,
  type MountedUi,
  mountWithFakeEngine,
  noticeText,
  payButton,
} from '../test-support/checkout-ui';
import type { AuthenticationResult, BrowserInfo, ChargePayload } from '../types';

afterEach(cleanPage);

const NEXT_ACTION = {
  type: 'three_ds',
  authenticationId: 'auth_7',
  status: 'requires_challenge',
  challengeUrl: 'https://acs.example/challenge/auth_7',
};
const CHARGE = { id: 'ch_1', status: 'authentication_required', nextAction: NEXT_ACTION };

async function pay(m: MountedUi): Promise<void> {
  fillCard(m.root);
  fireEvent.click(payButton(m.root));
  await vi.waitFor(() => expect(noticeText(m.root)).not.toBe(''));
}

const payload = (m: MountedUi) => m.options.onCharge.mock.calls[0]?.[0] as ChargePayload;

describe('managed 3DS for a new card', () => {
  it('hands onCharge variant A with threeDSMode and browser, and runs no 3DS itself', async () => {
    const m = mountWithFakeEngine(
      {
        threeDS: 'managed',
        installments: 2,
        onCharge: vi.fn().mockResolvedValue({ id: 'ch_1', status: 'paid' }),
      },
      { ipAddress: '203.0.113.7' },
    );
    fillCard(m.root, { name: ' Ana Souza ', month: '1', year: '30' });
    fireEvent.change(m.ui.getByLabelText('Installments'), { target: { value: '2' } });
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    const { paymentMethod, ...rest } = payload(m);
    expect(rest).toStrictEqual({}); // no authentication: the server runs 3DS
    expect(paymentMethod).toStrictEqual({
      type: 'credit_card',
      number: '4111111111111111',
      holderName: 'Ana Souza',
      expirationMonth: '01',
      expirationYear: '2030',
      cvv: '123',
      installments: 2,
      threeDSMode: 'managed',
      browser: expect.any(Object),
    });
    const { browser } = paymentMethod as { browser: BrowserInfo };
    expect(Object.keys(browser).sort()).toEqual(BROWSER_FIELDS);
    expect(browser.ipAddress).toBe('203.0.113.7');
    expect(browser.javascriptEnabled).toBe(true);
    expect(m.authenticate).not.toHaveBeenCalled();
    expect(m.continueAuthentication).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(noticeText(m.root)).toBe('Payment approved. Thank you!'));
  });

  it('runs the charge’s next action, then calls onResume with the charge and the result', async () => {
    const onResume = vi.fn().mockResolvedValue({ id: 'ch_1', status: 'paid' });
    const m = mountWithFakeEngine({
      threeDS: 'managed',
      onCharge: vi.fn().mockResolvedValue(CHARGE),
      onResume,
    });
    const auth = deferred<AuthenticationResult>();
    m.continueAuthentication.mockReturnValue(auth.promise);
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.continueAuthentication).toHaveBeenCalledOnce());
    const [nextAction, opts] = m.continueAuthentication.mock.calls[0] ?? [];
    expect(nextAction).toMatchObject({
      authenticationId: 'auth_7',
      status: 'requires_challenge',
      challengeUrl: NEXT_ACTION.challengeUrl,
    });
    expect(opts?.signal).toBeInstanceOf(AbortSignal);
    expect(onResume).not.toHaveBeenCalled();
    expect(payButton(m.root).disabled).toBe(true);

    auth.resolve(authResult());
    await vi.waitFor(() => expect(noticeText(m.root)).toBe('Payment approved. Thank you!'));
    expect(onResume).toHaveBeenCalledExactlyOnceWith({
      charge: CHARGE,
      authentication: authResult(),
    });
    expect(m.authenticate).not.toHaveBeenCalled();
    expect(m.options.onError).not.toHaveBeenCalled();
  });

  it('a declined challenge still goes to onResume, then the shopper reads why', async () => {
    const onResume = vi.fn();
    const m = mountWithFakeEngine({
      threeDS: 'managed',
      onCharge: vi.fn().mockResolvedValue(CHARGE),
      onResume,
    });
    m.continueAuthentication.mockResolvedValue(authResult('canceled'));
    await pay(m);
    expect(onResume).toHaveBeenCalledOnce();
    expect(noticeText(m.root)).toContain('The payment was not confirmed with your bank.');
    expect(m.options.onCancel).toHaveBeenCalledOnce();
  });

  it("shows onResume's rejection as text", async () => {
    const m = mountWithFakeEngine({
      threeDS: 'managed',
      onCharge: vi.fn().mockResolvedValue(CHARGE),
      onResume: vi.fn().mockRejectedValue(new Error('resume-3ds failed: <b>422</b>')),
    });
    await pay(m);
    expect(noticeText(m.root)).toContain('resume-3ds failed: <b>422</b>');
    expect(m.root.querySelector('b')).toBeNull();
  });

  it.each([
    ['no nextAction', { status: 'authentication_required' }],
    [
      'no authenticationId',
      { status: 'authentication_required', nextAction: { type: 'three_ds' } },
    ],
    [
      'an unknown status',
      { nextAction: { type: 'three_ds', authenticationId: 'a', status: 'maybe' } },
    ],
  ])('a charge needing 3DS with %s → bad_response to onError', async (_, charge) => {
    const onResume = vi.fn();
    const m = mountWithFakeEngine({
      threeDS: 'managed',
      onCharge: vi.fn().mockResolvedValue(charge),
      onResume,
    });
    await pay(m);
    expect(m.options.onError).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ code: 'bad_response' }),
    );
    expect(m.continueAuthentication).not.toHaveBeenCalled();
    expect(onResume).not.toHaveBeenCalled();
    expect(noticeText(m.root)).toContain('Something went wrong. Please try again.');
  });

  it('without onResume a charge needing 3DS is a configuration error', async () => {
    const m = mountWithFakeEngine({
      threeDS: 'managed',
      onCharge: vi.fn().mockResolvedValue(CHARGE),
    });
    await pay(m);
    expect(m.options.onError).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ code: 'configuration' }),
    );
    expect(m.continueAuthentication).not.toHaveBeenCalled();
    expect(noticeText(m.root)).not.toContain('approved');
  });

  // Every other answer: charge-answers.test.tsx.
  it('onCharge resolving with a paid charge: approved, no 3DS', async () => {
    const m = mountWithFakeEngine({
      threeDS: 'managed',
      onCharge: vi.fn().mockResolvedValue({ id: 'ch_1', status: 'paid' }),
    });
    await pay(m);
    expect(noticeText(m.root)).toBe('Payment approved. Thank you!');
    expect(m.continueAuthentication).not.toHaveBeenCalled();
  });

  it('destroy() while onResume runs: its answer reaches no callback', async () => {
    const resumed = deferred<unknown>();
    const m = mountWithFakeEngine({
      threeDS: 'managed',
      onCharge: vi.fn().mockResolvedValue(CHARGE),
      onResume: vi.fn(() => resumed.promise),
    });
    m.continueAuthentication.mockResolvedValue(authResult('canceled'));
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onResume).toHaveBeenCalledOnce());
    m.handle.destroy();
    resumed.resolve({ id: 'ch_1', status: 'failed' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(m.options.onError).not.toHaveBeenCalled();
    expect(m.options.onCancel).not.toHaveBeenCalled();
  });

  it('destroy() during the challenge aborts it and calls onResume no more', async () => {
    const onResume = vi.fn();
    const m = mountWithFakeEngine({
      threeDS: 'managed',
      onCharge: vi.fn().mockResolvedValue(CHARGE),
      onResume,
    });
    const auth = deferred<AuthenticationResult>();
    m.continueAuthentication.mockReturnValue(auth.promise);
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.continueAuthentication).toHaveBeenCalledOnce());
    m.handle.destroy();
    expect(m.continueAuthentication.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    auth.resolve(authResult());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onResume).not.toHaveBeenCalled();
    expect(m.options.onError).not.toHaveBeenCalled();
  });
});
