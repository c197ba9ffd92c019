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

/** The hosts of "this machine" that every sandbox delivers to. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

export const LOOPBACK_ONLY: AllowedHosts = { entries: [] };

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Not on the public internet: private, shared, link-local, multicast, reserved, unspecified. */
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

/** Why the sandbox will not connect to this resolved address, or undefined when it may. */
export function refuseAddress(allowed: AllowedHosts, rawAddress: string): string | undefined {
  const address = normalHost(rawAddress);
  if (isIP(address) === 0) return `${rawAddress} is not an IP address`;
  const family = familyOf(address);
  if (loopback.check(address, family)) return undefined;
  if (nonPublic.check(address, family) && !isListed(allowed, address)) {
    return `${address} is a private or link-local address (list it in SANDBOX_WEBHOOK_HOSTS to allow it)`;
  }
  return undefined;
}

/** Why the sandbox will not deliver to this URL, or undefined when it may (addresses aside). */
export function refuseUrl(allowed: AllowedHosts, raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http(s) URLs';
  if (url.username !== '' || url.password !== '') return 'URLs with credentials are not allowed';
  const host = normalHost(url.hostname);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (!LOOPBACK_HOSTS.has(host) && !isListed(allowed, host, port)) {
    return `${url.host} is not an allowed host: the sandbox delivers to 127.0.0.1, localhost and [::1], and to the hosts SANDBOX_WEBHOOK_HOSTS lists`;
  }
  return isIP(host) === 0 ? undefined : refuseAddress(allowed, host);
}
