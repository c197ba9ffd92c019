import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siblingLoader } from './sibling-loader';

const SRI = 'sha384-AAAA';
const BASE = 'https://cdn.example/v1/secure-checkout.js';
const FILE = 'secure-checkout-part.js';
const URL_OF_FILE = `https://cdn.example/v1/${FILE}`;
const MAIN = { src: BASE, nonce: '' };
/** A fresh loader each time: one load each. */
const load = (integrity = SRI, main: { src: string; nonce: string } = MAIN) =>
  siblingLoader<unknown>(FILE, '_part', integrity, main)();

/** Scripts the loader appended, kept out of the document so happy-dom fetches nothing. */
let appended: HTMLScriptElement[] = [];
beforeEach(() => {
  appended = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    appended.push(...(nodes as HTMLScriptElement[]));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (globalThis as { SecureCheckout?: unknown }).SecureCheckout;
});

const registers = (exports: unknown) => {
  (globalThis as { SecureCheckout?: unknown }).SecureCheckout = { _part: exports };
};

describe('siblingLoader', () => {
  it('appends a script beside the main file, with the pinned integrity, and resolves with what it registers', async () => {
    const loading = load();
    expect(appended).toHaveLength(1);
    const [script] = appended;
    expect(script?.src).toBe(URL_OF_FILE);
    expect(script?.integrity).toBe(SRI);
    expect(script?.crossOrigin).toBe('anonymous');
    const remove = vi.spyOn(script as HTMLScriptElement, 'remove');
    const exports = { showPixStep: () => {} };
    registers(exports);
    script?.onload?.(new Event('load'));
    await expect(loading).resolves.toBe(exports);
    expect(remove).toHaveBeenCalled();
  });

  it('refuses to run a file without a pinned hash, or from nowhere: nothing is appended', async () => {
    await expect(load('')).rejects.toThrow(/integrity/);
    await expect(load(SRI, { src: '', nonce: '' })).rejects.toThrow(/location/);
    expect(appended).toHaveLength(0);
  });

  it('a refused file (integrity mismatch, 404) rejects and leaves nothing in the DOM', async () => {
    const loading = load();
    const remove = vi.spyOn(appended[0] as HTMLScriptElement, 'remove');
    appended[0]?.onerror?.(new Event('error'));
    await expect(loading).rejects.toThrow(`${URL_OF_FILE} failed`);
    expect(remove).toHaveBeenCalled();
  });

  it('carries the nonce of the main file, for a CSP of nonces', () => {
    void load(SRI, { src: BASE, nonce: 'n0nce' }).catch(() => {});
    expect(appended[0]?.nonce).toBe('n0nce');
    appended[0]?.onerror?.(new Event('error'));
  });

  it('loads once and keeps the exports; after a failure the next ask tries again', async () => {
    const ask = siblingLoader<unknown>(FILE, '_part', SRI, MAIN);
    const failed = ask();
    expect(ask()).toBe(failed);
    appended[0]?.onerror?.(new Event('error'));
    await expect(failed).rejects.toThrow(/failed/);
    const retried = ask();
    expect(appended).toHaveLength(2);
    const exports = { showChallenge: () => {} };
    registers(exports);
    appended[1]?.onload?.(new Event('load'));
    await expect(retried).resolves.toBe(exports);
    await expect(ask()).resolves.toBe(exports);
    expect(appended).toHaveLength(2);
  });

  it('a file that runs without registering rejects instead of hanging', async () => {
    const loading = load();
    appended[0]?.onload?.(new Event('load'));
    await expect(loading).rejects.toThrow(/failed/);
  });
});

describe('siblingLoader under Trusted Types', () => {
  it('makes its URL through one secure-checkout policy, which passes only that URL', async () => {
    vi.resetModules();
    const { siblingLoader: fresh } = await import('./sibling-loader');
    const created: string[] = [];
    let rules: { createScriptURL(url: string): string } | undefined;
    vi.stubGlobal('trustedTypes', {
      createPolicy(name: string, given: { createScriptURL(url: string): string }) {
        created.push(name);
        rules = given;
        return { createScriptURL: (url: string) => `trusted:${given.createScriptURL(url)}` };
      },
    });
    // happy-dom keeps any string as src: the policy's output is what was assigned.
    void fresh(FILE, '_part', SRI, MAIN)().catch(() => {});
    void fresh('secure-checkout-other.js', '_other', SRI, MAIN)().catch(() => {});
    expect(created).toEqual(['secure-checkout']);
    expect(appended.map((script) => script.getAttribute('src'))).toEqual([
      `trusted:${URL_OF_FILE}`,
      'trusted:https://cdn.example/v1/secure-checkout-other.js',
    ]);
    expect(rules?.createScriptURL('https://evil.example/x.js')).toBe('');
    expect(rules?.createScriptURL('https://cdn.example/v1/secure-checkout.js')).toBe('');
    for (const script of appended) script.onerror?.(new Event('error'));
  });

  it('a page whose CSP forbids the policy: a rejection, nothing appended', async () => {
    vi.resetModules();
    const { siblingLoader: fresh } = await import('./sibling-loader');
    vi.stubGlobal('trustedTypes', {
      createPolicy() {
        throw new TypeError('Policy "secure-checkout" disallowed.');
      },
    });
    await expect(fresh(FILE, '_part', SRI, MAIN)()).rejects.toThrow(/disallowed/);
    expect(appended).toHaveLength(0);
  });
});
