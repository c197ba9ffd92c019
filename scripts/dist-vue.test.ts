// @vitest-environment node
/**
 * `secure-checkout/vue` as built (`npm run build`; run by vitest.dist.config.ts): where the
 * package.json says, with its declarations, importing only the core and Vue (the merchant's own
 * copies), in none of the browser files, and server-rendering in a plain Node process that
 * resolves it as a merchant's server does: by the package's name.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
/** The package's entries that are not the widget itself (vite.config.ts EXTRA_ENTRIES). */
const OTHER_ENTRIES = ['server.mjs', 'react.mjs', 'vue.mjs', 'testing.mjs'];

/**
 * Run by Node in the repository, so `secure-checkout/vue` resolves through the package.json's
 * exports. Vue is loaded and renders once first (its renderer asks `typeof window` as it is made,
 * for its devtools: not ours to judge); then `window` and `document` are trapped, and the entry
 * imported and rendered: what reached for them is printed with the markup.
 */
const SSR_SCRIPT = `
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
await renderToString(createSSRApp({ render: () => h('p') }));
const touched = [];
for (const name of ['window', 'document', 'customElements', 'location']) {
  Object.defineProperty(globalThis, name, { configurable: true, get: () => void touched.push(name) });
}
const { SecureCheckoutForm, useSecureCheckout } = await import('secure-checkout/vue');
const html = await renderToString(createSSRApp({
  render: () => h(SecureCheckoutForm, {
    publishableKey: 'pk_test_sandbox', baseUrl: 'https://api.example', amount: 120.5,
    currency: 'BRL', onCharge: async () => ({ status: 'paid' }),
  }),
}));
console.log(JSON.stringify({ html, touched, composable: typeof useSecureCheckout }));
`;

describe('dist/vue.mjs', () => {
  it('is where package.json exports secure-checkout/vue, with its declarations', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    const vue = pkg.exports['./vue'];
    expect(vue).toEqual({
      types: './dist/types/vue/index.d.ts',
      import: './dist/vue.mjs',
      default: './dist/vue.mjs',
    });
    for (const file of [vue.types, vue.import]) expect(existsSync(join(ROOT, file))).toBe(true);
    const types = await readFile(join(ROOT, vue.types), 'utf8');
    expect(types).toContain('SecureCheckoutForm');
    expect(types).toContain('useSecureCheckout');
    expect(pkg.peerDependencies.vue).toBe('>=3.3');
    expect(pkg.peerDependenciesMeta.vue).toEqual({ optional: true });
  });

  it("imports only 'secure-checkout' and 'vue', and nothing at run time", async () => {
    const source = await readFile(join(DIST, 'vue.mjs'), 'utf8');
    const imported = [
      ...source.matchAll(/^\s*(?:import|export)\b(?:[^;"']*?\bfrom)?\s*["']([^"']+)["']/gm),
    ].map((match) => match[1]);
    expect(imported.sort()).toEqual(['secure-checkout', 'vue']);
    expect(source).not.toMatch(/\bimport\(|\brequire\(/);
  });

  it('is in none of the browser files', async () => {
    const browserFiles = (await readdir(DIST)).filter(
      (file) => /\.m?js$/.test(file) && !OTHER_ENTRIES.includes(file),
    );
    expect(browserFiles).toContain('secure-checkout.js');
    expect(browserFiles).toContain('secure-checkout.mjs');
    for (const file of browserFiles) {
      const source = await readFile(join(DIST, file), 'utf8');
      expect(source.includes('SecureCheckoutForm'), file).toBe(false);
      expect(/from\s*["']vue["']/.test(source), file).toBe(false);
    }
  });

  it('server-renders from the built file in Node: the placeholder only, no window touched', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', SSR_SCRIPT],
      { cwd: ROOT, timeout: 15_000 },
    );
    expect(JSON.parse(stdout)).toEqual({
      html: '<div data-secure-checkout></div>',
      touched: [],
      composable: 'function',
    });
  });
});
