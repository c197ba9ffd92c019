import { BlockList, isIP } from 'node:net';

/**
 * Where the sandbox may send webhooks. By default only this machine (loopback); a hosted sandbox
 * lists more hosts in `SANDBOX_WEBHOOK_HOSTS`. Even a listed host name is refused when it
 * resolves to a private, link-local or otherwise non-public address, unless that address is
 * listed too: a merchant's DNS must not point the sandbox at its own network.
 */
export interface AllowedHosts {
  /** Listed entries: a host name or address, with a port when only that port is allowed. */
  readonly entries: ReadonlyArray<{ host: string; port?: number }>;
}

export const LOOPBACK_ONLY: AllowedHosts = { entries: [] };

/** "This machine": all of 127.0.0.0/8 and ::1 (IPv4-mapped forms included, as BlockList does). */
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Not on the public internet: private, shared, link-local (169.254.169.254, the cloud metadata
 * address, among them), multicast, reserved, unspecified (0.0.0.0, ::). fc00::/7 holds the
 * IPv6 metadata address fd00:ec2::254, 100.64.0.0/10 another cloud's 100.100.100.200.
 */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** `[::1]` → `::1`, `::ffff:10.0.0.1` → `10.0.0.1`, lower case. */
function normalHost(host: string): string {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  return mapped?.[1] ?? bare;
}

/**
 * `SANDBOX_WEBHOOK_HOSTS`: comma-separated `host` or `host:port` (IPv6 in brackets). Throws on
 * an entry that is not one.
 */
export function parseAllowedHosts(raw: string | undefined): AllowedHosts {
  const entries: Array<{ host: string; port?: number }> = [];
  for (const item of (raw ?? '').split(',')) {
    const text = item.trim();
    if (text === '') continue;
    let url: URL | undefined;
    try {
      url = new URL(`http://${text}/`);
    } catch {
      url = undefined;
    }
    const plain = url !== undefined && url.host.toLowerCase() === text.toLowerCase();
    const withDefaultPort = url !== undefined && /:80$/.test(text) && url.port === '';
    if (url === undefined || !(plain || withDefaultPort)) {
      throw new Error(`SANDBOX_WEBHOOK_HOSTS: "${text}" is not a host or host:port`);
    }
    const port = url.port === '' ? (withDefaultPort ? 80 : undefined) : Number(url.port);
    entries.push({ host: normalHost(url.hostname), ...(port === undefined ? {} : { port }) });
  }
  return { entries };
}

const isListed = (allowed: AllowedHosts, host: string, port?: number): boolean =>
  allowed.entries.some(
    (entry) => entry.host === host && (entry.port === undefined || entry.port === port),
  );

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

const isLoopback = (host: string): boolean =>
  host === 'localhost' || (isIP(host) !== 0 && loopback.check(host, familyOf(host)));

const isNonPublic = (address: string): boolean =>
  isIP(address) !== 0 && nonPublic.check(address, familyOf(address));

/** Why the sandbox will not connect to this resolved address, or undefined when it may. */
export function refuseAddress(allowed: AllowedHosts, rawAddress: string): string | undefined {
  const address = normalHost(rawAddress);
  if (isIP(address) === 0) return `${rawAddress} is not an IP address`;
  if (isLoopback(address)) return undefined;
  if (isNonPublic(address) && !isListed(allowed, address)) {
    return `${address} is a private or link-local address (list it in SANDBOX_WEBHOOK_HOSTS to allow it)`;
  }
  return undefined;
}

/** Whitespace anywhere (a leading space, CRLF, NBSP, U+2028…) and control characters. */
const UNSAFE_CHARACTER = /[\s\p{Cc}]/u;

/** The port written in an authority, for one the URL parser refuses (above 65535). */
const WRITTEN_PORT = /^[a-z][a-z\d+.-]*:\/*(?:[^/?#@]*@)?(?:\[[^\]]*\]|[^/?#:]*):(\d+)(?:[/?#]|$)/i;

/**
 * The part of `refuseUrl` that needs no configuration (characters, scheme, credentials, port),
 * which a request schema can apply with the request's other checks (`deliveryUrl`).
 */
export function refuseUrlShape(raw: string): string | undefined {
  if (UNSAFE_CHARACTER.test(raw)) return 'must not contain whitespace or control characters';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    const port = WRITTEN_PORT.exec(raw)?.[1];
    if (port !== undefined && Number(port) > 65535) return 'must have a port from 1 to 65535';
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (url.username !== '' || url.password !== '') {
    return 'must not carry credentials (user:password@)';
  }
  if (url.port === '0') return 'must have a port from 1 to 65535';
  return undefined;
}

/**
 * The one rule for a URL the sandbox delivers webhooks to, applied when a merchant gives it (a
 * dashboard endpoint's `url`, a charge's `postbackUrl`: 400 `<field> <reason>`) and again before
 * each attempt. The reason reads after the field's name ("must …"); undefined when it may.
 */
export function refuseUrl(allowed: AllowedHosts, raw: string): string | undefined {
  const shape = refuseUrlShape(raw);
  if (shape !== undefined) return shape;
  const url = new URL(raw);
  const host = normalHost(url.hostname);
  if (isLoopback(host)) return undefined;
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (isListed(allowed, host, port)) return undefined;
  if (isNonPublic(host)) {
    return `must not name a private, link-local, unspecified or metadata address (${url.hostname}) unless SANDBOX_WEBHOOK_HOSTS lists it`;
  }
  return `must name a host the sandbox delivers to: loopback (127.0.0.0/8, [::1], localhost) or one SANDBOX_WEBHOOK_HOSTS lists, not ${url.host}`;
}
