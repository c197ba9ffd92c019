// @vitest-environment node
/**
 * `secure-checkout/testing` as built (`npm run build`; run by vitest.dist.config.ts): the files
 * package.json names, an ES module that imports nothing at runtime (it runs inside the merchant's
 * Playwright: Playwright's types only), declarations that name Playwright's Page, in none of the
 * browser files, and in the packed tarball. e2e/testing-package.spec.ts installs that tarball and
 * drives the sandbox with it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
/** What `secure-checkout/testing` exports (docs/testing.md). */
const HELPERS = ['fillCard', 'pay', 'completeChallenge', 'choosePix', 'payPix', 'paymentOutcome'];

describe('dist/testing.mjs', () => {
  it('is where package.json exports secure-checkout/testing, with its declarations', async () => {
    const { exports, peerDependenciesMeta } = JSON.parse(
      await readFile(join(ROOT, 'package.json'), 'utf8'),
    );
    const testing = exports['./testing'];
    expect(testing).toEqual({
      types: './dist/types/testing/index.d.ts',
      import: './dist/testing.mjs',
      default: './dist/testing.mjs',
    });
    for (const file of [testing.types, testing.import]) {
      expect(existsSync(join(ROOT, file))).toBe(true);
    }
    expect(peerDependenciesMeta['@playwright/test']).toEqual({ optional: true });
  });

  it('imports nothing at runtime, and exports the helpers', async () => {
    const source = await readFile(join(DIST, 'testing.mjs'), 'utf8');
    expect(source.match(/^\s*import\b.*$/gm) ?? []).toEqual([]);
    expect(source).not.toMatch(/\bimport\(|\brequire\(/);
    const entry = await import(join(DIST, 'testing.mjs'));
    for (const name of HELPERS) {
      expect(typeof entry[name], name).toBe('function');
    }
  });

  it("declares the helpers on Playwright's Page, from @playwright/test", async () => {
    const types = join(DIST, 'types/testing');
    const index = await readFile(join(types, 'index.d.ts'), 'utf8');
    for (const name of HELPERS) {
      expect(index).toContain(name);
    }
    const challenge = await readFile(join(types, 'complete-challenge.d.ts'), 'utf8');
    expect(challenge).toContain("import type { Page } from '@playwright/test';");
    expect(challenge).toMatch(
      /completeChallenge\(page: Page, answer\?: ChallengeAnswer\): Promise<void>/,
    );
  });

  it('is in none of the browser files', async () => {
    const browserFiles = (await readdir(DIST)).filter(
      (file) => /\.m?js$/.test(file) && !/^(server|react|vue|testing)\.mjs$/.test(file),
    );
    expect(browserFiles).toContain('secure-checkout.js');
    expect(browserFiles).toContain('secure-checkout.mjs');
    for (const file of browserFiles) {
      const source = await readFile(join(DIST, file), 'utf8');
      expect(source.includes('secure-checkout/testing:'), file).toBe(false);
    }
  });

  it('is in the tarball npm pack makes', async () => {
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    const [pack] = JSON.parse(stdout) as [{ files: { path: string }[] }];
    const files = pack.files.map((f) => f.path);
    expect(files).toContain('dist/testing.mjs');
    expect(files).toContain('dist/types/testing/index.d.ts');
  });
});
