import type { MiddlewareHandler } from 'hono';

type Headers = Readonly<Record<string, string>>;

/** Sets each header the handler did not set itself. */
export const defaultHeaders =
  (headers: Headers | (() => Headers)): MiddlewareHandler =>
  async (c, next) => {
    await next();
    const values = typeof headers === 'function' ? headers() : headers;
    for (const [name, value] of Object.entries(values)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };

const csp = (directives: Readonly<Record<string, string>>): string =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/** A page that runs only its own external scripts and styles. */
export const selfOnlyPageCsp = (frameAncestors: string): string =>
  csp({
    'default-src': "'none'",
    'script-src': "'self'",
    'style-src': "'self'",
    'img-src': "'self' data:",
    'form-action': "'self'",
    'base-uri': "'none'",
    'frame-ancestors': frameAncestors,
  });

/** The API origin: JSON, never cached, never sniffed. */
export const API_HEADERS: Headers = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/** The 3DS origin: pages any merchant may frame, running only their own scripts. */
export const ACS_HEADERS: Headers = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': selfOnlyPageCsp('*'),
};

type DemoUrls = { api: string; threeDs: string };

/** Both spellings of a loopback origin, since QA may open either. */
const loopbackAliases = (origin: string): string[] => {
  const url = new URL(origin);
  const other = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return [url.origin, `${url.protocol}//${other}:${url.port}`];
};

/**
 * The demo origin: a strict CSP (no inline script or style) that lets the pages call the API and
 * frame the 3DS pages. `strict-origin-when-cross-origin` gives the 3DS pages the parent's origin,
 * which they use as postMessage target.
 */
const demoCsp = (urls: DemoUrls) => ({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data:",
  'connect-src': ["'self'", ...loopbackAliases(urls.api)].join(' '),
  'frame-src': [...loopbackAliases(urls.threeDs), ...loopbackAliases(urls.api)].join(' '),
  'form-action': "'self'",
  'base-uri': "'none'",
  'object-src': "'none'",
  'frame-ancestors': "'self'",
});

export const demoHeaders = (urls: DemoUrls): Headers => ({
  'Content-Security-Policy': csp(demoCsp(urls)),
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Cache-Control': 'no-cache',
});

/**
 * The strictest page policy the widget must work under (`?trusted-types=1` on a demo page): the
 * demo's, with nothing by default, only the 3DS pages framed, and Trusted Types enforced with one
 * policy allowed, the widget's `secure-checkout` (the script-tag build makes it to load its
 * challenge dialog and PIX files, for their URLs only: src/sibling-loader.ts); any other string
 * reaching a script sink is refused. `otherPolicies`: a page's framework's own, named.
 */
export const trustedTypesDemoCsp = (
  urls: DemoUrls,
  otherPolicies: readonly string[] = [],
): string =>
  csp({
    ...demoCsp(urls),
    'default-src': "'none'",
    'frame-src': loopbackAliases(urls.threeDs).join(' '),
    'require-trusted-types-for': "'script'",
    'trusted-types': ['secure-checkout', ...otherPolicies].join(' '),
  });
