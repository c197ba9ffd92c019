// @vitest-environment node
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sriOf, writeSri } from './sri';

describe('sriOf', () => {
  it('is the base64 SHA-384 of the bytes, prefixed with its algorithm (FIPS 180-2 vector "abc")', () => {
    expect(sriOf('abc')).toBe(
      'sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn',
    );
  });
});

type WriteBundle = (options: { dir: string }, bundle: Record<string, object>) => Promise<void>;

describe('writeSri', () => {
  const run = async (names: readonly string[], files: Record<string, string>) => {
    const dir = await mkdtemp(join(tmpdir(), 'sri-'));
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const plugin = writeSri(names);
    // Only the output directory and the bundle's file names are read.
    const hook = plugin.writeBundle as unknown as WriteBundle;
    await hook({ dir }, Object.fromEntries(Object.keys(files).map((name) => [name, {}])));
    return dir;
  };

  it('writes <file>.sri with the hash of the bytes as written, the source map comment included', async () => {
    const script = 'var SecureCheckout=1;\n//# sourceMappingURL=secure-checkout.js.map\n';
    const dir = await run(['secure-checkout.js'], { 'secure-checkout.js': script });
    try {
      expect(await readFile(join(dir, 'secure-checkout.js.sri'), 'utf8')).toBe(
        `${sriOf(script)}\n`,
      );
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('skips a name the bundle does not hold (the ESM build shares the config)', async () => {
    const dir = await run(['secure-checkout.js'], { 'secure-checkout.mjs': 'export{}' });
    try {
      await expect(readFile(join(dir, 'secure-checkout.js.sri'))).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
