import { createApiClient } from './api/client';
import { validateAuthenticateRequest } from './api/request-schema';
import {
  CHALLENGE_IN,
  containerRule,
  type FlowOptions,
  findChallengeContainer,
} from './challenge-container';
import { checkInput, object, optional, rule } from './checks';
import {
  CHALLENGE_DEADLINE_MS,
  CHALLENGE_WINDOW_SIZES,
  FINGERPRINT_TIMEOUT_MS,
  MAX_FINGERPRINT_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from './constants';
import { abortedError, asCheckoutError, CheckoutError, type ErrorCode } from './errors';
import type { PixModule } from './pix/pix-module';
import { collectBrowserInfo } from './threeds/browser-info';
import type { ChallengeEnd, showChallenge } from './threeds/challenge-dialog';
import { runFingerprint } from './threeds/fingerprint-frame';
import { continueFlow, type FlowEdges, runFlow } from './threeds/flow';
import { checkServiceUrl } from './threeds/safe-url';
import type {
  AuthenticateOptions,
  AuthenticateRequest,
  AuthenticateResponse,
  AuthenticationResult,
  BrowserInfo,
  ChallengeWindowSize,
  Checkout,
  CheckoutEvent,
  CheckoutEventType,
  CheckoutOptions,
  MountedCheckout,
  MountOptions,
} from './types';

/** What the checkout UI gets from the engine, beyond the public `Checkout`. */
export interface MountContext {
  checkout: Checkout;
  options: CheckoutOptions;
  /** The spec's `browser` data for a managed-3DS charge, with the merchant's `ipAddress`. */
  browserInfo(): BrowserInfo;
  /** Managed 3DS: fingerprinting and challenge from a charge's next action, then challenge-result. */
  continueAuthentication(
    nextAction: AuthenticateResponse,
    opts?: FlowOptions,
  ): Promise<AuthenticationResult>;
  /**
   * The challenge container of a payment about to start (the mount's, else createCheckout's),
   * found and measured before any request; undefined for the modal.
   */
  challengeIn(container: string | HTMLElement | undefined): HTMLElement | undefined;
  /** The PIX step's module (src/pix/pix-module.ts), asked for as a PIX payment starts; bounded. */
  loadPix(signal: AbortSignal): Promise<PixModule>;
}

export type MountImplementation = (
  context: MountContext,
  target: string | HTMLElement,
  options: MountOptions,
) => MountedCheckout;

let mountImplementation: MountImplementation | undefined;

/**
 * How `mount()` renders: the drop-in registers its UI up front (synchronous); the ESM entry
 * registers a lazy loader (src/index.ts), so the drop-in carries no dynamic import.
 */
export const provideMount = (implementation: MountImplementation): void => {
  mountImplementation = implementation;
};

type ShowChallenge = typeof showChallenge;

/**
 * The challenge dialog is needed only after `requires_challenge`: it is asked for as each flow
 * starts, so it is there long before the bank's page is. The ESM entry provides a chunk of its
 * own (src/index.ts); the script-tag build, which carries no dynamic import, a file beside its
 * own (src/global.ts). Until one is provided, a challenge fails with this error.
 */
let loadChallenge = (): Promise<ShowChallenge> =>
  Promise.reject(new CheckoutError('configuration', 'The challenge dialog is not in this build'));

export const provideChallenge = (load: () => Promise<ShowChallenge>): void => {
  loadChallenge = load;
};

/**
 * The PIX step and its QR encoder load only when a shopper pays with PIX: the ESM entry provides
 * a chunk (src/index.ts), the script-tag build a file of its own (src/global.ts). Until one is
 * provided, paying with PIX fails with this error and creates no charge.
 */
let loadPix = (): Promise<PixModule> =>
  Promise.reject(new CheckoutError('configuration', 'PIX is not available in this build'));

/** Called at each PIX payment, before onCharge: keep the module once loaded (import() does). */
export const providePix = (load: () => Promise<PixModule>): void => {
  loadPix = load;
};

/**
 * A lazy part (the challenge dialog, the PIX step) once it is there: `network` if it failed to
 * load (a CheckoutError of the loader's own passes as it is), `timeout` past `ms`.
 */
function whenLoaded<T>(part: Promise<T>, ms: number, signal: AbortSignal, name: string) {
  return new Promise<T>((resolve, reject) => {
    const settle = (end: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      end();
    };
    const fail = (code: ErrorCode, message: string, cause?: unknown) =>
      settle(() => reject(new CheckoutError(code, message, { cause })));
    const onAbort = () => settle(() => reject(abortedError()));
    const timer = setTimeout(fail, ms, 'timeout', `${name} did not load in time`);
    signal.addEventListener('abort', onAbort, { once: true });
    part.then(
      (loaded) => settle(() => resolve(loaded)),
      (error) =>
        error instanceof CheckoutError
          ? settle(() => reject(error))
          : fail('network', `${name} could not load`, error),
    );
  });
}

const isMs = (max: number) =>
  rule<number>(
    (value) => typeof value === 'number' && value > 0 && value <= max,
    `must be 1 to ${max}`,
  );
const ofType = <T>(type: string) =>
  optional(rule<T>((value) => typeof value === type, `must be a ${type}`));

/** The options and their documented defaults (src/constants.ts). */
const checkoutOptions = object({
  publishableKey: rule<string>(
    (key) => typeof key === 'string' && /^[\x21-\x7e]+$/.test(key),
    'is required',
  ),
  baseUrl: rule<string>((base) => typeof base === 'string' && base !== '', 'is required'),
  fingerprintTimeoutMs: optional(isMs(MAX_FINGERPRINT_TIMEOUT_MS), FINGERPRINT_TIMEOUT_MS),
  requestTimeoutMs: optional(isMs(CHALLENGE_DEADLINE_MS), REQUEST_TIMEOUT_MS),
  challengeWindowSize: optional(
    rule<ChallengeWindowSize>(
      (size) => Object.hasOwn(CHALLENGE_WINDOW_SIZES, size as string),
      'must be 01 to 05',
    ),
  ),
  locale: ofType<string>('string'),
  ipAddress: ofType<string>('string'),
  onEvent: ofType<CheckoutOptions['onEvent']>('function'),
  challengeContainer: containerRule,
});

/** Every option checked before anything else happens; a secret key never gets further. */
function readOptions(options: CheckoutOptions) {
  if (String(Object(options).publishableKey).startsWith('sk_'))
    throw new CheckoutError('configuration', 'A secret key (sk_) must never reach a browser');
  const checked = checkInput(checkoutOptions, options, 'configuration', 'createCheckout options');
  const baseUrl = checkServiceUrl(checked.baseUrl, 'baseUrl');
  if (baseUrl.search || baseUrl.hash)
    throw new CheckoutError('configuration', 'baseUrl must not have a query or a fragment');
  return { ...checked, baseUrl, timeoutMs: checked.requestTimeoutMs };
}

function readSignal(opts: AuthenticateOptions | undefined): AbortSignal | undefined {
  const signal = opts?.signal;
  if (signal === undefined || typeof signal?.addEventListener === 'function') return signal;
  const message = 'signal must be an AbortSignal';
  throw new CheckoutError('invalid_input', message, { issues: [{ path: 'signal', message }] });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function createCheckout(options: CheckoutOptions): Checkout {
  const config = readOptions(options);
  const api = createApiClient(config);
  let running: AbortController | undefined;
  let destroyed = false;

  const browserInfo = () => collectBrowserInfo({ ipAddress: options.ipAddress });
  const emit = (type: CheckoutEventType, detail: Partial<CheckoutEvent>) => {
    try {
      options.onEvent?.({ type, timestamp: Date.now(), ...detail });
    } catch {
      // A merchant's telemetry callback must not break a payment.
    }
  };

  /**
   * The edges of one flow; `seen` remembers its authenticationId for every later event, and
   * `dialog` is the challenge chunk, loading since the flow started; `container`, where it
   * renders (the modal when undefined).
   */
  const edges = (
    seen: { authenticationId?: string },
    dialog: Promise<ShowChallenge>,
    container: HTMLElement | undefined,
  ): FlowEdges => ({
    api,
    browserInfo,
    fingerprint: (url, authenticationId, signal) =>
      runFingerprint({ url, authenticationId, timeoutMs: config.fingerprintTimeoutMs, signal }),
    challenge: async (url, authenticationId, signal): Promise<ChallengeEnd> =>
      (await whenLoaded(dialog, config.timeoutMs, signal, 'The challenge dialog'))({
        url,
        authenticationId,
        windowSize: options.challengeWindowSize,
        container,
        locale: options.locale,
        timeoutMs: CHALLENGE_DEADLINE_MS,
        signal,
        onShown: () => emit('challenge:shown', { authenticationId }),
      }),
    sleep,
    now: Date.now,
    emit(type, authenticationId) {
      if (authenticationId !== undefined) seen.authenticationId = authenticationId;
      emit(type, seen);
    },
  });

  /** One flow at a time: `busy` otherwise; `destroy()` and the caller's signal abort it. */
  async function exclusive(
    opts: FlowOptions | undefined,
    run: (edges: FlowEdges, signal: AbortSignal) => Promise<AuthenticationResult>,
  ): Promise<AuthenticationResult> {
    const callerSignal = readSignal(opts);
    if (destroyed || callerSignal?.aborted) throw abortedError();
    if (running) throw new CheckoutError('busy', 'Another authentication is already running');
    const container = findChallengeContainer(opts?.[CHALLENGE_IN] ?? options.challengeContainer);

    const controller = new AbortController();
    running = controller;
    const abort = () => controller.abort();
    callerSignal?.addEventListener('abort', abort, { once: true });
    const seen: { authenticationId?: string } = {};
    const dialog = loadChallenge();
    dialog.catch(() => {}); // a flow without a challenge never asks for it: no unhandled rejection
    try {
      const outcome = await run(edges(seen, dialog, container), controller.signal);
      const { threeDS: _secret, ...summary } = outcome; // events never carry the cryptogram
      emit('result', summary);
      return outcome;
    } catch (error) {
      const failure = controller.signal.aborted
        ? abortedError()
        : asCheckoutError(error, 'The page cannot run the authentication');
      emit('error', { code: failure.code, ...seen });
      throw failure;
    } finally {
      callerSignal?.removeEventListener('abort', abort);
      running = undefined;
    }
  }

  const checkout: Checkout = {
    // The form's flows (src/ui/pay.ts) carry the mount's challenge container too.
    async authenticate(request: AuthenticateRequest, opts?: FlowOptions) {
      const valid = validateAuthenticateRequest(request);
      return exclusive(opts, (flowEdges, signal) => runFlow(valid, flowEdges, signal));
    },

    mount(target, mountOptions) {
      const context: MountContext = {
        checkout,
        options,
        browserInfo,
        continueAuthentication: (nextAction, opts) =>
          exclusive(opts, (flowEdges, signal) => continueFlow(nextAction, flowEdges, signal)),
        loadPix: (signal) => whenLoaded(loadPix(), config.timeoutMs, signal, 'The PIX step'),
        challengeIn: (container) => findChallengeContainer(container ?? options.challengeContainer),
      };
      // Always registered: by src/index.ts (ESM) or src/global.ts (script tag).
      return (mountImplementation as MountImplementation)(context, target, mountOptions);
    },

    destroy() {
      destroyed = true;
      running?.abort();
    },
  };
  return checkout;
}
