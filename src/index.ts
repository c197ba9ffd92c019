import { createCheckoutWith } from './checkout';
import type { Checkout, CheckoutOptions } from './types';

export { CheckoutError, type ErrorCode, type InputIssue, isCheckoutError } from './api/errors';
export { collectBrowserInfo } from './threeds/browser-info';
export type * from './types';

/** A checkout bound to one publishable key and service; throws `configuration` on bad options. */
export const createCheckout = (options: CheckoutOptions): Checkout => createCheckoutWith(options);
