import { describe, expect, it } from 'vitest';
import { announced, clockText, momentReached, secondsLeft } from './countdown';

describe('secondsLeft', () => {
  it('counts whole seconds up, never below 0', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 1)).toBe(10);
    expect(secondsLeft(10_000, 999)).toBe(10);
    expect(secondsLeft(10_000, 1_000)).toBe(9);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 99_000)).toBe(0);
  });
});

describe('clockText', () => {
  it.each([
    [0, '00:00'],
    [9, '00:09'],
    [59, '00:59'],
    [60, '01:00'],
    [899, '14:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [86_399, '23:59:59'],
  ])('%i s → %s', (seconds, text) => {
    expect(clockText(seconds)).toBe(text);
  });
});

describe('the moments announced', () => {
  it('every minute of the last 10, every 10 minutes before, and 30 s before the end', () => {
    const moments = Array.from({ length: 2 * 3600 + 1 }, (_, s) => s).filter(announced);
    expect(moments).toEqual([
      30, 60, 120, 180, 240, 300, 360, 420, 480, 540, 600, 1200, 1800, 2400, 3000, 3600, 4200, 4800,
      5400, 6000, 6600, 7200,
    ]);
  });

  it('a tick says the latest moment it reached, and only once', () => {
    expect(momentReached(61, 60)).toBe(60);
    expect(momentReached(60, 59)).toBeUndefined();
    expect(momentReached(31, 30)).toBe(30);
    expect(momentReached(45, 44)).toBeUndefined();
    expect(momentReached(900, 900)).toBeUndefined();
    // A late tick, or a page back from the cache: the latest moment passed, not each of them.
    expect(momentReached(400, 250)).toBe(300);
    expect(momentReached(3600, 0)).toBe(30);
    expect(momentReached(20, 0)).toBeUndefined();
  });
});
