/**
 * Builds the Vue example (`npm run build:examples`, after `npm run build`): Vite's client build
 * into build/, an SSR build of entry-server.ts, then a Node prerender of the page into
 * build/index.html, with the demo nav, for the browser to hydrate (main.ts).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { publicCatalogue } from '../../catalogue';
import { insertDemoNav } from '../../nav';
import type { Catalogue } from '../shop';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const CONFIG_FILE = join(HERE, 'vite.config.ts');
/** Where the demo serves it (demo/merchant/app.ts, demo/merchant/nav.ts). */
export const EXAMPLE_PATH = '/examples/vue/';
const APP_PLACEHOLDER = '<!--app-html-->';

/** The page's markup as the server renders it, from the SSR build in `ssrDir`. */
async function prerender(ssrDir: string): Promise<string> {
  const entry: typeof import('./entry-server') = await import(
    pathToFileURL(join(ssrDir, 'entry-server.mjs')).href
  );
  return entry.render(publicCatalogue() satisfies Catalogue);
}

/** Builds the example into `outDir` (build/ by default); resolves with the page written. */
export async function buildVueExample(outDir = join(HERE, 'build')): Promise<string> {
  for (const file of ['secure-checkout.mjs', 'vue.mjs']) {
    const built = join(HERE, '../../../../dist', file);
    if (!existsSync(built)) throw new Error(`${built} first: npm run build`);
  }
  await build({ configFile: CONFIG_FILE, build: { outDir, emptyOutDir: true } });
  // Self-contained (Vue bundled in), so the server bundle runs from a temporary folder.
  const ssrDir = await mkdtemp(join(tmpdir(), 'vue-example-ssr-'));
  try {
    await build({
      configFile: CONFIG_FILE,
      ssr: { noExternal: true },
      build: {
        ssr: join(HERE, 'entry-server.ts'),
        outDir: ssrDir,
        emptyOutDir: true,
        rollupOptions: {
          output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
        },
      },
    });
    const template = await readFile(join(outDir, 'index.html'), 'utf8');
    if (template.split(APP_PLACEHOLDER).length !== 2)
      throw new Error(`index.html must hold ${APP_PLACEHOLDER} once`);
    const page = insertDemoNav(
      template.replace(APP_PLACEHOLDER, await prerender(ssrDir)),
      EXAMPLE_PATH,
    );
    await writeFile(join(outDir, 'index.html'), page);
    return page;
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  await buildVueExample();
  console.log(`examples/vue: built in ${Date.now() - started} ms`);
}
