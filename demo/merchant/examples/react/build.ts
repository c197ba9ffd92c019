/**
 * Builds the React example into build/ (served at /examples/react/ by demo/merchant/app.ts):
 * the browser's files, then the server's render (Vite's SSR build, into a temporary folder),
 * then index.html prerendered with that render's markup and the demo nav, which the browser
 * hydrates.
 * `npm run build:examples`; the package must be built first (`npm run build`).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { publicCatalogue } from '../../catalogue';
import { insertDemoNav } from '../../nav';
import type { Catalogue } from '../shop';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const CONFIG = join(HERE, 'vite.config.ts');
const SLOT = '<!--app-html-->';
/** Where the demo serves it (demo/merchant/app.ts, demo/merchant/nav.ts). */
export const EXAMPLE_PATH = '/examples/react/';

/** Writes the example into `outDir` (default build/); resolves with index.html's path. */
export async function buildReactExample(outDir = join(HERE, 'build')): Promise<string> {
  const dist = join(HERE, '../../../../dist/react.mjs');
  if (!existsSync(dist)) throw new Error(`${dist} is missing: npm run build first`);
  await build({ configFile: CONFIG, build: { outDir, emptyOutDir: true } });
  const serverDir = mkdtempSync(join(tmpdir(), 'react-example-ssr-'));
  try {
    await build({
      configFile: CONFIG,
      build: { ssr: join(HERE, 'src/server.tsx'), outDir: serverDir, emptyOutDir: true },
      // React bundled in: the render runs from a temporary folder, where no node_modules is.
      ssr: { noExternal: true },
    });
    const server = (await import(pathToFileURL(join(serverDir, 'server.js')).href)) as {
      render(catalogue: Catalogue): string;
    };
    const file = join(outDir, 'index.html');
    const html = readFileSync(file, 'utf8');
    if (!html.includes(SLOT)) throw new Error(`${file} has no ${SLOT}`);
    const page = html.replace(SLOT, server.render(publicCatalogue()));
    writeFileSync(file, insertDemoNav(page, EXAMPLE_PATH));
    return file;
  } finally {
    rmSync(serverDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = await buildReactExample();
  console.log(`React example: ${file}`);
}
