// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BROWSER, charge, rawCard } from '../../testing/charges';
import { countRows } from '../../testing/database';
import { postChallengeForm, useSandbox } from '../../testing/sandbox';
import { SCENARIOS } from '../three-ds/scenarios';

const t = useSandbox();
const db = () => t.sandbox.database.db;
const cardOf = (name: string) => SCENARIOS.find((s) => s.name === name)?.card ?? '';
const create = (body: unknown) => t.secret('/v1/charges', { body });
const post = (path: string) => t.secret(path, { method: 'POST' });

/** The charge's events as stored, in the order they were recorded. */
const eventsOf = (chargeId: string) =>
  db()
    .selectFrom('events')
    .select(['id', 'merchant_id', 'event', 'resource_type', 'envelope'])
    .where('resource_id', '=', chargeId)
    .orderBy('seq')
    .execute();

const merchantOfCharge = async (chargeId: string) =>
  (
    await db()
      .selectFrom('charges')
      .select('merchant_id')
      .where('id', '=', chargeId)
      .executeTakeFirstOrThrow()
  ).merchant_id;

const count = (table: 'charges' | 'events' | 'authentications' | 'webhook_deliveries') =>
  countRows(db(), table);

describe('the events of a charge, in the database', () => {
  it('created, paid, refunded: in order, on the charge’s merchant, also without a postbackUrl', async () => {
    const created = await create(charge());
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const refunded = await post(`/v1/charges/${id}/refund`);
    expect(refunded.status).toBe(200);

    const events = await eventsOf(id);
    expect(events.map((e) => e.event)).toEqual([
      'charge.created',
      'charge.paid',
      'charge.refunded',
    ]);
    const merchantId = await merchantOfCharge(id);
    for (const event of events) {
      expect(event).toMatchObject({ merchant_id: merchantId, resource_type: 'charge' });
      expect(event.envelope).toMatchObject({ id: event.id, event: event.event, livemode: false });
    }
    // Each envelope carries the charge as that change answered it.
    expect(events.map((e) => e.envelope.data)).toEqual([created.body, created.body, refunded.body]);
    // No postbackUrl: nothing to deliver.
    const deliveries = await db()
      .selectFrom('webhook_deliveries')
      .select('id')
      .where(
        'event_id',
        'in',
        events.map((e) => e.id),
      )
      .execute();
    expect(deliveries).toEqual([]);
  });

  it('a postbackUrl also queues one postback delivery per event, keyed by the charge', async () => {
    const postbackUrl = 'http://127.0.0.1:9/never-listening';
    const created = await create(charge({ postbackUrl }));
    const id = created.body.id as string;
    const events = await eventsOf(id);
    expect(events.map((e) => e.event)).toEqual(['charge.created', 'charge.paid']);
    const deliveries = await db()
      .selectFrom('webhook_deliveries')
      .select(['event_id', 'merchant_id', 'channel', 'url', 'order_key'])
      .where('order_key', '=', id)
      .execute();
    expect(deliveries.map((d) => d.event_id).sort()).toEqual(events.map((e) => e.id).sort());
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({
        merchant_id: await merchantOfCharge(id),
        channel: 'postback',
        url: postbackUrl,
      });
    }
  });

  it('managed 3DS: created, then paid and updated on resume; a decline: created, updated', async () => {
    const managed = await create(
      charge({
        paymentMethod: rawCard({
          number: cardOf('Direct challenge'),
          threeDSMode: 'managed',
          browser: BROWSER,
        }),
      }),
    );
    const id = managed.body.id as string;
    expect((await eventsOf(id)).map((e) => e.event)).toEqual(['charge.created']);
    const { authenticationId } = managed.body.nextAction as { authenticationId: string };
    await postChallengeForm(t, { authenticationId, code: '1234' });
    const resumed = await post(`/v1/charges/${id}/resume-3ds`);
    expect(resumed.body.status).toBe('paid');
    const events = await eventsOf(id);
    expect(events.map((e) => e.event)).toEqual(['charge.created', 'charge.paid', 'charge.updated']);
    expect(events[2]?.envelope.data).toEqual(resumed.body);

    const declined = await create(
      charge({ paymentMethod: rawCard({ number: '4000000000000150' }) }),
    );
    expect(declined.body.status).toBe('failed');
    expect((await eventsOf(declined.body.id as string)).map((e) => e.event)).toEqual([
      'charge.created',
      'charge.updated',
    ]);
  });

  it('a refused charge records nothing: no charge, no event, no authentication, no customer', async () => {
    const before = await Promise.all(
      (['charges', 'events', 'authentications', 'webhook_deliveries'] as const).map(count),
    );
    const refused = await create(
      charge({
        customer: { id: 'cus_nobody' },
        postbackUrl: 'http://127.0.0.1:9/hook',
        paymentMethod: rawCard({ threeDSMode: 'managed', browser: BROWSER }),
      }),
    );
    expect(refused.status).toBe(404);
    const after = await Promise.all(
      (['charges', 'events', 'authentications', 'webhook_deliveries'] as const).map(count),
    );
    expect(after).toEqual(before);
  });
});
