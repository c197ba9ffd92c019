/**
 * Waiting for a PIX code to be paid: `onPixStatus` called with back-off until the charge it reads
 * is no longer `pending`, or the code expires. Time comes from a `PixClock`, so tests run it on
 * their own; every promise here settles, aborted or not.
 */
import {
  PIX_POLL_FAILURE_GROWTH,
  PIX_POLL_FIRST_DELAY_MS,
  PIX_POLL_GROWTH,
  PIX_POLL_MAX_DELAY_MS,
  REQUEST_TIMEOUT_MS,
} from '../constants';
import type { PixClock } from './pix-module';

export type PollEnd =
  /** A charge no longer pending (`paid`, `failed`…): the form judges it. */
  { kind: 'charge'; charge: unknown } | { kind: 'expired' } | { kind: 'invalid'; message: string };

export interface PollInput {
  /** onPixStatus with the pending charge; may throw, reject or never settle. */
  read(): unknown;
  /** When the code expires (ms, the clock's time): one last read then, in case it was just paid. */
  expiresAt: number;
  clock: PixClock;
  /** Aborted by page hide, by the step's end or by destroy(): the poll resolves `null`. */
  signal: AbortSignal;
}

/** Date.now and setTimeout. */
export const realClock: PixClock = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/** A promise that runs `start` and its cleanup: `finish` settles it once, whoever calls first. */
function settle<T>(
  signal: AbortSignal,
  start: (finish: (value: T) => void) => () => void,
  aborted: T,
): Promise<T> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(aborted);
    let done = false;
    let cancel = () => {};
    const finish = (value: T) => {
      done = true;
      cancel();
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => finish(aborted);
    signal.addEventListener('abort', onAbort, { once: true });
    cancel = start(finish);
    // A clock that runs `after` at once has already finished: cancel what it started.
    if (done) cancel();
  });
}

/** `true` after `ms`, `false` once aborted. */
const sleep = (clock: PixClock, ms: number, signal: AbortSignal) =>
  settle(signal, (finish) => clock.after(Math.max(0, ms), () => finish(true)), false);

/** What `read` resolved with; `undefined` if it failed, ran past REQUEST_TIMEOUT_MS or was aborted. */
const readBounded = (read: () => unknown, clock: PixClock, signal: AbortSignal) =>
  settle<{ value: unknown } | undefined>(
    signal,
    (finish) => {
      // A synchronous throw becomes a rejection like any other.
      new Promise((resolve) => resolve(read())).then(
        (value) => finish({ value }),
        () => finish(undefined),
      );
      return clock.after(REQUEST_TIMEOUT_MS, () => finish(undefined));
    },
    undefined,
  );

/**
 * Reads the charge after PIX_POLL_FIRST_DELAY_MS, then ever less often: `null` once `signal` is
 * aborted, else how the wait ended. A failed read only makes the next wait longer.
 */
export async function pollPixStatus({
  read,
  expiresAt,
  clock,
  signal,
}: PollInput): Promise<PollEnd | null> {
  let delay = PIX_POLL_FIRST_DELAY_MS;
  for (;;) {
    const left = expiresAt - clock.now();
    const last = left <= delay;
    if (!(await sleep(clock, last ? left : delay, signal))) return null;
    const answer = await readBounded(read, clock, signal);
    if (signal.aborted) return null;
    const status: unknown = answer && Object(answer.value).status;
    if (status === 'expired' || (last && (!answer || status === 'pending'))) {
      return { kind: 'expired' };
    }
    if (answer && status !== 'pending') {
      return typeof status === 'string'
        ? { kind: 'charge', charge: answer.value }
        : { kind: 'invalid', message: 'onPixStatus must resolve with the charge' };
    }
    delay = Math.min(
      delay * (answer ? PIX_POLL_GROWTH : PIX_POLL_FAILURE_GROWTH),
      PIX_POLL_MAX_DELAY_MS,
    );
  }
}
