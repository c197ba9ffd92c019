// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { charge, chargeEventNames, pixCharge } from '../../testing/charges';
import { answerErrors } from '../../testing/openapi-answers';
import { useSandbox } from '../../testing/sandbox';
import type { ChargeWire } from '../charges/wire';

type Answer = ChargeWire & { message?: string };

const t = useSandbox({ pixSweepMs: 0 });
const KEY = 'sk_test_noconnect';

const create = async (body: unknown) => {
  const reply = await t.api<Answer>('/v1/charges', { key: KEY, body });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
};
const expire = (id: string, key: string | null = KEY) =>
  t.api<Answer>(`/sandbox/charges/${id}/pix/expire`, { key, method: 'POST' });
const eventsOf = (id: string) => chargeEventNames(t, id, KEY);

describe('POST /sandbox/charges/{id}/pix/expire', () => {
  it('200 expired now: expiresAt moved to now, charge.updated; it can no longer be paid', async () => {
    const created = await create(pixCharge({ expiresInSeconds: 3600 }));
    const expired = await expire(created.id);
    expect(expired.status, expired.text).toBe(200);
    expect(expired.body.status).toBe('expired');
    const expiresAt = Date.parse(expired.body.pix?.expiresAt ?? '');
    expect(expiresAt).toBeLessThan(Date.parse(created.pix?.expiresAt ?? ''));
    expect(expiresAt).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
    expect(expired.body.updatedAt).toBe(expired.body.pix?.expiresAt);
    expect(expired.body.pix?.qrCode).toBe(created.pix?.qrCode);
    expect(
      await answerErrors(t, 'POST /sandbox/charges/{id}/pix/expire', 200, expired.body),
    ).toEqual([]);
    // What a read and the event history say afterwards: the same, kept.
    expect((await t.api<Answer>(`/v1/charges/${created.id}`, { key: KEY })).body).toEqual(
      expired.body,
    );
    expect(await eventsOf(created.id)).toEqual([
      'charge.created',
      'charge.pending',
      'charge.updated',
    ]);
    const pay = await t.api<Answer>(`/sandbox/charges/${created.id}/pix/pay`, {
      key: KEY,
      method: 'POST',
    });
    expect(pay.status).toBe(400);
    expect(pay.body.message).toContain('can no longer be paid');
  });

  it('400 naming why for a card charge, a paid or an expired one; 404 for another merchant’s; 403 with a publishable key', async () => {
    const card = await create(charge());
    const notPix = await expire(card.id);
    expect(notPix.status).toBe(400);
    expect(notPix.body.message).toContain('is not a pix charge');

    const paid = await create(pixCharge());
    await t.api(`/sandbox/charges/${paid.id}/pix/pay`, { key: KEY, method: 'POST' });
    const again = await expire(paid.id);
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('is not pending (status paid)');

    const gone = await create(pixCharge());
    expect((await expire(gone.id)).status).toBe(200);
    const twice = await expire(gone.id);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('can no longer be expired');
    expect(await eventsOf(gone.id)).toEqual(['charge.created', 'charge.pending', 'charge.updated']);

    expect((await expire(gone.id, 'sk_test_sandbox')).status).toBe(404);
    expect((await expire(gone.id, 'pk_test_noconnect')).status).toBe(403);
    for (const reply of [notPix, again, twice]) {
      expect(
        await answerErrors(t, 'POST /sandbox/charges/{id}/pix/expire', 400, reply.body),
      ).toEqual([]);
    }
  });
});
