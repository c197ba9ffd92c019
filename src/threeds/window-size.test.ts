import { describe, expect, it } from 'vitest';
import { CHALLENGE_CHROME_PX, CHALLENGE_WINDOW_SIZES, FULL_SCREEN_BELOW_PX } from '../constants';
import { chooseWindowSize } from './window-size';

/** The viewport a windowed size needs: the EMV window plus the dialog's chrome. */
const needs = (size: '01' | '02' | '03' | '04') => {
  const [width, height] = CHALLENGE_WINDOW_SIZES[size];
  return { width: width + CHALLENGE_CHROME_PX.width, height: height + CHALLENGE_CHROME_PX.height };
};

describe('the EMV sizes in constants', () => {
  it('are the EMV 3DS challenge window sizes', () => {
    expect(CHALLENGE_WINDOW_SIZES).toEqual({
      '01': [250, 400],
      '02': [390, 400],
      '03': [500, 600],
      '04': [600, 400],
      '05': null,
    });
    expect(FULL_SCREEN_BELOW_PX).toBe(600);
  });
});

describe('chooseWindowSize', () => {
  it.each([
    [320, 640],
    [375, 812],
    [599, 2000],
    [599, 599],
  ])('below 600 px wide (%i×%i) → 05 full screen', (width, height) => {
    expect(chooseWindowSize(width, height)).toBe('05');
  });

  it.each([
    [1920, 1080],
    [1280, 800],
    [1024, 768],
  ])('a large viewport (%i×%i) → 03', (width, height) => {
    expect(chooseWindowSize(width, height)).toBe('03');
  });

  it('03 exactly at its need, 04 one pixel shorter (when 04 fits)', () => {
    const { height } = needs('03');
    expect(chooseWindowSize(1024, height)).toBe('03');
    expect(chooseWindowSize(1024, height - 1)).toBe('04');
  });

  it('a wide but short viewport → 04', () => {
    const { width, height } = needs('04');
    expect(chooseWindowSize(width, height)).toBe('04');
    expect(chooseWindowSize(1920, 550)).toBe('04');
  });

  it('at least 600 wide but too narrow for 04 and too short for 03 → 02', () => {
    const width = needs('04').width - 1;
    expect(width).toBeGreaterThanOrEqual(FULL_SCREEN_BELOW_PX);
    expect(chooseWindowSize(width, needs('02').height)).toBe('02');
    expect(chooseWindowSize(width, needs('03').height - 1)).toBe('02');
  });

  it('too short for any window → 05 full screen', () => {
    const tooShort = needs('02').height - 1;
    expect(chooseWindowSize(1920, tooShort)).toBe('05');
    expect(chooseWindowSize(1920, 300)).toBe('05');
    expect(chooseWindowSize(1920, 0)).toBe('05');
  });

  it('never picks a window larger than the viewport minus its chrome', () => {
    const wrong: string[] = [];
    for (let width = 0; width <= 1400; width += 7) {
      for (let height = 0; height <= 900; height += 11) {
        const size = chooseWindowSize(width, height);
        const fits =
          size === '05'
            ? true
            : width >= FULL_SCREEN_BELOW_PX &&
              needs(size).width <= width &&
              needs(size).height <= height;
        if (!fits || (width < FULL_SCREEN_BELOW_PX && size !== '05')) {
          wrong.push(`${width}×${height} → ${size}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('prefers the largest window that fits', () => {
    // 03 (500×600) and 04 (600×400) both fit → 03, the larger area.
    const width = Math.max(needs('03').width, needs('04').width);
    const height = Math.max(needs('03').height, needs('04').height);
    expect(chooseWindowSize(width, height)).toBe('03');
  });

  // 01 (250×400) has the same height as 02 (390×400) and is narrower: any viewport at least
  // 600 px wide that fits 01 also fits 02, so the viewport alone can never choose 01.
  it('never chooses 01 from the viewport (02 always fits where 01 does at ≥ 600 px)', () => {
    expect(needs('01').height).toBe(needs('02').height);
    expect(needs('02').width).toBeLessThanOrEqual(FULL_SCREEN_BELOW_PX);
    const chosen = new Set<string>();
    for (let width = 0; width <= 1000; width += 3) {
      for (let height = 0; height <= 800; height += 3) chosen.add(chooseWindowSize(width, height));
    }
    expect([...chosen].sort()).toEqual(['02', '03', '04', '05']);
  });
});
