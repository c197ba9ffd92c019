import type { ErrorBody } from '../service/kernel/http/errors';
import { ApiError } from '../service/kernel/http/errors';

/**
 * For the families' `rules.test.ts`: the error body a pure rule refuses with, or undefined when
 * it does not refuse. Anything thrown that is not an `ApiError` is a bug, thrown on.
 */
export function refusal(run: () => unknown): ErrorBody | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.body;
    throw error;
  }
  return undefined;
}
