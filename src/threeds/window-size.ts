import { CHALLENGE_CHROME_PX, CHALLENGE_WINDOW_SIZES, FULL_SCREEN_BELOW_PX } from '../constants';
import type { ChallengeWindowSize } from '../types';

/** Windowed sizes, largest area first. */
const PREFERENCE = ['03', '04', '02', '01'] as const;

/** The EMV window size for a viewport: full screen below 600 px, else the largest that fits. */
export function chooseWindowSize(
  viewportWidth: number,
  viewportHeight: number,
): ChallengeWindowSize {
  if (viewportWidth < FULL_SCREEN_BELOW_PX) return '05';
  for (const size of PREFERENCE) {
    const [width, height] = CHALLENGE_WINDOW_SIZES[size];
    if (
      width + CHALLENGE_CHROME_PX.width <= viewportWidth &&
      height + CHALLENGE_CHROME_PX.height <= viewportHeight
    ) {
      return size;
    }
  }
  return '05';
}
