// @vitest-environment node
/** `createServerClient`'s options, the ids it puts in paths, and the entry's runtime promise. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerClient, ServerClientError, type ServerClientOptions } from './index';

/** The error `createServerClient(options)` throws (fails when it does not). */
function refusal(options: unknown): ServerClientError {
  try {
    createServerClient(options as ServerClientOptions);
  } catch (error) {
    if (error instanceof ServerClientError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(options)}`);
}

const OK = { secretKey: 'sk_test_x', baseUrl: 'https://api.example.test' };

describe('createServerClient options', () => {
  it.each([
    [undefined, 'options must be an object'],
    [{ ...OK, baseUrl: undefined }, 'baseUrl must be a string'],
    [{ ...OK, baseUrl: '/v1' }, 'baseUrl is not an absolute URL'],
    [{ ...OK, baseUrl: 'ftp://api.example.test' }, 'baseUrl must use https:'],
    [{ ...OK, baseUrl: 'http://api.example.test' }, 'baseUrl must use https:'],
    [{ ...OK, baseUrl: 'https://user:pw@api.example.test' }, 'must not carry credentials'],
    [{ ...OK, baseUrl: 'https://api.example.test/?key=1' }, 'must not carry credentials'],
    [{ ...OK, secretKey: '' }, 'secretKey must be a non-empty string'],
    [{ ...OK, secretKey: 'sk:1' }, 'secretKey must be a non-empty string'],
    [{ ...OK, secretKey: 'sk 1' }, 'secretKey must be a non-empty string'],
    [{ ...OK, secretKey: 'sk\u00001' }, 'secretKey must be a non-empty string'],
    [{ ...OK, secretKey: 42 }, 'secretKey must be a non-empty string'],
    [{ ...OK, timeoutMs: 0 }, 'timeoutMs must be a number'],
    [{ ...OK, timeoutMs: Number.NaN }, 'timeoutMs must be a number'],
    [{ ...OK, timeoutMs: 600_001 }, 'timeoutMs must be a number'],
    [{ ...OK, timeoutMs: '100' }, 'timeoutMs must be a number'],
    [{ ...OK, fetch: 'fetch' }, 'fetch must be a function'],
    [{ ...OK, now: 5 }, 'now must be a function'],
  ])('%o → invalid_options "%s…"', (options, message) => {
    const error = refusal(options);
    expect(error.code).toBe('invalid_options');
    expect(error.message).toContain(message);
  });

  it('accepts https anywhere, http on loopback, no key (Bearer only); a path prefix is kept', async () => {
    for (const baseUrl of ['http://127.0.0.1:4010', 'http://localhost', 'http://[::1]:1']) {
      expect(() => createServerClient({ ...OK, baseUrl })).not.toThrow();
    }
    expect(() => createServerClient({ baseUrl: OK.baseUrl })).not.toThrow();
    const urls: string[] = [];
    const client = createServerClient({
      ...OK,
      baseUrl: 'https://api.example.test/payments//',
      fetch: async (input) => {
        urls.push(String(input));
        return Response.json({ id: 'cus_1' });
      },
    });
    await client.customers.get('cus_1');
    expect(urls).toEqual(['https://api.example.test/payments/v1/customers/cus_1']);
  });
});

describe('ids in paths', () => {
  it.each(['', '.', '..'])('%o is refused before anything is sent', async (id) => {
    let sent = 0;
    const client = createServerClient({
      ...OK,
      fetch: async () => {
        sent++;
        return Response.json({});
      },
    });
    await expect(client.charges.get(id)).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(client.customers.list().page(0)).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(sent).toBe(0);
  });
});

describe('runtimes', () => {
  it('the client modules import no Node built-in (edge runtimes have fetch only)', () => {
    const dir = import.meta.dirname;
    const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(modules).toContain('http.ts');
    for (const file of modules) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/from ['"](node:|fs|path|http|https|crypto|buffer)['"/]/);
      expect(source, file).not.toMatch(/\brequire\(|\bprocess\.|\bBuffer\./);
    }
  });
});
