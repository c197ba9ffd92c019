// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../sandbox';
import { BROWSER, charge, rawCard } from '../../testing/charges';
import { createScratchDatabase, type ScratchDatabase, testEngine } from '../../testing/database';
import { call, KEYS, SANDBOX_START_TIMEOUT_MS } from '../../testing/sandbox';

const scratch: ScratchDatabase[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((db) => db.drop()));
});

const start = (database: ScratchDatabase, reset = false) =>
  startSandbox({ apiPort: 0, threeDsPort: 0, demoPort: 0, database: database.config, reset });

const secret = (sandbox: Sandbox, path: string, method?: string) =>
  call(`${sandbox.apiUrl}${path}`, { key: KEYS.secret, ...(method ? { method } : {}) });

const eventNames = async (sandbox: Sandbox, chargeId: string) =>
  (
    await sandbox.database.db
      .selectFrom('events')
      .select('event')
      .where('resource_id', '=', chargeId)
      .orderBy('seq')
      .execute()
  ).map((row) => row.event);

describe(`charges survive a restart; a reset removes them (${testEngine()})`, () => {
  it(
    'paid, authentication_required and refunded charges, with their events',
    async () => {
      const database = await createScratchDatabase();
      scratch.push(database);

      const first = await start(database);
      const replies: Array<Record<string, unknown>> = [];
      let ids: string[];
      try {
        const create = async (body: unknown) => {
          const reply = await call(`${first.apiUrl}/v1/charges`, { key: KEYS.secret, body });
          expect(reply.status).toBe(201);
          return reply.body.id as string;
        };
        const paid = await create(charge());
        const managed = await create(
          charge({ paymentMethod: rawCard({ threeDSMode: 'managed', browser: BROWSER }) }),
        );
        const refunded = await create(charge());
        expect((await secret(first, `/v1/charges/${refunded}/refund`, 'POST')).status).toBe(200);
        ids = [paid, managed, refunded];
        for (const id of ids) replies.push((await secret(first, `/v1/charges/${id}`)).body);
      } finally {
        await first.close();
      }
      expect(replies.map((reply) => reply.status)).toEqual([
        'paid',
        'authentication_required',
        'refunded',
      ]);

      const second = await start(database);
      try {
        for (const [i, id] of ids.entries()) {
          const reply = await secret(second, `/v1/charges/${id}`);
          expect(reply.status).toBe(200);
          expect(reply.body).toEqual(replies[i]);
        }
        expect(await eventNames(second, ids[0] ?? '')).toEqual(['charge.created', 'charge.paid']);
        expect(await eventNames(second, ids[1] ?? '')).toEqual(['charge.created']);
        expect(await eventNames(second, ids[2] ?? '')).toEqual([
          'charge.created',
          'charge.paid',
          'charge.refunded',
        ]);
      } finally {
        await second.close();
      }

      const third = await start(database, true);
      try {
        for (const id of ids) {
          const reply = await secret(third, `/v1/charges/${id}`);
          expect(reply.body).toEqual({
            statusCode: 404,
            error: 'Not Found',
            message: `charge not found: ${id}`,
          });
          expect(await eventNames(third, id)).toEqual([]);
        }
      } finally {
        await third.close();
      }
    },
    SANDBOX_START_TIMEOUT_MS * 3,
  );
});
