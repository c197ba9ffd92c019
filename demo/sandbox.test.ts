// @vitest-environment node
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSandbox } from './sandbox';
import { openTestDatabase } from './testing/database';
import { SANDBOX_START_TIMEOUT_MS } from './testing/sandbox';

const ipv6Available = (): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(0, '::1', () => probe.close(() => resolve(true)));
  });

const reachable = async (url: string) => {
  try {
    return (await fetch(url)).status;
  } catch {
    return 'unreachable';
  }
};

describe('startSandbox', () => {
  it(
    'port 0: the URLs carry the real ports on the documented hosts; close() frees them',
    async () => {
      const database = await openTestDatabase();
      const sandbox = await startSandbox({ apiPort: 0, threeDsPort: 0, demoPort: 0, database });
      const api = new URL(sandbox.apiUrl);
      const threeDs = new URL(sandbox.threeDsUrl);
      const demo = new URL(sandbox.demoUrl);
      expect(api.hostname).toBe('127.0.0.1');
      expect(threeDs.hostname).toBe('localhost');
      expect(demo.hostname).toBe('127.0.0.1');
      for (const url of [api, threeDs, demo]) expect(Number(url.port)).toBeGreaterThan(0);
      expect(new Set([api.port, threeDs.port, demo.port]).size).toBe(3);

      const look = `/3ds/look-alike?kind=fingerprint`;
      expect(await reachable(`http://127.0.0.1:${threeDs.port}${look}`)).toBe(200);
      if (await ipv6Available())
        expect(await reachable(`http://[::1]:${threeDs.port}${look}`)).toBe(200);
      expect(await reachable(`${sandbox.apiUrl}/sandbox/scenarios`)).toBe(200);

      await sandbox.close();
      expect(await reachable(`${sandbox.apiUrl}/sandbox/scenarios`)).toBe('unreachable');
      expect(await reachable(`http://127.0.0.1:${threeDs.port}${look}`)).toBe('unreachable');
      expect(await reachable(`${sandbox.demoUrl}/`)).toBe('unreachable');
      await database.close();
    },
    SANDBOX_START_TIMEOUT_MS,
  );

  it(
    'two sandboxes keep separate state',
    async () => {
      const [dbA, dbB] = await Promise.all([openTestDatabase(), openTestDatabase()]);
      const a = await startSandbox({ apiPort: 0, threeDsPort: 0, demoPort: 0, database: dbA });
      const b = await startSandbox({ apiPort: 0, threeDsPort: 0, demoPort: 0, database: dbB });
      try {
        const auth = {
          Authorization: `Basic ${Buffer.from('sk_test_sandbox:').toString('base64')}`,
        };
        const created = await fetch(`${a.apiUrl}/v1/cards`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            number: '4111111111111111',
            holderName: 'A',
            expirationMonth: '12',
            expirationYear: '2030',
          }),
        });
        const { id } = (await created.json()) as { id: string };
        const inB = await fetch(`${b.apiUrl}/v1/cards/${id}`, { method: 'DELETE', headers: auth });
        expect(inB.status).toBe(404);
        const inA = await fetch(`${a.apiUrl}/v1/cards/${id}`, { method: 'DELETE', headers: auth });
        expect(inA.status).toBe(200);
      } finally {
        await Promise.all([a.close(), b.close()]);
        await Promise.all([dbA.close(), dbB.close()]);
      }
    },
    SANDBOX_START_TIMEOUT_MS,
  );

  it(
    'a taken port: rejects with EADDRINUSE and leaves nothing listening',
    async () => {
      const listenOn = (port: number) =>
        new Promise<import('node:net').Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(port, '127.0.0.1', () => resolve(server));
        });
      const portOf = (server: import('node:net').Server) => {
        const address = server.address();
        return typeof address === 'object' && address !== null ? address.port : 0;
      };
      const closeIt = (server: import('node:net').Server) =>
        new Promise<void>((resolve) => server.close(() => resolve()));
      // Opened first, so the probed port is reused within milliseconds.
      const database = await openTestDatabase();
      const probe = await listenOn(0);
      const apiPort = portOf(probe);
      await closeIt(probe);
      const blocker = await listenOn(0);
      try {
        await expect(
          startSandbox({ apiPort, threeDsPort: 0, demoPort: portOf(blocker), database }),
        ).rejects.toMatchObject({ code: 'EADDRINUSE' });
        // The API server that did start was closed again: its port is free.
        await closeIt(await listenOn(apiPort));
      } finally {
        await closeIt(blocker);
        await database.close();
      }
    },
    SANDBOX_START_TIMEOUT_MS,
  );
});
