import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * The card vault: a saved card's number is stored only sealed (AES-256-GCM, a fresh IV per
 * number) and matched only by fingerprint (HMAC-SHA-256), both under the sandbox's vault key
 * (`storedSecret(db, 'vault_key')`, 32 bytes base64url).
 */
export class Vault {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(secret, 'base64url');
    if (this.key.length !== 32) throw new Error('the vault key must be 32 bytes');
  }

  /** `iv.tag.ciphertext`, base64url. */
  seal(number: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(number, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  /** The number; throws if the value was altered or sealed under another key. */
  open(sealed: string): string {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (iv === undefined || tag === undefined || data === undefined) {
      throw new Error('not a sealed value');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }

  /** The same number always gives the same fingerprint; it does not reveal the number. */
  fingerprint(number: string): string {
    return createHmac('sha256', this.key).update(number).digest('base64url');
  }
}
