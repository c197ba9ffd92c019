// @vitest-environment node
import { connect, type Socket } from 'node:net';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  closeServer,
  LONGEST_REQUEST_DELAY_MS,
  listen,
  SERVER_LIMITS,
} from './service/kernel/http/listen';
import { MAX_LATENCY_MS } from './service/kernel/http/middleware';
import { useSandbox } from './testing/sandbox';

describe('SERVER_LIMITS', () => {
  it('are the documented values, and a request may outlast any delay the sandbox can be asked for', async () => {
    expect(SERVER_LIMITS).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 90_000,
      keepAliveTimeoutMs: 5_000,
      checkEveryMs: 1_000,
      maxConnections: 1_000,
    });
    expect(LONGEST_REQUEST_DELAY_MS).toBeGreaterThanOrEqual(MAX_LATENCY_MS);
    expect(SERVER_LIMITS.requestTimeoutMs).toBeGreaterThan(LONGEST_REQUEST_DELAY_MS);
    const server = await listen(new Hono(), 0, '127.0.0.1', SERVER_LIMITS);
    expect([
      server.headersTimeout,
      server.requestTimeout,
      server.keepAliveTimeout,
      server.maxConnections,
    ]).toEqual([10_000, 90_000, 5_000, 1_000]);
    await closeServer(server);
  });
});

// Short limits, so every wait below is a fraction of a second.
const LIMITS = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 300,
  checkEveryMs: 50,
  maxConnections: 4,
};
/** Time a slow machine may add to a bound (timers, the event loop). */
const SLACK_MS = 1_000;
/**
 * Node 20 closes an idle keep-alive socket this long after `keepAliveTimeout` (its
 * `HTTP_SERVER_KEEP_ALIVE_TIMEOUT_BUFFER`): the `Keep-Alive: timeout=` it sends tells clients to
 * stop reusing the socket first.
 */
const NODE_KEEP_ALIVE_BUFFER_MS = 1_000;
/** A socket still open this long was never going to be closed: the test fails here, not later. */
const GIVE_UP_MS = 8_000;

interface Closed {
  /** From `since` (default: the connection) to the server closing it; undefined if it never did. */
  afterMs: number | undefined;
  /** What the server wrote before closing. */
  data: string;
}

/** A raw TCP socket to `origin`, read until the server closes it (or `GIVE_UP_MS`). */
function open(origin: string) {
  const { hostname, port } = new URL(origin);
  const socket: Socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
  let data = '';
  let since = Date.now();
  socket.on('data', (chunk) => {
    data += String(chunk);
  });
  socket.on('error', () => {});
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const closed = new Promise<Closed>((resolve) => {
    const giveUp = setTimeout(() => {
      resolve({ afterMs: undefined, data });
      socket.destroy();
    }, GIVE_UP_MS);
    // The server's FIN ('end', once read) or a reset ('close'): either way it let go.
    const done = () => {
      clearTimeout(giveUp);
      resolve({ afterMs: Date.now() - since, data });
    };
    socket.once('end', done);
    socket.once('close', done);
  });
  const restart = () => {
    since = Date.now();
  };
  return { socket, connected, closed, restart, received: () => data };
}

describe('connections of every origin (short limits)', () => {
  const t = useSandbox({ serverLimits: LIMITS });
  const origins = () =>
    [
      ['api', t.sandbox.apiUrl],
      ['3ds', t.sandbox.threeDsUrl],
      ['demo', t.sandbox.demoUrl],
    ] as const;

  it('a socket that sends nothing is closed within headersTimeout', async () => {
    for (const [name, origin] of origins()) {
      const { closed } = open(origin);
      const { afterMs } = await closed;
      expect(afterMs, name).toBeDefined();
      expect(afterMs, name).toBeLessThanOrEqual(LIMITS.headersTimeoutMs + SLACK_MS);
    }
  });

  it('a partial header is answered 408 and closed within headersTimeout', async () => {
    for (const [name, origin] of origins()) {
      const { socket, connected, closed } = open(origin);
      await connected;
      socket.write('GET /sandbox/scenarios HTTP/1.1\r\nHost: x\r\n');
      const { afterMs, data } = await closed;
      expect(afterMs, name).toBeLessThanOrEqual(LIMITS.headersTimeoutMs + SLACK_MS);
      expect(data, name).toMatch(/^HTTP\/1\.1 408 /);
    }
  });

  it('a body that stops half-way is answered 408 and closed within requestTimeout', async () => {
    const { socket, connected, closed } = open(t.sandbox.apiUrl);
    await connected;
    // Login reads its body before anything else can answer.
    socket.write(
      'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ema',
    );
    const { afterMs, data } = await closed;
    expect(afterMs).toBeLessThanOrEqual(LIMITS.requestTimeoutMs + SLACK_MS);
    expect(data).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a keep-alive socket idle after its response is closed after keepAliveTimeout', async () => {
    for (const [name, origin] of origins()) {
      const { socket, connected, closed, restart, received } = open(origin);
      await connected;
      const answered = new Promise<void>((resolve) =>
        socket.on('data', () => {
          // Headers and a short body come in one piece or a few; the end is the blank line's body.
          if (/\r\n\r\n/.test(received())) resolve();
        }),
      );
      socket.write('GET /nothing-here HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
      await answered;
      restart();
      const { afterMs, data } = await closed;
      expect(data, name).toMatch(/^HTTP\/1\.1 404 /);
      expect(afterMs, name).toBeDefined();
      expect(afterMs, name).toBeLessThanOrEqual(
        LIMITS.keepAliveTimeoutMs + NODE_KEEP_ALIVE_BUFFER_MS + SLACK_MS,
      );
    }
  });

  it('past maxConnections a new socket is closed at once; the held ones still time out', async () => {
    // The demo origin: no other test of this file calls it, so these are its only sockets.
    const held = Array.from({ length: LIMITS.maxConnections }, () => open(t.sandbox.demoUrl));
    await Promise.all(held.map((socket) => socket.connected));
    const extra = open(t.sandbox.demoUrl);
    const { afterMs, data } = await extra.closed;
    expect(afterMs).toBeLessThan(LIMITS.headersTimeoutMs / 2);
    expect(data).toBe('');
    const times = await Promise.all(held.map((socket) => socket.closed));
    for (const { afterMs: heldMs } of times) {
      expect(heldMs).toBeLessThanOrEqual(LIMITS.headersTimeoutMs + SLACK_MS);
    }
  });
});
