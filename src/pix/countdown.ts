/** The PIX countdown: what it shows each second, and the few moments it is announced. */
import {
  PIX_ANNOUNCE_EVERY_MINUTE_S,
  PIX_ANNOUNCE_LAST_S,
  PIX_ANNOUNCE_STEP_S,
} from '../constants';

/** Whole seconds left until `expiresAt` (ms), never below 0. */
export const secondsLeft = (expiresAt: number, now: number): number =>
  Math.max(0, Math.ceil((expiresAt - now) / 1000));

const two = (n: number) => String(n).padStart(2, '0');

/** mm:ss ("04:59"); h:mm:ss from an hour on ("1:05:00"). */
export function clockText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const rest = `${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  return hours ? `${hours}:${rest}` : rest;
}

/** Whether the moment `seconds` before expiry is announced (src/constants.ts). */
export const announced = (seconds: number): boolean =>
  seconds === PIX_ANNOUNCE_LAST_S ||
  (seconds > 0 &&
    seconds % 60 === 0 &&
    (seconds <= PIX_ANNOUNCE_EVERY_MINUTE_S || seconds % PIX_ANNOUNCE_STEP_S === 0));

/**
 * The latest announced moment reached between two ticks, `from` then `to` seconds left (a tick
 * can come late, or after the page was frozen): at most one announcement per tick.
 */
export function momentReached(from: number, to: number): number | undefined {
  for (let seconds = to; seconds < from; seconds++) if (announced(seconds)) return seconds;
  return undefined;
}
