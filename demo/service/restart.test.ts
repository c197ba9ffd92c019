// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../sandbox';
import { createScratchDatabase, type ScratchDatabase, testEngine } from '../testing/database';
import { call, SANDBOX_START_TIMEOUT_MS } from '../testing/sandbox';

const scratch: ScratchDatabase[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((db) => db.drop()));
});

const start = (database: ScratchDatabase, reset = false) =>
  startSandbox({ apiPort: 0, threeDsPort: 0, demoPort: 0, database: database.config, reset });

const charge = {
  amount: 99.9,
  currency: 'BRL',
  customer: { name: 'Still Here', email: 'still.here@example.com' },
  items: [{ type: 'digital' }],
  paymentMethod: {
    type: 'credit_card',
    number: '4111111111111111',
    holderName: 'Still Here',
    expirationMonth: '12',
    expirationYear: '2030',
    cvv: '123',
    installments: 1,
  },
};

describe(`restart (${testEngine()})`, () => {
  it(
    'what was created through HTTP is there after a stop and a start; --reset removes it',
    async () => {
      const database = await createScratchDatabase();
      scratch.push(database);
      const find = (apiUrl: string) =>
        call<{ data: Array<{ id: string }> }>(
          `${apiUrl}/v1/customers?email=still.here@example.com`,
          { key: 'sk_test_sandbox' },
        );

      const first = await start(database);
      const created = await call(`${first.apiUrl}/v1/charges`, {
        key: 'sk_test_sandbox',
        body: charge,
      });
      expect(created.status).toBe(201);
      const customerId = (created.body.customer as { id: string }).id;
      const token = await call<{ accessToken: string }>(`${first.apiUrl}/v1/auth/login`, {
        body: { email: 'merchant@sandbox.test', password: 'sandbox' },
      });
      await first.close();

      const second = await start(database);
      try {
        expect((await find(second.apiUrl)).body.data.map((c) => c.id)).toEqual([customerId]);
        // The signing secret survived too: a token from before the restart still works.
        const reset = await call(`${second.apiUrl}/sandbox/reset`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token.body.accessToken}` },
        });
        expect(reset.status).toBe(403);
      } finally {
        await second.close();
      }

      const third = await start(database, true);
      try {
        expect((await find(third.apiUrl)).body.data).toEqual([]);
      } finally {
        await third.close();
      }
    },
    SANDBOX_START_TIMEOUT_MS * 3,
  );
});
