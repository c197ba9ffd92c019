import { createApiClient } from './api/client';
import { CheckoutError } from './api/errors';
import { validateAuthenticateRequest } from './api/request-schema';
import {
  CHALLENGE_DEADLINE_MS,
  CHALLENGE_WINDOW_SIZES,
  FINGERPRINT_TIMEOUT_MS,
  MAX_FINGERPRINT_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from './constants';
import { collectBrowserInfo } from './threeds/browser-info';
import { runChallenge } from './threeds/challenge-dialog';
import { dialogLabels } from './threeds/dialog-labels';
import { runFingerprint } from './threeds/fingerprint-frame';
import { type FlowEdges, runFlow } from './threeds/flow';
import { abortedError } from './threeds/frame-step';
import { checkServiceUrl } from './threeds/safe-url';
import { chooseWindowSize } from './threeds/window-size';
import type {
  AuthenticateOptions,
  AuthenticateRequest,
  AuthenticationResult,
  Checkout,
  CheckoutEvent,
  CheckoutEventType,
  CheckoutOptions,
  MountedCheckout,
  MountOptions,
} from './types';

/** Mounting the checkout UI; the UI entry provides it so the headless engine stays Preact-free. */
export type MountImplementation = (
  checkout: Checkout,
  options: CheckoutOptions,
  target: string | HTMLElement,
  mountOptions: MountOptions,
) => MountedCheckout;

const bad = (message: string) => new CheckoutError('configuration', message);

function isBound(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= max;
}

/** Every option checked before anything else happens; a secret key never gets further. */
function readOptions(options: CheckoutOptions) {
  if (typeof options !== 'object' || options === null)
    throw bad('createCheckout needs an options object');
  const { publishableKey, fingerprintTimeoutMs, requestTimeoutMs, challengeWindowSize } = options;
  if (typeof publishableKey !== 'string' || !/^[\x21-\x7e]+$/.test(publishableKey)) {
    throw bad('publishableKey must be a non-empty key of printable ASCII characters');
  }
  if (publishableKey.startsWith('sk_')) {
    throw bad('A secret key (sk_…) must never reach a browser: use the publishable key (pk_…)');
  }
  if (typeof options.baseUrl !== 'string' || options.baseUrl === '')
    throw bad('baseUrl is required');
  const baseUrl = checkServiceUrl(options.baseUrl, 'baseUrl');
  if (
    fingerprintTimeoutMs !== undefined &&
    !isBound(fingerprintTimeoutMs, MAX_FINGERPRINT_TIMEOUT_MS)
  ) {
    throw bad(
      `fingerprintTimeoutMs must be a number of milliseconds from 1 to ${MAX_FINGERPRINT_TIMEOUT_MS}`,
    );
  }
  if (requestTimeoutMs !== undefined && !isBound(requestTimeoutMs, CHALLENGE_DEADLINE_MS)) {
    throw bad(
      `requestTimeoutMs must be a number of milliseconds from 1 to ${CHALLENGE_DEADLINE_MS}`,
    );
  }
  if (
    challengeWindowSize !== undefined &&
    !Object.hasOwn(CHALLENGE_WINDOW_SIZES, challengeWindowSize)
  ) {
    throw bad("challengeWindowSize must be one of '01', '02', '03', '04', '05'");
  }
  for (const name of ['locale', 'ipAddress'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'string')
      throw bad(`${name} must be a string`);
  }
  if (options.onEvent !== undefined && typeof options.onEvent !== 'function') {
    throw bad('onEvent must be a function');
  }
  return {
    baseUrl,
    publishableKey,
    fingerprintTimeoutMs: fingerprintTimeoutMs ?? FINGERPRINT_TIMEOUT_MS,
    requestTimeoutMs: requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
  };
}

function readSignal(opts: AuthenticateOptions | undefined): AbortSignal | undefined {
  const signal: unknown = opts?.signal;
  if (signal === undefined) return undefined;
  const looksLikeSignal =
    typeof signal === 'object' &&
    signal !== null &&
    typeof (signal as AbortSignal).aborted === 'boolean' &&
    typeof (signal as AbortSignal).addEventListener === 'function';
  if (looksLikeSignal) return signal as AbortSignal;
  throw new CheckoutError('invalid_input', 'signal must be an AbortSignal', {
    issues: [{ path: 'signal', message: 'signal must be an AbortSignal' }],
  });
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

/** Anything that is not already ours (a DOM failure, a bug) still reaches the caller typed. */
const asCheckoutError = (error: unknown): CheckoutError =>
  error instanceof CheckoutError
    ? error
    : new CheckoutError(
        'configuration',
        `The page cannot run the authentication: ${String(error)}`,
        {
          cause: error,
        },
      );

export function createCheckoutWith(
  options: CheckoutOptions,
  mountImplementation?: MountImplementation,
): Checkout {
  const config = readOptions(options);
  const api = createApiClient({
    baseUrl: config.baseUrl,
    publishableKey: config.publishableKey,
    timeoutMs: config.requestTimeoutMs,
  });
  const flows = new Set<AbortController>();
  let destroyed = false;

  const emit = (type: CheckoutEventType, detail: Partial<CheckoutEvent> = {}) => {
    try {
      options.onEvent?.({ type, timestamp: Date.now(), ...detail });
    } catch {
      // A merchant's telemetry callback must not break a payment.
    }
  };

  /** The edges of one flow; `seen` remembers its authenticationId for the `error` event. */
  const edges = (seen: { authenticationId?: string }): FlowEdges => {
    return {
      api,
      browserInfo: () => collectBrowserInfo({ ipAddress: options.ipAddress }),
      fingerprint: (url, id, signal) =>
        runFingerprint({
          url,
          authenticationId: id,
          timeoutMs: config.fingerprintTimeoutMs,
          signal,
        }),
      challenge: (url, id, signal) =>
        runChallenge({
          url,
          authenticationId: id,
          windowSize: options.challengeWindowSize ?? chooseWindowSize(innerWidth, innerHeight),
          labels: dialogLabels(options.locale),
          deadlineMs: CHALLENGE_DEADLINE_MS,
          signal,
          onShown: () => emit('challenge:shown', { authenticationId: id }),
        }),
      sleep,
      now: Date.now,
      emit(type, id) {
        if (id !== undefined) seen.authenticationId = id;
        emit(type, id === undefined ? {} : { authenticationId: id });
      },
    };
  };

  const checkout: Checkout = {
    async authenticate(request: AuthenticateRequest, opts: AuthenticateOptions = {}) {
      const valid = validateAuthenticateRequest(request);
      const callerSignal = readSignal(opts);
      if (destroyed || callerSignal?.aborted) throw abortedError();
      if (flows.size > 0)
        throw new CheckoutError('busy', 'Another authentication is already running');

      const controller = new AbortController();
      const abort = () => controller.abort();
      callerSignal?.addEventListener('abort', abort, { once: true });
      flows.add(controller);
      const seen: { authenticationId?: string } = {};
      try {
        const outcome: AuthenticationResult = await runFlow(valid, edges(seen), controller.signal);
        emit('result', {
          authenticationId: outcome.authenticationId,
          status: outcome.status,
          ...(outcome.outcome === undefined ? {} : { outcome: outcome.outcome }),
        });
        return outcome;
      } catch (error) {
        const failure = controller.signal.aborted ? abortedError() : asCheckoutError(error);
        emit('error', { code: failure.code, ...seen });
        throw failure;
      } finally {
        callerSignal?.removeEventListener('abort', abort);
        flows.delete(controller);
      }
    },

    mount(target, mountOptions) {
      if (!mountImplementation) {
        throw bad('mount() is not part of this build of secure-checkout');
      }
      return mountImplementation(checkout, options, target, mountOptions);
    },

    destroy() {
      destroyed = true;
      for (const flow of flows) flow.abort();
    },
  };
  return checkout;
}
