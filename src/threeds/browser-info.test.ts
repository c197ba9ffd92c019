import { describe, expect, it } from 'vitest';
import { type BrowserEnvironment, collectBrowserInfo, DEFAULT_ACCEPT_HEADER } from './browser-info';

const EMV_DEPTHS = [1, 4, 8, 15, 16, 24, 32, 48];
const FIELDS = [
  'userAgent',
  'ipAddress',
  'acceptHeader',
  'language',
  'timezoneOffset',
  'javascriptEnabled',
  'javaEnabled',
  'screenWidth',
  'screenHeight',
  'colorDepth',
];

const UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/126 Safari/537.36';

interface EnvInit {
  userAgent?: string;
  language?: string;
  javaEnabled?: () => boolean;
  width?: number;
  height?: number;
  colorDepth?: number;
  now?: Date;
}

function env(init: EnvInit = {}): BrowserEnvironment {
  const nav: BrowserEnvironment['navigator'] = {
    userAgent: init.userAgent ?? UA,
    language: init.language ?? 'en-US',
  };
  if (init.javaEnabled) nav.javaEnabled = init.javaEnabled;
  return {
    navigator: nav,
    screen: {
      width: init.width ?? 1440,
      height: init.height ?? 900,
      colorDepth: init.colorDepth ?? 24,
    },
    now: init.now ?? new Date(2030, 5, 15, 12),
  };
}

/** Is `tag` a well-formed BCP 47 tag? */
const isValidTag = (tag: string) => {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
};

function expectSpecShape(info: Record<string, unknown>) {
  expect(Object.keys(info).sort()).toEqual([...FIELDS].sort());
  for (const field of ['userAgent', 'ipAddress', 'acceptHeader', 'language']) {
    expect(typeof info[field], field).toBe('string');
  }
  for (const field of ['timezoneOffset', 'screenWidth', 'screenHeight', 'colorDepth']) {
    expect(Number.isInteger(info[field]), field).toBe(true);
  }
  expect(typeof info.javascriptEnabled).toBe('boolean');
  expect(typeof info.javaEnabled).toBe('boolean');
  expect(EMV_DEPTHS).toContain(info.colorDepth);
  expect((info.language as string).length).toBeLessThanOrEqual(8);
  expect(isValidTag(info.language as string)).toBe(true);
}

describe('collectBrowserInfo: shape', () => {
  it('returns the spec’s ten fields with their types and values from the environment', () => {
    const info = collectBrowserInfo({}, env({ width: 1440, height: 900 }));
    expectSpecShape({ ...info });
    expect(info).toMatchObject({
      userAgent: UA,
      ipAddress: '',
      acceptHeader: DEFAULT_ACCEPT_HEADER,
      language: 'en-US',
      javascriptEnabled: true,
      javaEnabled: false,
      screenWidth: 1440,
      screenHeight: 900,
      colorDepth: 24,
    });
  });

  it('works with no arguments in the test browser', () => {
    const info = collectBrowserInfo();
    expectSpecShape({ ...info });
    expect(info.userAgent).toBe(navigator.userAgent.slice(0, 2048));
    expect(info.timezoneOffset).toBe(new Date().getTimezoneOffset());
    expect(info.javascriptEnabled).toBe(true);
    expect(info.ipAddress).toBe('');
  });

  it('reports screen sizes as whole pixels', () => {
    const info = collectBrowserInfo({}, env({ width: 1366.4, height: 767.6 }));
    expect(info.screenWidth).toBe(1366);
    expect(info.screenHeight).toBe(768);
  });
});

describe('collectBrowserInfo: colorDepth', () => {
  it.each([
    [30, 24],
    [24, 24],
    [2, 1],
    [64, 48],
    [1, 1],
    [4, 4],
    [8, 8],
    [15, 15],
    [16, 16],
    [32, 32],
    [48, 48],
    [31, 24],
    [47, 32],
    [0, 24],
    [Number.NaN, 24],
    [-8, 24],
  ])('%d → %d', (reported, expected) => {
    expect(collectBrowserInfo({}, env({ colorDepth: reported })).colorDepth).toBe(expected);
  });
});

