import { CheckoutError } from './errors';

// Engine-only helpers, kept out of errors.ts: the card form imports that module too, so what it
// holds lands in the chunk the two share, and each name the engine takes from there costs bytes.

export const abortedError = (cause?: unknown): CheckoutError =>
  new CheckoutError('aborted', 'The authentication was aborted', { cause });

/** Anything that is not already ours (a DOM failure, a bug) still reaches the caller typed. */
export const asCheckoutError = (error: unknown, what: string): CheckoutError =>
  error instanceof CheckoutError
    ? error
    : new CheckoutError('configuration', `${what}: ${String(error)}`, { cause: error });
