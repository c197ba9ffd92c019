import { type BoundFunctions, fireEvent, type queries, within } from '@testing-library/preact';
import { type Mock, vi } from 'vitest';
import { findChallengeContainer } from '../challenge-container';
import { createCheckout, type MountContext, provideMount } from '../checkout';
import { collectBrowserInfo } from '../threeds/browser-info';
import type {
  AuthenticationResult,
  BrowserInfo,
  Card,
  Checkout,
  CheckoutOptions,
  MountedCheckout,
  MountOptions,
} from '../types';
import { FORM_HOST_TAG, mountCheckout } from '../ui/mount';
import { challengeResult } from './fixtures';

export const BASE_URL = 'https://api.example';

/** Mount options whose callbacks are mocks (a test's own callbacks must be `vi.fn()` too). */
export type TestMountOptions = MountOptions & {
  onCharge: Mock<MountOptions['onCharge']>;
  onError: Mock<NonNullable<MountOptions['onError']>>;
  onCancel: Mock<NonNullable<MountOptions['onCancel']>>;
};

/** The charge a merchant's onCharge resolves with when the payment went through. */
export const paidCharge = () => ({ id: 'ch_1', status: 'paid' });

/**
 * Options a test can leave out: a valid mount with every callback a fresh `vi.fn()`; onCharge
 * resolves with a paid charge.
 */
export const mountOptions = (overrides: Partial<MountOptions> = {}): TestMountOptions =>
  ({
    amount: 120.5,
    currency: 'BRL',
    onCharge: vi.fn(async () => paidCharge()),
    onError: vi.fn(),
    onCancel: vi.fn(),
    ...overrides,
  }) as TestMountOptions;

/** An `AuthenticationResult` as `authenticate` resolves it; `threeDS` only when it succeeded. */
export const authResult = (
  status: AuthenticationResult['status'] = 'succeeded',
): AuthenticationResult => ({
  authenticationId: 'auth_42',
  status,
  ...(status === 'succeeded'
    ? { outcome: 'authenticated' as const, threeDS: challengeResult() }
    : { outcome: status === 'canceled' ? ('abandoned' as const) : ('denied' as const) }),
});

/** The spec's ten `browser` fields, sorted. */
export const BROWSER_FIELDS: (keyof BrowserInfo)[] = [
  'acceptHeader',
  'colorDepth',
  'ipAddress',
  'javaEnabled',
  'javascriptEnabled',
  'language',
  'screenHeight',
  'screenWidth',
  'timezoneOffset',
  'userAgent',
];

/** A saved card as the spec's Card record. */
export const savedCard = (overrides: Partial<Card> = {}): Card => ({
  id: 'card_visa',
  token: 'tok_visa',
  maskedNumber: '411111******1111',
  brand: 'visa',
  expirationMonth: '12',
  expirationYear: '2031',
  status: 'active',
  createdAt: '2024-01-01T00:00:00Z',
  ...overrides,
});

export interface MountedUi {
  container: HTMLElement;
  handle: MountedCheckout;
  options: TestMountOptions;
  authenticate: Mock<Checkout['authenticate']>;
  continueAuthentication: Mock<MountContext['continueAuthentication']>;
  /** The form's open shadow root. */
  root: ShadowRoot;
  /** @testing-library queries inside the shadow root. */
  ui: BoundFunctions<typeof queries>;
}

function finish(
  container: HTMLElement,
  handle: MountedCheckout,
  options: TestMountOptions,
  authenticate: MountedUi['authenticate'],
  continueAuthentication: MountedUi['continueAuthentication'],
): MountedUi {
  const root = formRoot(container);
  return {
    container,
    handle,
    options,
    authenticate,
    continueAuthentication,
    root,
    ui: within(root as unknown as HTMLElement),
  };
}

/** The shadow root of the form mounted in `container`; throws when there is none. */
export function formRoot(container: ParentNode = document): ShadowRoot {
  const root = container.querySelector(FORM_HOST_TAG)?.shadowRoot;
  if (!root) throw new Error('no checkout form mounted');
  return root;
}

function newContainer(): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  return container;
}

