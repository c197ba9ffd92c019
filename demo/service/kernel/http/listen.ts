import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { MAX_LATENCY_MS } from './middleware';

/** How long a client may hold a socket of the sandbox, and how many it may hold. */
export interface ServerLimits {
  /**
   * The headers of a request must arrive within this, counted from its first byte, or from the
   * connection for a socket's first request: a socket that sends nothing is closed by this.
   */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (408 and closed otherwise). */
  requestTimeoutMs: number;
  /** A keep-alive socket idle after its last response is closed after this. */
  keepAliveTimeoutMs: number;
  /**
   * How often Node looks for requests past the two timeouts above: a silent socket lives up to
   * `headersTimeoutMs` plus this (Node's default, 30 s, would triple the 10 s).
   */
  checkEveryMs: number;
  /** Open sockets per listening server; a connection past it is closed at once. */
  maxConnections: number;
}

/**
 * A delay the sandbox is asked for runs before the body is read, and a body left unread is not
 * "received": a large upload (a plan's 2 MB image) behind a 30 s `X-Sandbox-Latency-Ms` would be
 * cut by a shorter `requestTimeout` (408). Another delay (an injected fault's, up to 30 s) may add
 * to the latency: twice the largest, and `requestTimeoutMs` leaves room for the upload on top.
 */
export const LONGEST_REQUEST_DELAY_MS = 2 * MAX_LATENCY_MS;

/** The limits of every origin of `npm run demo` (docs/sandbox.md#connections). */
export const SERVER_LIMITS: Readonly<ServerLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: LONGEST_REQUEST_DELAY_MS + 30_000,
  keepAliveTimeoutMs: 5_000,
  checkEveryMs: 1_000,
  maxConnections: 1_000,
};

/** Anything with Hono's `fetch`. */
export type App = { fetch: Parameters<typeof getRequestListener>[0] };

export function listen(
  app: App,
  port: number,
  host: string,
  limits: ServerLimits,
): Promise<Server> {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkEveryMs,
    },
    getRequestListener(app.fetch),
  );
  server.maxConnections = limits.maxConnections;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

export function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP port');
  return address.port;
}

export async function closeServer(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Errors that mean "this machine has no usable ::1", as opposed to a port conflict. */
const NO_IPV6 = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT', 'EINVAL', 'ENOTSUP', 'EPROTONOSUPPORT']);

const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/**
 * "localhost" may resolve to ::1 (Chromium) or 127.0.0.1: the 3DS pages listen on both, on one
 * port. With port 0 the IPv4 port is picked first and reused for ::1 (retried on a clash).
 */
export async function listenLoopbackBoth(
  app: App,
  port: number,
  limits: ServerLimits,
  log: (line: string) => void,
): Promise<Server[]> {
  for (let attempt = 1; ; attempt++) {
    const v4 = await listen(app, port, '127.0.0.1', limits);
    try {
      return [v4, await listen(app, portOf(v4), '::1', limits)];
    } catch (error) {
      const code = errorCode(error);
      if (code !== undefined && NO_IPV6.has(code)) return [v4];
      if (code === 'EADDRINUSE' && port === 0 && attempt < 5) {
        await closeServer(v4);
        continue;
      }
      if (code === 'EADDRINUSE') {
        log(`3ds: [::1]:${portOf(v4)} is taken by another program; listening on 127.0.0.1 only`);
        return [v4];
      }
      await closeServer(v4);
      throw error;
    }
  }
}
