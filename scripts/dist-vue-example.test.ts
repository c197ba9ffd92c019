// @vitest-environment node
/**
 * The Vue example's build (demo/merchant/examples/vue/build.ts) from the package as built (run by
 * vitest.dist.config.ts after `npm run build`), into a temporary folder: Vite's client and SSR
 * builds, then the Node prerender, give the page the server rendered, ready to hydrate.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildVueExample, EXAMPLE_PATH } from '../demo/merchant/examples/vue/build';

const outDir = await mkdtemp(join(tmpdir(), 'vue-example-'));
afterAll(() => rm(outDir, { recursive: true, force: true }));

it('builds, and the page holds the markup the server rendered, the nav and the app script', async () => {
  const page = await buildVueExample(outDir);
  const app = /<div id="app">(.*)<\/div>\n<\/body>/s.exec(page)?.[1] ?? '';
  expect(app).toContain('<div data-secure-checkout></div>');
  expect(app).toContain('<strong id="total">R$120.50</strong>');
  expect(app).not.toContain('<!--app-html-->');
  expect(page).toContain(`<li><a href="${EXAMPLE_PATH}" aria-current="page">Vue</a></li>`);
  const script =
    /<script type="module" crossorigin src="\/examples\/vue\/(assets\/[^"]+\.js)">/.exec(page)?.[1];
  expect(script && existsSync(join(outDir, script))).toBe(true);
  // The widget's lazily loaded parts came with it, from dist/ (as a merchant's bundler takes them).
  expect((await readdir(join(outDir, 'assets'))).some((file) => file.includes('mount'))).toBe(true);
}, 60_000);
