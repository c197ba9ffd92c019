// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PAGES, type DemoPage, demoPageAt, insertDemoNav, NAV_PLACEHOLDER } from './nav';

const PAGES_DIR = join(import.meta.dirname, 'pages');
const read = (file: string) => readFileSync(join(PAGES_DIR, file), 'utf8');
/** The framework examples Vite builds (examples/<name>/build.ts, which puts the nav in): not in pages/. */
const isExample = (page: DemoPage) => page.href.startsWith('/examples/');
const PAGES = DEMO_PAGES.filter((page) => !isExample(page));
const EXAMPLES = DEMO_PAGES.filter(isExample);

describe('the demo pages and their nav', () => {
  it('lists every page of demo/merchant/pages, and only those', () => {
    const files = readdirSync(PAGES_DIR).filter((file) => file.endsWith('.html'));
    expect(PAGES.map((page) => page.file).sort()).toEqual(files.sort());
  });

  it.each(PAGES.map((page) => [page.file]))(
    '%s holds the placeholder once, alone on its line in the sandbox bar, and no nav of its own',
    (file) => {
      const html = read(file);
      expect(html.split(NAV_PLACEHOLDER)).toHaveLength(2);
      expect(html).toMatch(
        new RegExp(`<header class="sandbox-bar">\\n.*\\n {4}${NAV_PLACEHOLDER}\\n {2}</header>`),
      );
      expect(html).not.toContain('aria-label="Demo pages"');
    },
  );

  it.each(EXAMPLES.map((page) => [page.href]))(
    '%s: its template holds the placeholder as a page does, its build is the file served',
    (href) => {
      const name = href.split('/')[2] as string;
      const page = EXAMPLES.find((example) => example.href === href);
      expect(page?.file).toBe(`../examples/${name}/build/index.html`);
      const html = readFileSync(join(import.meta.dirname, 'examples', name, 'index.html'), 'utf8');
      expect(html.split(NAV_PLACEHOLDER)).toHaveLength(2);
      expect(html).toMatch(
        new RegExp(`<header class="sandbox-bar">\\n.*\\n {4}${NAV_PLACEHOLDER}\\n {2}</header>`),
      );
    },
  );

  it('marks the current page only, and leaves a page without the placeholder as it is', () => {
    const html = insertDemoNav(`<body>\n  ${NAV_PLACEHOLDER}\n</body>`, '/spa.html');
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html).toContain('<li><a href="/spa.html" aria-current="page">SPA example</a></li>');
    expect(html.startsWith('<body>\n  <nav aria-label="Demo pages">\n    <ul>\n')).toBe(true);
    expect(html.endsWith('\n    </ul>\n  </nav>\n</body>')).toBe(true);
    expect(insertDemoNav('<p>no nav</p>', '/')).toBe('<p>no nav</p>');
  });

  it('maps a request path to its page', () => {
    expect(demoPageAt('/')?.file).toBe('index.html');
    expect(demoPageAt('/index.html')?.file).toBe('index.html');
    expect(demoPageAt('/webhooks.html')?.title).toBe('Webhooks');
    expect(demoPageAt('/qa-panel.js')).toBeUndefined();
  });
});
