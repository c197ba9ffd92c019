import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCheckout } from './checkout';
import { MIN_CHALLENGE_CONTAINER_PX } from './constants';
import {
  fillCard,
  formRoot,
  mountPublic,
  noticeText,
  paidCharge,
  payButton,
} from './test-support/checkout-ui';
import { checkoutWithEvents, fakeService, json } from './test-support/fake-service';
import { challengeResult, validRequest } from './test-support/fixtures';
import { engineDialog, engineFrames, post, useFrameTestEnvironment } from './test-support/frames';
import { HOST_TAG } from './threeds/shadow-host';
import type { CheckoutOptions, MountOptions } from './types';
import { defineCheckoutElement } from './ui/checkout-element';

const ACS = 'https://acs.example';
const ID = 'auth_inline';
const CANCELED = 'The payment was not confirmed with your bank. You can try again.';
const challenge = json({
  authenticationId: ID,
  status: 'requires_challenge',
  challengeUrl: `${ACS}/ch`,
});

/** A laid-out element (happy-dom does no layout) `width` px wide, with an id, in the page. */
function room(id: string, width = 400): HTMLElement {
  const element = document.createElement('section');
  element.id = id;
  vi.spyOn(element, 'clientWidth', 'get').mockReturnValue(width);
  document.body.append(element);
  return element;
}

/** The challenge's dialog inside `element`, if one renders there. */
const dialogIn = (element: HTMLElement) =>
  element.querySelector(HOST_TAG)?.shadowRoot?.querySelector('dialog') ?? null;

