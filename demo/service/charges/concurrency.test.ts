// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { charge } from '../../testing/charges';
import { testEngine } from '../../testing/database';
import { useSandbox } from '../../testing/sandbox';

const t = useSandbox();
const CONCURRENT = 40;
/** 40 charges through one embedded connection, on a busy machine: seconds. */
const MANY_TIMEOUT_MS = 60_000;

describe(`concurrent charges (${testEngine()})`, () => {
  it(
    `${CONCURRENT} concurrent charges for a new shopper: ${CONCURRENT} charges, one customer`,
    async () => {
      const email = 'many-at-once@example.com';
      const replies = await Promise.all(
        Array.from({ length: CONCURRENT }, () =>
          t.secret('/v1/charges', { body: charge({ customer: { name: 'Many At Once', email } }) }),
        ),
      );
      expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 201));
      const ids = new Set(replies.map((reply) => reply.body.id as string));
      expect(ids.size).toBe(CONCURRENT);
      const customerIds = new Set(
        replies.map((reply) => (reply.body.customer as { id: string }).id),
      );
      expect(customerIds.size).toBe(1);

      const customers = await t.secret<{ data: Array<{ id: string }> }>(
        `/v1/customers?email=${email}`,
      );
      expect(customers.body.data.map((c) => c.id)).toEqual([...customerIds]);
      const rows = await t.sandbox.database.db
        .selectFrom('charges')
        .select('id')
        .where('customer_id', '=', [...customerIds][0] ?? '')
        .execute();
      expect(new Set(rows.map((row) => row.id))).toEqual(ids);
    },
    MANY_TIMEOUT_MS,
  );

  it('concurrent refunds of one charge: exactly one 200, the others 400, one charge.refunded', async () => {
    const created = await t.secret('/v1/charges', { body: charge() });
    const id = created.body.id as string;
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => t.secret(`/v1/charges/${id}/refund`, { method: 'POST' })),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    for (const reply of replies.filter((r) => r.status === 400)) {
      expect(reply.body.message).toBe(
        `only paid charges can be refunded (charge ${id} is refunded)`,
      );
    }
    const refunds = await t.sandbox.database.db
      .selectFrom('events')
      .select('id')
      .where('resource_id', '=', id)
      .where('event', '=', 'charge.refunded')
      .execute();
    expect(refunds).toHaveLength(1);
  });
});
