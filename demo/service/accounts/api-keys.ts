import { createHash } from 'node:crypto';
import type { KeyKind } from '../kernel/db/schema';

/** Keys are stored as SHA-256: the service shows a key once; a database leak shows no key. */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** What a dashboard may show of a key: its prefix and last four characters. */
export const keyHint = (key: string): string => `${key.slice(0, 8)}…${key.slice(-4)}`;

/** `pk_…` publishable, `sk_…` secret; anything else is no key of ours. */
export function kindOfKey(key: string): KeyKind | undefined {
  if (key.startsWith('pk_')) return 'publishable';
  if (key.startsWith('sk_')) return 'secret';
  return undefined;
}
