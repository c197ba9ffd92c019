/**
 * The demo pages' nav, made once: each page of demo/merchant/pages holds NAV_PLACEHOLDER in its
 * `sandbox-bar` header, and the merchant server puts the nav there as it serves the page, with
 * `aria-current="page"` on the page's own link. Server-side, so the nav needs no script and
 * works under the Trusted Types policy (`?trusted-types=1`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';

/** The demo pages in the nav's order: its one list. */
export const DEMO_PAGES = [
  { href: '/', file: 'index.html', title: 'QA panel' },
  { href: '/checkout.html', file: 'checkout.html', title: 'Script-tag checkout' },
  { href: '/widget.html', file: 'widget.html', title: 'Drop-in form' },
  { href: '/element.html', file: 'element.html', title: 'Custom element' },
  { href: '/spa.html', file: 'spa.html', title: 'SPA example' },
  { href: '/examples/react/', file: '../examples/react/build/index.html', title: 'React' },
  { href: '/examples/vue/', file: '../examples/vue/build/index.html', title: 'Vue' },
  { href: '/engine.html', file: 'engine.html', title: 'Headless engine' },
  { href: '/platform.html', file: 'platform.html', title: 'Platform' },
  { href: '/subscriptions.html', file: 'subscriptions.html', title: 'Subscriptions' },
  { href: '/webhooks.html', file: 'webhooks.html', title: 'Webhooks' },
  { href: '/faults.html', file: 'faults.html', title: 'Faults' },
  { href: '/requests.html', file: 'requests.html', title: 'Requests' },
  { href: '/api-reference.html', file: 'api-reference.html', title: 'API reference' },
] as const;

export type DemoPage = (typeof DEMO_PAGES)[number];

/** Where a page's HTML takes the nav (alone on its line). */
export const NAV_PLACEHOLDER = '<!-- demo-nav: demo/merchant/nav.ts -->';

/** The nav's lines, `current` (a page's href) marked as the page shown. */
export function demoNavLines(current: string): string[] {
  return [
    '<nav aria-label="Demo pages">',
    '  <ul>',
    ...DEMO_PAGES.map(
      ({ href, title }) =>
        `    <li><a href="${href}"${href === current ? ' aria-current="page"' : ''}>${title}</a></li>`,
    ),
    '  </ul>',
    '</nav>',
  ];
}

/** `html` with its placeholder's line replaced by the nav, indented as the placeholder is. */
export function insertDemoNav(html: string, current: string): string {
  return html
    .split('\n')
    .map((line) => {
      if (line.trim() !== NAV_PLACEHOLDER) return line;
      const indent = line.slice(0, line.indexOf(NAV_PLACEHOLDER));
      return demoNavLines(current)
        .map((navLine) => indent + navLine)
        .join('\n');
    })
    .join('\n');
}

/** The page a request path shows (`/index.html` is the QA panel too), if it is one. */
export const demoPageAt = (path: string): DemoPage | undefined =>
  path === '/index.html' ? DEMO_PAGES[0] : DEMO_PAGES.find((page) => page.href === path);

/**
 * Serves the demo pages from `pagesDir` with their nav. Anything else, or a page the folder does
 * not hold, goes on to the static files.
 */
export function demoPages(pagesDir: string): MiddlewareHandler {
  return async (c, next) => {
    const page = demoPageAt(c.req.path);
    if (page === undefined || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    let html: string;
    try {
      html = await readFile(join(pagesDir, page.file), 'utf8');
    } catch {
      return next();
    }
    return c.html(insertDemoNav(html, page.href));
  };
}