describe('challengeContainer: its type, checked by createCheckout() and mount()', () => {
  afterEach(() => document.body.replaceChildren());

  it.each([
    ['a number', 42],
    ['an object', {}],
    ['null', null],
    ['an array', ['#pay']],
    ['a text node', document.createTextNode('#pay')],
  ])('createCheckout with %s → configuration, before any request', (_what, bad) => {
    const { fetch } = fakeService({});
    expect(() =>
      createCheckout({
        publishableKey: 'pk_test_sandbox',
        baseUrl: 'https://api.example',
        challengeContainer: bad as unknown as string,
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'configuration',
        message: expect.stringContaining(
          'challengeContainer must be a CSS selector or an HTMLElement',
        ),
      }),
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('mount() and update() with neither a selector nor an element → configuration', () => {
    const bad = { challengeContainer: 7 } as unknown as Partial<MountOptions>;
    expect(() => mountPublic(bad)).toThrow(expect.objectContaining({ code: 'configuration' }));
    const m = mountPublic({ challengeContainer: '#later' });
    expect(() => m.handle.update(bad)).toThrow(expect.objectContaining({ code: 'configuration' }));
    expect(() => m.handle.update({ challengeContainer: room('x') })).not.toThrow();
  });
});

describe('challengeContainer: found and measured as each flow starts', () => {
  const liveListeners = useFrameTestEnvironment();
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['#nowhere', () => {}, /challengeContainer #nowhere matches no element/],
    ['##', () => {}, /challengeContainer ## matches no element/],
    [
      '#narrow',
      () => room('narrow', MIN_CHALLENGE_CONTAINER_PX - 1),
      new RegExp(
        `challengeContainer #narrow is ${MIN_CHALLENGE_CONTAINER_PX - 1} px wide, under ${MIN_CHALLENGE_CONTAINER_PX} px`,
      ),
    ],
    ['#hidden', () => room('hidden', 0), /#hidden is 0 px wide/],
  ])('authenticate() with %s → configuration, and no request', async (selector, setUp, message) => {
    setUp();
    const service = fakeService({ authenticate: [challenge] });
    const { checkout } = checkoutWithEvents({ challengeContainer: selector });
    await expect(checkout.authenticate(validRequest())).rejects.toMatchObject({
      code: 'configuration',
      message: expect.stringMatching(message),
    });
    expect(service.requests).toHaveLength(0);
  });

  it('an element narrower than 250 px → configuration, and no request', async () => {
    const service = fakeService({ authenticate: [challenge] });
    const { checkout } = checkoutWithEvents({ challengeContainer: room('x', 249) });
    await expect(checkout.authenticate(validRequest())).rejects.toMatchObject({
      code: 'configuration',
      message: 'challengeContainer section is 249 px wide, under 250 px',
    });
    expect(service.requests).toHaveLength(0);
  });

  it('a selector is looked up when the flow starts, not at createCheckout()', async () => {
    fakeService({ authenticate: [challenge] });
    const { checkout } = checkoutWithEvents({ challengeContainer: '#pay-3ds' });
    const place = room('pay-3ds', MIN_CHALLENGE_CONTAINER_PX);
    const flow = checkout.authenticate(validRequest());
    await vi.waitFor(() => expect(dialogIn(place)?.open).toBe(true));
    checkout.destroy();
    await expect(flow).rejects.toMatchObject({ code: 'aborted' });
  });

  it('authenticate(): the challenge inside the container; Close → canceled / abandoned, container as it was', async () => {
    const place = room('pay-3ds');
    place.textContent = 'Your bank';
    fakeService({ authenticate: [challenge] });
    const { checkout, events } = checkoutWithEvents({ challengeContainer: '#pay-3ds' });
    const flow = checkout.authenticate(validRequest());
    await vi.waitFor(() => expect(dialogIn(place)?.open).toBe(true));
    expect(engineDialog()).toBe(dialogIn(place));
    dialogIn(place)?.querySelector('button')?.click();
    await expect(flow).resolves.toEqual({
      authenticationId: ID,
      status: 'canceled',
      outcome: 'abandoned',
    });
    expect(events.map((e) => e.type)).toEqual([
      'authenticate:start',
      'challenge:shown',
      'challenge:closed',
      'result',
    ]);
    expect(place.innerHTML).toBe('Your bank');
    expect(liveListeners()).toBe(0);
  });

  it('authenticate(): completed inline, then challenge-result', async () => {
    const place = room('pay-3ds');
    fakeService({ authenticate: [challenge], challengeResult: [json(challengeResult())] });
    const { checkout } = checkoutWithEvents({ challengeContainer: place });
    const flow = checkout.authenticate(validRequest());
    await vi.waitFor(() => expect(dialogIn(place)).not.toBeNull());
    const [frame] = engineFrames();
    post({ type: 'challenge_complete', authenticationId: ID }, ACS, frame?.contentWindow ?? null);
    await expect(flow).resolves.toMatchObject({ status: 'succeeded' });
    expect(place.children).toHaveLength(0);
  });

  it('destroy() during an inline challenge removes it: aborted, container as it was', async () => {
    const place = room('pay-3ds');
    fakeService({ authenticate: [challenge] });
    const { checkout } = checkoutWithEvents({ challengeContainer: place });
    const flow = checkout.authenticate(validRequest());
    await vi.waitFor(() => expect(dialogIn(place)).not.toBeNull());
    checkout.destroy();
    await expect(flow).rejects.toMatchObject({ code: 'aborted' });
    expect(place.children).toHaveLength(0);
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(liveListeners()).toBe(0);
  });
});

describe('the form: the mount’s challengeContainer', () => {
  useFrameTestEnvironment();
  afterEach(() => vi.unstubAllGlobals());

  /** The form on the real engine (no spy on authenticate) and the fake service. */
  function form(mount: Partial<MountOptions>, checkout: Partial<CheckoutOptions> = {}) {
    const m = mountPublic(mount, checkout);
    m.authenticate.mockRestore();
    fillCard(m.root);
    return m;
  }

  it('wins over createCheckout’s: the challenge renders there; Close → the canceled message', async () => {
    const fromCheckout = room('from-checkout');
    const fromMount = room('from-mount');
    fakeService({ authenticate: [challenge] });
    const m = form({ challengeContainer: '#from-mount' }, { challengeContainer: '#from-checkout' });
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(dialogIn(fromMount)?.open).toBe(true));
    expect(dialogIn(fromCheckout)).toBeNull();
    dialogIn(fromMount)?.querySelector('button')?.click();
    await vi.waitFor(() => expect(noticeText(m.root)).toContain(CANCELED));
    expect(m.options.onCharge).not.toHaveBeenCalled();
    expect(m.options.onCancel).toHaveBeenCalledOnce();
    expect(fromMount.children).toHaveLength(0);
  });

  it('without one, createCheckout’s is used', async () => {
    const fromCheckout = room('from-checkout');
    fakeService({ authenticate: [challenge] });
    const m = form({}, { challengeContainer: '#from-checkout' });
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(dialogIn(fromCheckout)?.open).toBe(true));
    m.handle.destroy();
  });

  it('managed 3DS: the charge’s challenge renders in the mount’s container', async () => {
    const place = room('pay-3ds');
    fakeService({});
    const nextAction = {
      type: 'three_ds',
      authenticationId: ID,
      status: 'requires_challenge',
      challengeUrl: `${ACS}/ch`,
    };
    const m = form({
      threeDS: 'managed',
      challengeContainer: place,
      onCharge: vi.fn(async () => ({ id: 'ch_1', status: 'authentication_required', nextAction })),
      onResume: vi.fn(async () => paidCharge()),
    });
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(dialogIn(place)?.open).toBe(true));
    dialogIn(place)?.querySelector('button')?.click();
    await vi.waitFor(() => expect(noticeText(m.root)).not.toBe(''));
    expect(place.children).toHaveLength(0);
  });

  it.each([
    ['caller', '#nowhere'],
    ['caller', '#narrow'],
    ['managed', '#nowhere'],
    ['managed', '#narrow'],
  ] as const)(
    '%s 3DS, %s: onError configuration, before onCharge and any request',
    async (threeDS, selector) => {
      room('narrow', 120);
      const service = fakeService({ authenticate: [challenge] });
      const m = form({ threeDS, challengeContainer: selector });
      fireEvent.click(payButton(m.root));
      await vi.waitFor(() => expect(m.options.onError).toHaveBeenCalledOnce());
      expect(m.options.onError.mock.calls[0]?.[0]).toMatchObject({
        code: 'configuration',
        message: expect.stringContaining(`challengeContainer ${selector}`),
      });
      expect(m.options.onCharge).not.toHaveBeenCalled();
      expect(service.requests).toHaveLength(0);
    },
  );
});

describe('<secure-checkout challenge-container="selector">', () => {
  useFrameTestEnvironment();
  afterEach(() => vi.unstubAllGlobals());

  it('is the mount’s challengeContainer: the challenge renders there, and a change applies', async () => {
    mountPublic().handle.destroy(); // registers the form, as the script tag does
    defineCheckoutElement();
    room('first');
    const second = room('second');
    const service = fakeService({ authenticate: [challenge] });
    const el = document.createElement('secure-checkout');
    const errors: unknown[] = [];
    el.addEventListener('checkout-error', (event) => errors.push((event as CustomEvent).detail));
    for (const [name, value] of Object.entries({
      'publishable-key': 'pk_test_sandbox',
      'base-url': 'https://api.example',
      amount: '10',
      currency: 'BRL',
      'challenge-container': '#nowhere',
    }))
      el.setAttribute(name, value);
    document.body.append(el);
    fillCard(formRoot(el));
    fireEvent.click(payButton(formRoot(el)));
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toMatchObject({
      code: 'configuration',
      message: 'challengeContainer #nowhere matches no element',
    });
    expect(service.requests).toHaveLength(0);

    el.setAttribute('challenge-container', '#second');
    fireEvent.click(payButton(formRoot(el)));
    await vi.waitFor(() => expect(dialogIn(second)?.open).toBe(true));
    el.remove();
    await vi.waitFor(() => expect(second.children).toHaveLength(0));
  });
});
