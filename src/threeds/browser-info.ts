import type { BrowserInfo } from '../types';

/** EMV 3DS browser data rules. */
const EMV_COLOR_DEPTHS = [1, 4, 8, 15, 16, 24, 32, 48] as const;
const DEFAULT_COLOR_DEPTH = 24;
const MAX_LANGUAGE_LENGTH = 8;
const MAX_HEADER_LENGTH = 2048;
/** What a browser sends for a top-level navigation; page scripts cannot read the real header. */
export const DEFAULT_ACCEPT_HEADER =
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** What `collectBrowserInfo` reads; a test passes its own. */
export interface BrowserEnvironment {
  navigator: Pick<Navigator, 'userAgent' | 'language'> & { javaEnabled?: () => boolean };
  screen: Pick<Screen, 'width' | 'height' | 'colorDepth'>;
  now: Date;
}

export interface BrowserInfoOverrides {
  /** The shopper's IP as the merchant's server saw it; a page cannot know it. */
  ipAddress?: string;
  acceptHeader?: string;
}

/** The largest EMV colour depth not above the reported one (macOS Chrome's 30 → 24). */
export function emvColorDepth(reported: number): number {
  if (!Number.isFinite(reported) || reported < 1) return DEFAULT_COLOR_DEPTH;
  return EMV_COLOR_DEPTHS.reduce((best, depth) => (depth <= reported ? depth : best), 1);
}

/** A valid language tag of at most 8 characters: canonical, trailing subtags dropped to fit. */
export function emvLanguage(reported: unknown): string {
  let tag: string;
  try {
    tag = Intl.getCanonicalLocales(String(reported))[0] ?? 'en';
  } catch {
    return 'en';
  }
  while (tag.length > MAX_LANGUAGE_LENGTH && tag.includes('-')) {
    tag = tag.slice(0, tag.lastIndexOf('-'));
  }
  // A cut can leave an extension's singleton behind ('en-US-u-ca-…' → 'en-US-u'): drop it.
  tag = tag.replace(/-[a-z0-9]$/i, '');
  return tag.length <= MAX_LANGUAGE_LENGTH ? tag : 'en';
}

const clip = (value: unknown): string => String(value ?? '').slice(0, MAX_HEADER_LENGTH);

const pixels = (value: unknown): number => {
  const n = Math.round(Number(value));
  return Number.isFinite(n) && n > 0 ? n : 0;
};

function isJavaEnabled(nav: BrowserEnvironment['navigator']): boolean {
  try {
    return typeof nav.javaEnabled === 'function' && nav.javaEnabled.call(nav) === true;
  } catch {
    return false;
  }
}

/** The spec's `browser` object, all ten fields, normalised to EMV 3DS rules. */
export function collectBrowserInfo(
  overrides: BrowserInfoOverrides = {},
  env: BrowserEnvironment = { navigator, screen, now: new Date() },
): BrowserInfo {
  return {
    userAgent: clip(env.navigator.userAgent),
    ipAddress: overrides.ipAddress ?? '',
    acceptHeader: clip(overrides.acceptHeader ?? DEFAULT_ACCEPT_HEADER),
    language: emvLanguage(env.navigator.language),
    timezoneOffset: env.now.getTimezoneOffset(),
    javascriptEnabled: true,
    javaEnabled: isJavaEnabled(env.navigator),
    screenWidth: pixels(env.screen.width),
    screenHeight: pixels(env.screen.height),
    colorDepth: emvColorDepth(env.screen.colorDepth),
  };
}
