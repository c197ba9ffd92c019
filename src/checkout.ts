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

const optional = (value: unknown, type: string) => value === undefined || typeof value === type;
const isMs = (value: unknown, max: number) =>
  value === undefined || (typeof value === 'number' && value > 0 && value <= max);

/** Every option checked before anything else happens; a secret key never gets further. */
function readOptions(options: CheckoutOptions) {
  if (typeof options !== 'object' || options === null) throw bad('createCheckout needs options');
  const { publishableKey: key, baseUrl: base, fingerprintTimeoutMs, requestTimeoutMs } = options;
  if (typeof key !== 'string' || !/^[\x21-\x7e]+$/.test(key))
    throw bad('publishableKey is required');
  if (key.startsWith('sk_')) throw bad('A secret key (sk_) must never reach a browser');
  if (typeof base !== 'string' || base === '') throw bad('baseUrl is required');
  const baseUrl = checkServiceUrl(base, 'baseUrl');
  const rules: [broken: boolean, message: string][] = [
    [Boolean(baseUrl.search || baseUrl.hash), 'baseUrl must not have a query or a fragment'],
    [
      !isMs(fingerprintTimeoutMs, MAX_FINGERPRINT_TIMEOUT_MS),
      `fingerprintTimeoutMs must be 1 to ${MAX_FINGERPRINT_TIMEOUT_MS}`,
    ],
    [
      !isMs(requestTimeoutMs, CHALLENGE_DEADLINE_MS),
      `requestTimeoutMs must be 1 to ${CHALLENGE_DEADLINE_MS}`,
    ],
    [
      options.challengeWindowSize !== undefined &&
        !Object.hasOwn(CHALLENGE_WINDOW_SIZES, options.challengeWindowSize),
      'challengeWindowSize must be 01 to 05',
    ],
    [!optional(options.locale, 'string'), 'locale must be a string'],
    [!optional(options.ipAddress, 'string'), 'ipAddress must be a string'],
    [!optional(options.onEvent, 'function'), 'onEvent must be a function'],
  ];
  for (const [broken, message] of rules) if (broken) throw bad(message);
  return {
    baseUrl,
    publishableKey: key,
    fingerprintTimeoutMs: fingerprintTimeoutMs ?? FINGERPRINT_TIMEOUT_MS,
    requestTimeoutMs: requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
  };
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
