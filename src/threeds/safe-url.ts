import { CheckoutError } from '../errors';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** Why a URL may not be loaded or called, or null when it may. */
export function unsafeUrlReason(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return 'is missing';
  let url: URL;
  try {
    url = new URL(raw); // no base: relative and protocol-relative URLs throw
  } catch {
    return 'is not an absolute URL';
  }
  if (url.username || url.password) return 'carries credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return null;
  return `uses ${url.protocol} (only https:, or http: on localhost, is allowed)`;
}

/** A service URL, checked before anything is rendered or called; `insecure_url` otherwise. */
export function checkServiceUrl(raw: unknown, what: string): URL {
  const reason = unsafeUrlReason(raw);
  if (reason !== null) throw new CheckoutError('insecure_url', `The ${what} ${reason}`);
  return new URL(raw as string);
}
