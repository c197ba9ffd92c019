// @vitest-environment node
/**
 * `secure-checkout/react` as built (`npm run build`; run by vitest.dist.config.ts): the files the
 * package.json names, importing only the core (by its name) and React, in none of the browser
 * files, rendering its placeholder on a server; and the React example's build (Vite's client and
 * SSR builds, then the prerender) writing that markup into its page.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildReactExample } from '../demo/merchant/examples/react/build';

const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
type ReactEntry = typeof import('../src/react/index');

describe('dist/react.mjs', () => {
  it('is where package.json exports secure-checkout/react, with its declarations', async () => {
    const { exports } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    const entry = exports['./react'];
    expect(entry).toEqual({
      types: './dist/types/react/index.d.ts',
      import: './dist/react.mjs',
      default: './dist/react.mjs',
    });
    for (const file of [entry.types, entry.import]) expect(existsSync(join(ROOT, file))).toBe(true);
    const types = await readFile(join(ROOT, entry.types), 'utf8');
    expect(types).toContain('SecureCheckoutForm');
    expect(types).toContain('useSecureCheckout');
  });

  it("imports only 'secure-checkout' and 'react'", async () => {
    const source = await readFile(join(DIST, 'react.mjs'), 'utf8');
    const imported = [...source.matchAll(/^\s*import\b.*?from\s*["']([^"']+)["']/gm)].map(
      (match) => match[1],
    );
    expect(new Set(imported)).toEqual(new Set(['react', 'secure-checkout']));
    expect(source).not.toMatch(/\bimport\(|\brequire\(/);
  });

  it('is in none of the browser files', async () => {
    const browserFiles = (await readdir(DIST)).filter(
      (file) => /\.m?js$/.test(file) && !/^(server|react|vue|testing)\.mjs$/.test(file),
    );
    expect(browserFiles).toContain('secure-checkout.js');
    for (const file of browserFiles) {
      const source = await readFile(join(DIST, file), 'utf8');
      expect(source.includes('data-secure-checkout'), file).toBe(false);
    }
  });

  it('renders the placeholder on a server, with no DOM', async () => {
    expect(typeof globalThis.window).toBe('undefined');
    const entry: ReactEntry = await import(join(DIST, 'react.mjs'));
    const html = renderToString(
      createElement(entry.SecureCheckoutForm, {
        publishableKey: 'pk_test_dist',
        baseUrl: 'https://api.example.com',
        amount: 10,
        currency: 'BRL',
        onCharge: () => ({}),
      }),
    );
    expect(html).toBe('<div data-secure-checkout=""></div>');
  });
});

describe('the React example, built', () => {
  it("prerenders the page with the server's markup, the form's placeholder in it", async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'react-example-'));
    try {
      const html = readFileSync(await buildReactExample(outDir), 'utf8');
      expect(html).not.toContain('<!--app-html-->');
      expect(html).toMatch(/<div id="root"><main class="shop">.*<\/main><\/div>/s);
      expect(html).toContain('<div data-secure-checkout=""></div>');
      expect(html).toContain('<strong id="total">R$120.50</strong>');
      expect(html).toMatch(/<script type="module" crossorigin src="\/examples\/react\/assets\//);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
