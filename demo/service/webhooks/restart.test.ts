// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../sandbox';
import { rawCard } from '../../testing/charges';
import {
  createScratchDatabase,
  openTestDatabase,
  type ScratchDatabase,
  testEngine,
} from '../../testing/database';
import { EventReceiver } from '../../testing/receiver';
import { call, KEYS, SANDBOX_START_TIMEOUT_MS } from '../../testing/sandbox';
import { until } from '../../testing/until';
import type { Database } from '../kernel/db/database';
import { openSandboxDatabase } from '../seed';
import type { DeliveryAttempt } from './routes';

const receiver = new EventReceiver();
const scratch: ScratchDatabase[] = [];
beforeAll(() => receiver.start());
afterAll(async () => {
  await receiver.stop();
  await Promise.all(scratch.map((db) => db.drop()));
});

const start = (database: Database, options: SandboxOptions = {}) =>
  startSandbox({ apiPort: 0, threeDsPort: 0, demoPort: 0, database, ...options });

type Channel = 'postback' | 'endpoint';

const createCharge = (sandbox: Sandbox, channel: Channel) =>
  call<{ id: string }>(`${sandbox.apiUrl}/v1/charges`, {
    key: KEYS.secret,
    body: {
      amount: 50,
      currency: 'BRL',
      customer: { id: 'cus_sandbox_ana' },
      items: [{ type: 'digital' }],
      ...(channel === 'postback' ? { postbackUrl: receiver.url } : {}),
      paymentMethod: rawCard(),
    },
  });

/** The endpoint channel needs a dashboard endpoint (stored: the next process has it too). */
async function addEndpoint(sandbox: Sandbox, channel: Channel): Promise<void> {
  if (channel === 'postback') return;
  const reply = await call(`${sandbox.apiUrl}/sandbox/webhook-endpoints`, {
    key: KEYS.secret,
    body: { url: receiver.url, events: ['charge.created', 'charge.paid'] },
  });
  expect(reply.status).toBe(201);
}

const attemptsOf = async (sandbox: Sandbox, chargeEvents: () => string[]) =>
  (
    await call<DeliveryAttempt[]>(`${sandbox.apiUrl}/sandbox/deliveries`, { key: KEYS.secret })
  ).body.filter((attempt) => chargeEvents().includes(attempt.eventId));

describe.each<Channel>(['postback', 'endpoint'])(
  `webhook deliveries of the %s channel across sandbox processes (${testEngine()})`,
  (channel) => {
    it(
      'a restart resumes the queue: the retry and the delivery queued behind it go out',
      async () => {
        const place = await createScratchDatabase();
        scratch.push(place);
        receiver.reset([500]);
        let database = await openSandboxDatabase(place.config);
        // The retry is due 1.5 s after the first attempt: the sandbox stops before that.
        const first = await start(database, { webhookBackoffMs: 1500 });
        await addEndpoint(first, channel);
        const created = await createCharge(first, channel);
        expect(created.status).toBe(201);
        const events = () => [...new Set(receiver.received.map((r) => r.body.id))];
        const failed = await until(
          () => attemptsOf(first, events),
          (list) => list.length >= 1,
        );
        await first.close();
        await database.close();
        expect(failed.map((a) => [a.event, a.attempt, a.status])).toEqual([
          ['charge.created', 1, 500],
        ]);
        expect(receiver.received).toHaveLength(1);

        database = await openSandboxDatabase(place.config);
        const second = await start(database, { webhookBackoffMs: 1500 });
        try {
          await second.webhooks.idle();
          expect(receiver.received.map((r) => [r.body.event, r.body.data.id])).toEqual([
            ['charge.created', created.body.id],
            ['charge.created', created.body.id],
            ['charge.paid', created.body.id],
          ]);
          const all = await attemptsOf(second, events);
          expect(all.map((a) => [a.event, a.attempt, a.status, a.delivered])).toEqual([
            ['charge.created', 1, 500, false],
            ['charge.created', 2, 200, true],
            ['charge.paid', 1, 200, true],
          ]);
        } finally {
          await second.close();
          await database.close();
        }
      },
      SANDBOX_START_TIMEOUT_MS,
    );

    it(
      'two sandboxes on one database send each event once, each charge in order',
      async () => {
        receiver.reset();
        const database = await openTestDatabase();
        const a = await start(database);
        const b = await start(database);
        try {
          await addEndpoint(a, channel);
          const charges: string[] = [];
          for (let i = 0; i < 6; i++) {
            const reply = await createCharge(i % 2 === 0 ? a : b, channel);
            expect(reply.status).toBe(201);
            charges.push(reply.body.id);
          }
          await Promise.all([a.webhooks.idle(), b.webhooks.idle()]);
          const ids = receiver.received.map((r) => r.body.id);
          expect(ids).toHaveLength(12);
          expect(new Set(ids).size).toBe(12);
          for (const charge of charges) {
            const events = receiver.received.filter((r) => r.body.data.id === charge);
            expect(events.map((r) => r.body.event)).toEqual(['charge.created', 'charge.paid']);
          }
          const attempts = await attemptsOf(a, () => ids);
          expect(attempts).toHaveLength(12);
          expect(attempts.every((attempt) => attempt.attempt === 1 && attempt.delivered)).toBe(
            true,
          );
        } finally {
          await Promise.all([a.close(), b.close()]);
          await database.close();
        }
      },
      SANDBOX_START_TIMEOUT_MS,
    );
  },
);
