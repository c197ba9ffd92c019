// @vitest-environment node
import { parsePix } from 'pix-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../sandbox';
import { pixCharge } from '../../testing/charges';
import { createScratchDatabase, type ScratchDatabase, testEngine } from '../../testing/database';
import { call, SANDBOX_START_TIMEOUT_MS } from '../../testing/sandbox';
import type { ChargeWire } from '../charges/wire';

const scratch: ScratchDatabase[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((db) => db.drop()));
});

/** Sub Ativa: its clock moves here, and nothing else of the seed depends on it. */
const KEY = 'sk_test_sub';

const start = (database: ScratchDatabase, reset = false) =>
  startSandbox({
    apiPort: 0,
    threeDsPort: 0,
    demoPort: 0,
    database: database.config,
    reset,
    pixSweepMs: 0,
  });

const api = (sandbox: Sandbox, path: string, body?: unknown) =>
  call<ChargeWire>(`${sandbox.apiUrl}${path}`, {
    key: KEY,
    ...(body === undefined ? {} : { body }),
  });

describe(`pix charges survive a restart; a reset removes them (${testEngine()})`, () => {
  it(
    'pending, paid and expired, with their codes and expiries; a code made before is paid after',
    async () => {
      const database = await createScratchDatabase();
      scratch.push(database);

      const first = await start(database);
      const before: ChargeWire[] = [];
      try {
        const create = async (expiresInSeconds: number) => {
          const reply = await api(first, '/v1/charges', pixCharge({ expiresInSeconds }));
          expect(reply.status, reply.text).toBe(201);
          return reply.body.id;
        };
        const expired = await create(60);
        expect((await api(first, '/sandbox/clock/advance', { days: 1 })).status).toBe(200);
        const paid = await create(3600);
        expect((await api(first, `/sandbox/charges/${paid}/pix/pay`, {})).status).toBe(200);
        const pending = await create(3600);
        for (const id of [pending, paid, expired]) {
          before.push((await api(first, `/v1/charges/${id}`)).body);
        }
      } finally {
        await first.close();
      }
      expect(before.map((charge) => charge.status)).toEqual(['pending', 'paid', 'expired']);

      const second = await start(database);
      try {
        for (const charge of before) {
          const reply = await api(second, `/v1/charges/${charge.id}`);
          expect(reply.body).toEqual(charge);
          expect(parsePix(charge.pix?.qrCode ?? '')).not.toHaveProperty('error');
        }
        const [pending] = before;
        const paid = await api(second, `/sandbox/charges/${pending?.id}/pix/pay`, {});
        expect(paid.status, paid.text).toBe(200);
        expect(paid.body).toMatchObject({ status: 'paid', pix: pending?.pix });
      } finally {
        await second.close();
      }

      const third = await start(database, true);
      try {
        for (const charge of before) {
          const reply = await api(third, `/v1/charges/${charge.id}`);
          expect(reply.status).toBe(404);
        }
      } finally {
        await third.close();
      }
    },
    SANDBOX_START_TIMEOUT_MS * 3,
  );
});
