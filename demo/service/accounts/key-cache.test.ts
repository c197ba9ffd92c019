// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FoundKey } from './key-cache';
import { KeyCache } from './key-cache';

const found = (id: string): FoundKey => ({
  kind: 'secret',
  merchant: {
    id,
    kind: 'master',
    parentId: null,
    status: 'active',
    capabilities: [],
    legalName: id,
    tradeName: id,
    companyTaxId: '',
    contactEmail: '',
  },
});

/** A cache on a clock the test moves. */
function cacheAt(ttlMs: number, maxEntries: number) {
  const clock = { now: 1_000 };
  return { cache: new KeyCache(ttlMs, maxEntries, () => clock.now), clock };
}

describe('KeyCache', () => {
  it('answers a key found until its TTL ends, then forgets it', () => {
    const { cache, clock } = cacheAt(5_000, 10);
    cache.set('h1', found('m1'));
    clock.now += 4_999;
    expect(cache.get('h1')?.merchant.id).toBe('m1');
    clock.now += 1;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('forget() drops every key at once', () => {
    const { cache } = cacheAt(5_000, 10);
    cache.set('h1', found('m1'));
    cache.set('h2', found('m2'));
    cache.forget();
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest first', () => {
    const { cache } = cacheAt(5_000, 2);
    cache.set('h1', found('m1'));
    cache.set('h2', found('m2'));
    cache.set('h3', found('m3'));
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')?.merchant.id).toBe('m2');
    expect(cache.get('h3')?.merchant.id).toBe('m3');
  });

  it('an unknown key is not there', () => {
    expect(cacheAt(5_000, 2).cache.get('nope')).toBeUndefined();
  });
});