/**
 * The public path, as the drop-in build runs it: `provideMount(mountCheckout)` then
 * `createCheckout(…).mount(container, options)`. `authenticate` is a spy on the real checkout
 * (resolving `authResult()` unless the test says otherwise); `continueAuthentication` cannot be
 * reached from here, so it is a never-called stand-in.
 */
export function mountPublic(
  overrides: Partial<MountOptions> = {},
  checkoutOptions: Partial<CheckoutOptions> = {},
): MountedUi & { checkout: Checkout } {
  provideMount(mountCheckout);
  const checkout = createCheckout({
    publishableKey: 'pk_test_sandbox',
    baseUrl: BASE_URL,
    ...checkoutOptions,
  });
  const authenticate = vi.spyOn(checkout, 'authenticate').mockResolvedValue(authResult());
  const container = newContainer();
  const options = mountOptions(overrides);
  const handle = checkout.mount(container, options);
  return { ...finish(container, handle, options, authenticate, vi.fn()), checkout };
}

/**
 * `mountCheckout` with a context whose engine calls are `vi.fn()` fakes (managed 3DS tests);
 * `engine` replaces some (e.g. `loadPix`).
 */
export function mountWithFakeEngine(
  overrides: Partial<MountOptions> = {},
  checkoutOptions: Partial<CheckoutOptions> = {},
  engine: Partial<MountContext> = {},
): MountedUi {
  const authenticate = vi.fn<Checkout['authenticate']>().mockResolvedValue(authResult());
  const continueAuthentication = vi
    .fn<MountContext['continueAuthentication']>()
    .mockResolvedValue(authResult());
  const context: MountContext = {
    checkout: { authenticate, mount: vi.fn(), destroy: vi.fn() },
    options: { publishableKey: 'pk_test_sandbox', baseUrl: BASE_URL, ...checkoutOptions },
    browserInfo: () => collectBrowserInfo({ ipAddress: checkoutOptions.ipAddress }),
    continueAuthentication,
    // The PIX step as the ESM build loads it (src/index.ts).
    loadPix: () => import('../pix/pix-step'),
    challengeIn: (container) =>
      findChallengeContainer(container ?? checkoutOptions.challengeContainer),
    ...engine,
  };
  const container = newContainer();
  const options = mountOptions(overrides);
  const handle = mountCheckout(context, container, options);
  return finish(container, handle, options, authenticate, continueAuthentication);
}

export interface CardValues {
  number: string;
  name: string;
  month: string;
  year: string;
  cvv: string;
}

/** A valid Visa card, far from expiry. */
export const VALID_CARD: CardValues = {
  number: '4111 1111 1111 1111',
  name: 'Ana Souza',
  month: '12',
  year: '2099',
  cvv: '123',
};

/** Types into an input of the shadow root by its name (`number`, `name`, `month`, `year`, `cvv`). */
export function type(root: ShadowRoot, name: string, value: string, blur = true): HTMLInputElement {
  const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no input named ${name}`);
  fireEvent.input(input, { target: { value } });
  if (blur) fireEvent.blur(input);
  return input;
}

/** Fills the new-card fields (all of VALID_CARD unless overridden), leaving each one as a shopper would. */
export function fillCard(root: ShadowRoot, values: Partial<CardValues> = {}): void {
  const card = { ...VALID_CARD, ...values };
  for (const name of ['number', 'name', 'month', 'year', 'cvv'] as const) {
    type(root, name, card[name]);
  }
}

/** The Pay button (the form's submit button); throws when it is gone. */
export function payButton(root: ShadowRoot): HTMLButtonElement {
  const button = root.querySelector<HTMLButtonElement>('button[type=submit]');
  if (!button) throw new Error('no Pay button');
  return button;
}

/** The polite live region's text. */
export const noticeText = (root: ShadowRoot): string =>
  root.querySelector('[role=status]')?.textContent ?? '';

/** Text with Intl's no-break and narrow no-break spaces made plain spaces. */
export const plain = (text: string | null | undefined): string =>
  (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** A promise the test settles when it wants. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Removes every form and container the tests left in the page. */
export function cleanPage(): void {
  document.body.replaceChildren();
}
