// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawCard } from '../../testing/charges';
import { EventReceiver } from '../../testing/receiver';
import { KEYS, useSandbox } from '../../testing/sandbox';
import type { DeliveryAttempt } from './routes';

const receiver = new EventReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());
const t = useSandbox();

const OTHER_SECRET = 'sk_test_noconnect';

const chargeAs = (key: string, name: string) =>
  t.api<{ id: string }>('/v1/charges', {
    key,
    body: {
      amount: 50,
      currency: 'BRL',
      customer: { name, email: `${name.toLowerCase()}@example.com` },
      items: [{ type: 'digital' }],
      postbackUrl: receiver.url,
      paymentMethod: rawCard({ holderName: name }),
    },
  });

describe('GET /sandbox/deliveries', { timeout: 20_000 }, () => {
  it("lists only the key's merchant's attempts", async () => {
    const mine = await chargeAs(KEYS.secret, 'Mine');
    const theirs = await chargeAs(OTHER_SECRET, 'Theirs');
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    await t.sandbox.webhooks.idle();
    const eventsOf = (chargeId: string) =>
      receiver.received.filter((r) => r.body.data.id === chargeId).map((r) => r.body.id);

    const listed = async (key: string) =>
      (await t.api<DeliveryAttempt[]>('/sandbox/deliveries', { key })).body.map((a) => a.eventId);
    expect(await listed(KEYS.secret)).toEqual(eventsOf(mine.body.id));
    expect(await listed(OTHER_SECRET)).toEqual(eventsOf(theirs.body.id));
    expect(eventsOf(mine.body.id)).toHaveLength(2);
  });

  it('each attempt in the listed shape', async () => {
    const [first] = (await t.secret<DeliveryAttempt[]>('/sandbox/deliveries')).body;
    expect(first).toEqual({
      eventId: expect.stringMatching(/^evt_/),
      event: 'charge.created',
      url: receiver.url,
      attempt: 1,
      status: 200,
      delivered: true,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      durationMs: expect.any(Number),
    });
  });

  it('needs a secret key', async () => {
    expect((await t.api('/sandbox/deliveries')).status).toBe(401);
    expect((await t.api('/sandbox/deliveries', { key: KEYS.publishable })).status).toBe(403);
  });
});
