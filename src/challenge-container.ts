/**
 * The inline challenge's checks, the part of it that loads up front (its rendering is in the
 * challenge chunk, src/threeds/challenge-dialog.ts): `challengeContainer`'s type, checked by
 * createCheckout() and mount(), and the element, found and measured as each flow starts.
 * scripts/bundle-size.test.ts weighs this module in the drop-in.
 */
import { optional, rule } from './checks';
import { MIN_CHALLENGE_CONTAINER_PX } from './constants';
import { CheckoutError } from './errors';
import type { AuthenticateOptions } from './types';

/**
 * The key under which the form hands a flow its mount's challenge container (src/ui/pay.ts): a
 * symbol, so the public `authenticate()` options stay what the docs say they are.
 */
export const CHALLENGE_IN: unique symbol = Symbol();

/** A flow's options inside the package: the caller's, plus where its challenge renders. */
export interface FlowOptions extends AuthenticateOptions {
  [CHALLENGE_IN]?: string | HTMLElement | undefined;
}

/** `challengeContainer` as given: a selector or an element (`configuration` otherwise). */
export const containerRule = optional(
  rule<string | HTMLElement>(
    (value) => typeof value === 'string' || value instanceof HTMLElement,
    'must be a CSS selector or an HTMLElement',
  ),
);

/**
 * The element a flow's challenge renders in, looked up and measured as the flow starts:
 * `configuration` when the selector matches nothing (or is no selector) or the element is
 * narrower than EMV's smallest window. Undefined: the modal.
 */
export function findChallengeContainer(
  container: string | HTMLElement | undefined,
): HTMLElement | undefined {
  if (container === undefined) return;
  const selector = typeof container === 'string';
  let element: unknown;
  try {
    element = selector ? document.querySelector(container) : container;
  } catch {}
  const width = element instanceof HTMLElement ? element.clientWidth : -1;
  if (width < MIN_CHALLENGE_CONTAINER_PX)
    throw new CheckoutError(
      'configuration',
      `challengeContainer ${selector ? container : container.localName} ${width < 0 ? 'matches no element' : `is ${width} px wide, under ${MIN_CHALLENGE_CONTAINER_PX} px`}`,
    );
  return element as HTMLElement;
}
