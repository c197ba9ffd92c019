// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, charge, rawCard } from '../../testing/charges';
import { EventReceiver } from '../../testing/receiver';
import { KEYS, useSandbox } from '../../testing/sandbox';

const t = useSandbox();
const receiver = new EventReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

/** The issuer declines this test card's charges (see `GET /sandbox/scenarios`). */
const DECLINED = '4000000000000150';
const OTHER_MERCHANT_SECRET = 'sk_test_noconnect';

async function createCharge(paymentMethod = rawCard()) {
  const reply = await t.secret('/v1/charges', {
    body: charge({ paymentMethod, postbackUrl: receiver.url }),
  });
  expect(reply.status).toBe(201);
  return reply.body as { id: string; status: string };
}

const refund = (id: string, key: string = KEYS.secret) =>
  t.api(`/v1/charges/${id}/refund`, { method: 'POST', key });

describe('POST /v1/charges/{id}/refund', () => {
  it('refunds a paid charge: 200 refunded, refundedAt, then charge.refunded to the postbackUrl', async () => {
    const paid = await createCharge();
    expect(paid.status).toBe('paid');
    const reply = await refund(paid.id);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: paid.id,
      status: 'refunded',
      paidAt: expect.any(String),
      refundedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(reply.body.updatedAt).toBe(reply.body.refundedAt);
    expect((await t.secret(`/v1/charges/${paid.id}`)).body).toEqual(reply.body);

    const events = await receiver.eventsOf(paid.id, 3);
    expect(events.map((event) => event.event)).toEqual([
      'charge.created',
      'charge.paid',
      'charge.refunded',
    ]);
    const refunded = events[2];
    expect(Object.keys(refunded ?? {}).sort()).toEqual(['data', 'event', 'id', 'livemode']);
    expect(refunded?.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(refunded?.livemode).toBe(false);
    expect(refunded?.data).toEqual(reply.body);
  });

  it('400 when the charge is not paid: already refunded, failed, awaiting authentication', async () => {
    const paid = await createCharge();
    expect((await refund(paid.id)).status).toBe(200);
    const declined = await createCharge(rawCard({ number: DECLINED }));
    expect(declined.status).toBe('failed');
    const managed = await createCharge(rawCard({ threeDSMode: 'managed', browser: BROWSER }));
    expect(managed.status).toBe('authentication_required');

    for (const { id, status } of [
      { id: paid.id, status: 'refunded' },
      { id: declined.id, status: 'failed' },
      { id: managed.id, status: 'authentication_required' },
    ]) {
      const reply = await refund(id);
      expect(reply.body).toEqual({
        statusCode: 400,
        message: `only paid charges can be refunded (charge ${id} is ${status})`,
        error: 'Bad Request',
      });
      expect((await t.secret(`/v1/charges/${id}`)).body.status).toBe(status);
    }
  });

  it('404 for an unknown charge, and for another merchant’s charge (which stays paid)', async () => {
    expect((await refund('ch_nope')).body).toEqual({
      statusCode: 404,
      message: 'charge not found: ch_nope',
      error: 'Not Found',
    });
    const paid = await createCharge();
    const notFound = {
      statusCode: 404,
      message: `charge not found: ${paid.id}`,
      error: 'Not Found',
    };
    const otherRefund = await refund(paid.id, OTHER_MERCHANT_SECRET);
    expect([otherRefund.status, otherRefund.body]).toEqual([404, notFound]);
    const otherRead = await t.api(`/v1/charges/${paid.id}`, { key: OTHER_MERCHANT_SECRET });
    expect([otherRead.status, otherRead.body]).toEqual([404, notFound]);
    const otherResume = await t.api(`/v1/charges/${paid.id}/resume-3ds`, {
      method: 'POST',
      key: OTHER_MERCHANT_SECRET,
    });
    expect([otherResume.status, otherResume.body]).toEqual([404, notFound]);
    expect((await t.secret(`/v1/charges/${paid.id}`)).body.status).toBe('paid');
  });

  it('needs the secret key', async () => {
    const paid = await createCharge();
    expect((await refund(paid.id, KEYS.publishable)).status).toBe(403);
    expect((await t.api(`/v1/charges/${paid.id}/refund`, { method: 'POST' })).status).toBe(401);
  });
});
