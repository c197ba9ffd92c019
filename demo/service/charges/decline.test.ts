// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BROWSER, charge, rawCard } from '../../testing/charges';
import { authenticateBody, KEYS, useSandbox } from '../../testing/sandbox';
import { SCENARIOS } from '../three-ds/scenarios';

const t = useSandbox();
const DECLINED = SCENARIOS.find((s) => s.name === 'Issuer declines the charge')?.card ?? '';
const create = (body: unknown) => t.secret('/v1/charges', { body });
const DECLINE = { status: 'failed', failureReason: 'card_declined' };

interface Webhook {
  event: string;
  body: { data: { id: string; status: string; failureReason?: string } };
}

/** The events the demo's receiver got for one charge, once `count` have arrived (5 s bound). */
async function eventsOf(chargeId: string, count: number): Promise<Webhook[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const all = (await t.demo<Webhook[]>('/merchant/webhooks')).body;
    const mine = all.filter((w) => w.body.data.id === chargeId);
    if (mine.length >= count || Date.now() > deadline) return mine;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

async function authenticate(body: unknown) {
  return t.api<{ authenticationId: string; status: string; outcome?: string }>(
    '/v1/three-ds/authenticate',
    { key: KEYS.publishable, body },
  );
}

describe('the "Issuer declines the charge" card (4000000000000150)', () => {
  it('is served with the scenario list and says what the charge does', async () => {
    const list = (await t.api<Array<Record<string, unknown>>>('/sandbox/scenarios')).body;
    expect(list.find((s) => s.card === '4000000000000150')).toEqual({
      name: 'Issuer declines the charge',
      card: '4000000000000150',
      description: expect.stringContaining('card_declined'),
      expected: { status: 'succeeded', outcome: 'authenticated' },
      charge: 'declined',
    });
    expect(list.find((s) => s.card === '4000000000000341')).toMatchObject({
      name: 'Issuer declines renewals',
      charge: 'declines_renewals',
    });
    // The other cards do not carry it.
    expect(list.filter((s) => 'charge' in s)).toHaveLength(2);
  });

  it('authenticates: frictionless succeeded, challenge-result state success', async () => {
    const auth = await authenticate(authenticateBody(DECLINED));
    expect(auth.body).toMatchObject({ status: 'succeeded', outcome: 'authenticated' });
    const result = await t.api('/v1/three-ds/challenge-result', {
      key: KEYS.publishable,
      body: { authenticationId: auth.body.authenticationId },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ state: 'success', eci: '05' });
  });

  it('a raw card with its threeDS: 201 failed card_declined, charge.created then charge.updated', async () => {
    const auth = await authenticate(authenticateBody(DECLINED));
    const threeDS = (
      await t.api('/v1/three-ds/challenge-result', {
        key: KEYS.publishable,
        body: { authenticationId: auth.body.authenticationId },
      })
    ).body;
    const reply = await create(
      charge({
        paymentMethod: rawCard({ number: DECLINED, threeDS }),
        postbackUrl: `${t.sandbox.demoUrl}/merchant/webhooks`,
      }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ ...DECLINE, threeDS: { state: 'success' } });
    expect(reply.body.paidAt).toBeUndefined();
    const events = await eventsOf(reply.body.id as string, 2);
    expect(events.map((w) => [w.event, w.body.data.status, w.body.data.failureReason])).toEqual([
      ['charge.created', 'failed', 'card_declined'],
      ['charge.updated', 'failed', 'card_declined'],
    ]);
    // Nothing else follows (no charge.paid).
    const stored = await t.secret(`/v1/charges/${reply.body.id as string}`);
    expect(stored.body).toMatchObject(DECLINE);
  });

  it('a raw card without threeDS is declined too', async () => {
    const reply = await create(charge({ paymentMethod: rawCard({ number: DECLINED }) }));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject(DECLINE);
  });

  it('a saved card registered with that number is declined', async () => {
    const card = await t.secret<{ id: string; status: string }>('/v1/cards', {
      body: {
        number: DECLINED,
        holderName: 'Ana Souza',
        expirationMonth: '12',
        expirationYear: '2030',
        customerId: 'cus_sandbox_ana',
      },
    });
    expect(card.body.status).toBe('active');
    const reply = await create(
      charge({
        paymentMethod: {
          type: 'credit_card',
          cardTokenId: card.body.id,
          cvv: '123',
          installments: 1,
        },
      }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ ...DECLINE, paymentMethod: { last4: '0150' } });
  });

  it('managed 3DS: authentication_required, then resume-3ds declines (charge.updated)', async () => {
    const created = await create(
      charge({
        paymentMethod: rawCard({ number: DECLINED, threeDSMode: 'managed', browser: BROWSER }),
        postbackUrl: `${t.sandbox.demoUrl}/merchant/webhooks`,
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'authentication_required',
      nextAction: { status: 'succeeded' },
    });
    const id = created.body.id as string;
    const resumed = await t.secret(`/v1/charges/${id}/resume-3ds`, { method: 'POST' });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ ...DECLINE, threeDS: { state: 'success' } });
    const events = await eventsOf(id, 2);
    expect(events.map((w) => [w.event, w.body.data.status])).toEqual([
      ['charge.created', 'authentication_required'],
      ['charge.updated', 'failed'],
    ]);
  });

  it('any other card is still paid', async () => {
    const reply = await create(charge());
    expect(reply.body).toMatchObject({ status: 'paid' });
    expect(reply.body.failureReason).toBeUndefined();
  });
});
