// @vitest-environment node
/**
 * `secure-checkout/server` as built (`npm run build`; run by vitest.dist.config.ts): the files the
 * package.json names, one self-contained ES module that imports nothing (`fetch` only: Node ≥ 20
 * and edge runtimes), in none of the browser files, and working against a sandbox.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rawCard } from '../demo/testing/charges';
import { KEYS, useSandbox } from '../demo/testing/sandbox';
import type { PaymentMethodInput } from '../src/server/api-types';

const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
type ServerEntry = typeof import('../src/server/index');

const t = useSandbox();

describe('dist/server.mjs', () => {
  it('is where package.json exports secure-checkout/server, with its declarations', async () => {
    const { exports } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    const server = exports['./server'];
    expect(server).toEqual({
      types: './dist/types/server/index.d.ts',
      import: './dist/server.mjs',
      default: './dist/server.mjs',
    });
    for (const file of [server.types, server.import])
      expect(existsSync(join(ROOT, file))).toBe(true);
  });

  it('imports nothing: no Node built-in, no package', async () => {
    const source = await readFile(join(DIST, 'server.mjs'), 'utf8');
    expect(source.match(/^\s*import\b.*$/gm) ?? []).toEqual([]);
    expect(source).not.toMatch(/\bimport\(|\brequire\(/);
  });

  it('is in none of the browser files', async () => {
    const browserFiles = (await readdir(DIST)).filter(
      (file) => /\.m?js$/.test(file) && file !== 'server.mjs',
    );
    expect(browserFiles).toContain('secure-checkout.js');
    for (const file of browserFiles) {
      const source = await readFile(join(DIST, file), 'utf8');
      expect(source.includes('ServerApiError'), file).toBe(false);
    }
  });

  it('creates and reads a charge on the sandbox, and throws ServerApiError as the spec says', async () => {
    const server: ServerEntry = await import(join(DIST, 'server.mjs'));
    const client = server.createServerClient({ secretKey: KEYS.secret, baseUrl: t.sandbox.apiUrl });
    const charge = await client.charges.create({
      amount: 10,
      currency: 'BRL',
      customer: { name: 'Ana Souza', email: 'ana@example.com' },
      // The sandbox's test card, typed as the client's card variant.
      paymentMethod: rawCard() as PaymentMethodInput,
      items: [{ type: 'physical', name: 'Mug', quantity: 1, amount: 10 }],
    });
    expect(charge.status).toBe('paid');
    expect((await client.charges.get(charge.id)).id).toBe(charge.id);
    const missing = await client.customers.get('cus_missing').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(server.ServerApiError);
    expect(missing).toMatchObject({ statusCode: 404, message: 'customer not found' });
  });
});
