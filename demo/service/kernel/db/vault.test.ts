// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Vault } from './vault';

const key = () => randomBytes(32).toString('base64url');

describe('Vault', () => {
  const vault = new Vault(key());

  it('seals a number without showing it and opens it again', () => {
    const sealed = vault.seal('4111111111111111');
    expect(sealed).not.toContain('4111');
    expect(vault.seal('4111111111111111')).not.toBe(sealed);
    expect(vault.open(sealed)).toBe('4111111111111111');
  });

  it('refuses an altered value and another key', () => {
    const sealed = vault.seal('5555555555554444');
    const [iv, tag, data] = sealed.split('.') as [string, string, string];
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    expect(() => vault.open(`${iv}.${tag}.${flipped}`)).toThrow();
    expect(() => new Vault(key()).open(sealed)).toThrow();
  });

  it('fingerprints are stable per number and key', () => {
    expect(vault.fingerprint('4111111111111111')).toBe(vault.fingerprint('4111111111111111'));
    expect(vault.fingerprint('4111111111111111')).not.toBe(vault.fingerprint('4000000000000002'));
    expect(new Vault(key()).fingerprint('4111111111111111')).not.toBe(
      vault.fingerprint('4111111111111111'),
    );
  });

  it('a key of the wrong size is refused', () => {
    expect(() => new Vault('c2hvcnQ')).toThrow('32 bytes');
  });
});
