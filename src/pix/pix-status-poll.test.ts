import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../constants';
import { type PollEnd, pollPixStatus, realClock } from './pix-status-poll';

const PENDING = { id: 'ch_pix_1', status: 'pending' };
const PAID = { id: 'ch_pix_1', status: 'paid' };

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A poll on the real clock (faked by vitest); `read` records the time of each call. */
function poll(answer: (call: number) => unknown, expiresIn = 15 * 60_000) {
  const calls: number[] = [];
  const controller = new AbortController();
  let end: PollEnd | null | 'running' = 'running';
  const read = vi.fn(() => {
    calls.push(Date.now());
    return answer(calls.length);
  });
  const done = pollPixStatus({
    read,
    expiresAt: Date.now() + expiresIn,
    clock: realClock,
    signal: controller.signal,
  }).then((value) => {
    end = value;
    return value;
  });
  return { calls, read, controller, done, end: () => end };
}

describe('pollPixStatus', () => {
  it('reads after 2 s, then each wait ×1.5 up to every 10 s', async () => {
    const p = poll(() => PENDING);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(p.calls).toEqual([2000, 5000, 9500, 16_250, 26_250, 36_250, 46_250, 56_250]);
    expect(p.end()).toBe('running');
    p.controller.abort();
    expect(await p.done).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a paid charge ends the wait with that charge', async () => {
    const p = poll((call) => (call < 3 ? PENDING : PAID));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await p.done).toEqual({ kind: 'charge', charge: PAID });
    expect(p.read).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(p.read).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([[{ status: 'failed', failureReason: 'x' }], [{ status: 'canceled' }]])(
    'any other status (%o) ends it too: the form judges the charge',
    async (charge) => {
      const p = poll(async () => charge);
      await vi.advanceTimersByTimeAsync(2000);
      expect(await p.done).toEqual({ kind: 'charge', charge });
    },
  );

  it.each([undefined, null, 'paid', { id: 'ch_1' }])(
    'an answer that is no charge (%o) is a setup mistake',
    async (answer) => {
      const p = poll(() => answer);
      await vi.advanceTimersByTimeAsync(2000);
      expect(await p.done).toEqual({
        kind: 'invalid',
        message: 'onPixStatus must resolve with the charge',
      });
    },
  );

  it("the service's `expired` ends it at once", async () => {
    const p = poll(() => ({ status: 'expired' }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(await p.done).toEqual({ kind: 'expired' });
  });

  it('failures keep it going, each doubling the wait (same cap); a success grows it ×1.5', async () => {
    const p = poll((call) => {
      if (call === 1) throw new Error('sync');
      if (call <= 4) return Promise.reject(new Error('HTTP 503'));
      return PENDING;
    });
    await vi.advanceTimersByTimeAsync(60_000);
    // 2 s, then ×2 three times (4, 8, 10 capped), then ×1.5 from 10 stays at 10.
    expect(p.calls).toEqual([2000, 6000, 14_000, 24_000, 34_000, 44_000, 54_000]);
    expect(p.end()).toBe('running');
    p.controller.abort();
    await p.done;
  });

  it('a read that never settles counts as failed after the request timeout', async () => {
    const p = poll((call) => (call === 1 ? new Promise(() => {}) : PAID));
    await vi.advanceTimersByTimeAsync(2000 + REQUEST_TIMEOUT_MS - 1);
    expect(p.read).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1 + 4000);
    expect(p.calls).toEqual([2000, 2000 + REQUEST_TIMEOUT_MS + 4000]);
    expect(await p.done).toEqual({ kind: 'charge', charge: PAID });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads once more as the code expires: paid then is paid, else expired', async () => {
    const lastMinute = poll((call) => (call < 3 ? PENDING : PAID), 7000);
    await vi.advanceTimersByTimeAsync(7000);
    expect(lastMinute.calls).toEqual([2000, 5000, 7000]);
    expect(await lastMinute.done).toEqual({ kind: 'charge', charge: PAID });

    const unpaid = poll(() => PENDING, 7000);
    await vi.advanceTimersByTimeAsync(7000);
    expect(await unpaid.done).toEqual({ kind: 'expired' });

    const failing = poll(() => Promise.reject(new Error('down')), 3000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(failing.calls.map((t) => t - 14_000)).toEqual([2000, 3000]);
    expect(await failing.done).toEqual({ kind: 'expired' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an aborted poll settles at once, during a wait or a read, and reads no more', async () => {
    const waiting = poll(() => PENDING);
    await vi.advanceTimersByTimeAsync(1000);
    waiting.controller.abort();
    expect(await waiting.done).toBeNull();
    expect(waiting.read).not.toHaveBeenCalled();

    const reading = poll(() => new Promise(() => {}));
    await vi.advanceTimersByTimeAsync(2000);
    reading.controller.abort();
    expect(await reading.done).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reading.read).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);

    const controller = new AbortController();
    controller.abort();
    const never = vi.fn();
    expect(
      await pollPixStatus({
        read: never,
        expiresAt: 1e9,
        clock: realClock,
        signal: controller.signal,
      }),
    ).toBeNull();
    expect(never).not.toHaveBeenCalled();
  });
});