describe('collectBrowserInfo: language', () => {
  it.each(['en-US', 'pt-BR', 'es', 'es-419', 'zh-Hant'])('%s stays as it is', (language) => {
    expect(collectBrowserInfo({}, env({ language })).language).toBe(language);
  });

  it('canonicalises the case', () => {
    expect(collectBrowserInfo({}, env({ language: 'EN-us' })).language).toBe('en-US');
  });

  it.each([
    ['zh-Hant-TW', 'zh-Hant'],
    ['sr-Latn-RS', 'sr-Latn'],
  ])('%s (over 8 characters) is shortened to a valid tag: %s', (language, expected) => {
    const tag = collectBrowserInfo({}, env({ language })).language;
    expect(tag).toBe(expected);
    expect(tag.length).toBeLessThanOrEqual(8);
    expect(isValidTag(tag)).toBe(true);
  });

  it.each(['', 'not a language!', '12345', 'en_US_POSIX', 'abcdefghij', '-'])(
    'garbage %j → en',
    (language) => {
      expect(collectBrowserInfo({}, env({ language })).language).toBe('en');
    },
  );

  // BUG: trimming subtags from the end can leave a dangling singleton ('u', 'x'), which is not a
  // valid tag: 'en-US-u-ca-gregory' → 'en-US-u', 'en-US-x-private' → 'en-US-x'.
  it.each(['en-US-u-ca-gregory', 'en-US-x-private', 'de-DE-u-co-phonebk'])(
    'a tag with an extension (%s) is shortened to a valid tag',
    (language) => {
      const tag = collectBrowserInfo({}, env({ language })).language;
      expect(tag.length).toBeLessThanOrEqual(8);
      expect(isValidTag(tag)).toBe(true);
    },
  );
});

describe('collectBrowserInfo: userAgent and acceptHeader', () => {
  it('clips a long userAgent to 2048 characters', () => {
    const long = `Mozilla/5.0 ${'x'.repeat(5000)}`;
    const info = collectBrowserInfo({}, env({ userAgent: long }));
    expect(info.userAgent).toHaveLength(2048);
    expect(info.userAgent).toBe(long.slice(0, 2048));
  });

  it('keeps a userAgent of exactly 2048 characters', () => {
    const exact = 'u'.repeat(2048);
    expect(collectBrowserInfo({}, env({ userAgent: exact })).userAgent).toBe(exact);
  });

  it('uses the acceptHeader override, clipped to 2048 characters', () => {
    expect(collectBrowserInfo({ acceptHeader: 'text/html' }, env()).acceptHeader).toBe('text/html');
    const long = `text/html,${'a'.repeat(3000)}`;
    expect(collectBrowserInfo({ acceptHeader: long }, env()).acceptHeader).toBe(
      long.slice(0, 2048),
    );
  });

  it('defaults acceptHeader to a non-empty navigation Accept header', () => {
    const { acceptHeader } = collectBrowserInfo({}, env());
    expect(acceptHeader).toContain('text/html');
    expect(acceptHeader.length).toBeLessThanOrEqual(2048);
  });
});

describe('collectBrowserInfo: timezone, JavaScript, Java, IP', () => {
  it('timezoneOffset is the given Date’s getTimezoneOffset()', () => {
    const now = new Date(2030, 0, 15, 12);
    expect(collectBrowserInfo({}, env({ now })).timezoneOffset).toBe(now.getTimezoneOffset());
  });

  it('timezoneOffset follows the Date it is given (UTC minus local, e.g. São Paulo = 180)', () => {
    const saoPaulo = new Date(2030, 0, 15);
    saoPaulo.getTimezoneOffset = () => 180;
    const tokyo = new Date(2030, 0, 15);
    tokyo.getTimezoneOffset = () => -540;
    expect(collectBrowserInfo({}, env({ now: saoPaulo })).timezoneOffset).toBe(180);
    expect(collectBrowserInfo({}, env({ now: tokyo })).timezoneOffset).toBe(-540);
  });

  it('javascriptEnabled is always true', () => {
    expect(collectBrowserInfo({}, env()).javascriptEnabled).toBe(true);
  });

  it('javaEnabled comes from navigator.javaEnabled() when present', () => {
    expect(collectBrowserInfo({}, env({ javaEnabled: () => true })).javaEnabled).toBe(true);
    expect(collectBrowserInfo({}, env({ javaEnabled: () => false })).javaEnabled).toBe(false);
  });

  it('javaEnabled is called on navigator (keeps its `this`)', () => {
    const nav = {
      userAgent: UA,
      language: 'en',
      enabled: true,
      javaEnabled(this: { enabled: boolean }) {
        return this.enabled;
      },
    };
    expect(collectBrowserInfo({}, { ...env(), navigator: nav }).javaEnabled).toBe(true);
  });

  it('javaEnabled is false when navigator.javaEnabled is absent', () => {
    expect(collectBrowserInfo({}, env()).javaEnabled).toBe(false);
  });

  it('javaEnabled is false when navigator.javaEnabled throws', () => {
    const throwing = () => {
      throw new Error('not allowed');
    };
    expect(collectBrowserInfo({}, env({ javaEnabled: throwing })).javaEnabled).toBe(false);
  });

  it('ipAddress comes from the overrides and is empty by default', () => {
    expect(collectBrowserInfo({ ipAddress: '203.0.113.7' }, env()).ipAddress).toBe('203.0.113.7');
    expect(collectBrowserInfo({}, env()).ipAddress).toBe('');
  });
});
