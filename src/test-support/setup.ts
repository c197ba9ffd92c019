/**
 * Unit tests create checkouts from src/checkout.ts, not from an entry: give them the challenge
 * dialog as the ESM entry does (src/index.ts), a dynamic import, which a test may replace.
 */
import { vi } from 'vitest';
import { provideChallenge } from '../checkout';

provideChallenge(() => import('../threeds/challenge-dialog').then((chunk) => chunk.showChallenge));

/**
 * `vi.waitFor` waits 1 s unless told otherwise: too short on a loaded 2-core CI machine, where a
 * lazy chunk's first import alone has taken longer. A bound, not a timing claim: it polls and
 * returns as soon as the expectation holds, and stays well under the tests' 20 s timeout.
 */
const WAIT_FOR_MS = 10_000;
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: WAIT_FOR_MS, ...options },
  )) as typeof vi.waitFor;
