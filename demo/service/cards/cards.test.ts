// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import { savedCard } from '../../testing/charges';
import { createScratchDatabase, type ScratchDatabase, testEngine } from '../../testing/database';
import { call, SANDBOX_START_TIMEOUT_MS, useSandbox } from '../../testing/sandbox';
import type { Card } from '../kernel/wire-types';

const t = useSandbox();
const OWNER = 'sk_test_sandbox';
const OTHER = 'sk_test_noconnect';

const newCard = (overrides: Record<string, unknown> = {}) => ({
  number: '4000000000000010',
  holderName: 'Outra Pessoa',
  expirationMonth: '08',
  expirationYear: '2032',
  ...overrides,
});
const listed = async (key: string) =>
  (await t.api<Card[]>('/v1/cards', { key })).body.map((card) => card.id);
const NOT_FOUND = { statusCode: 404, message: 'card not found' };

describe('tenancy: every card belongs to the key’s merchant', () => {
  it('another merchant never lists a card and gets 404 card not found for it', async () => {
    expect(await listed(OTHER)).toEqual([]);
    expect(await listed(OWNER)).toEqual([
      'card_sandbox_visa',
      'card_sandbox_challenge',
      'card_sandbox_pending',
    ]);
    const activate = await t.api('/v1/cards/card_sandbox_pending/activate', {
      key: OTHER,
      body: { activationValue: '1.23' },
    });
    expect(activate.status).toBe(404);
    expect(activate.body).toEqual(NOT_FOUND);
    const remove = await t.api('/v1/cards/card_sandbox_visa', { key: OTHER, method: 'DELETE' });
    expect(remove.status).toBe(404);
    expect(remove.body).toEqual(NOT_FOUND);
    // Neither call changed the owner's cards.
    const own = (await t.api<Card[]>('/v1/cards', { key: OWNER })).body;
    expect(own.map((card) => [card.id, card.status])).toEqual([
      ['card_sandbox_visa', 'active'],
      ['card_sandbox_challenge', 'active'],
      ['card_sandbox_pending', 'pending_validation'],
    ]);
  });

  it('a charge with another merchant’s saved card: 404 card not found', async () => {
    const reply = await t.api('/v1/charges', {
      key: OTHER,
      body: {
        amount: 10,
        currency: 'BRL',
        customer: { id: 'cus_outra_julia' },
        items: [{ type: 'digital' }],
        paymentMethod: savedCard('card_sandbox_visa'),
      },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(NOT_FOUND);
  });

  it('a card registered by one merchant is listed, activated and deleted by it alone', async () => {
    const created = await t.api('/v1/cards', {
      key: OTHER,
      body: newCard({ customerId: 'cus_outra_julia', validateCard: true }),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(await listed(OTHER)).toEqual([id]);
    expect(await listed(OWNER)).not.toContain(id);
    const filtered = await t.api<Card[]>('/v1/cards?customerId=cus_outra_julia', { key: OTHER });
    expect(filtered.body.map((card) => card.id)).toEqual([id]);
    const value = created.body.validationAmount as string;
    const foreign = await t.api(`/v1/cards/${id}/activate`, {
      key: OWNER,
      body: { activationValue: value },
    });
    expect(foreign.body).toEqual(NOT_FOUND);
    const own = await t.api(`/v1/cards/${id}/activate`, {
      key: OTHER,
      body: { activationValue: value },
    });
    expect(own.body).toMatchObject({ id, status: 'active' });
    expect((await t.api(`/v1/cards/${id}`, { key: OWNER, method: 'DELETE' })).status).toBe(404);
    expect((await t.api(`/v1/cards/${id}`, { key: OTHER, method: 'DELETE' })).status).toBe(200);
    expect(await listed(OTHER)).toEqual([]);
  });

  it('a card for another merchant’s customer: 404 customer not found, nothing saved', async () => {
    const reply = await t.api('/v1/cards', {
      key: OTHER,
      body: newCard({ customerId: 'cus_sandbox_ana' }),
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ statusCode: 404, message: 'customer not found' });
    expect(await listed(OTHER)).toEqual([]);
  });

  it('the number is stored only sealed', async () => {
    const created = await t.api('/v1/cards', { key: OTHER, body: newCard() });
    const row = await t.sandbox.database.db
      .selectFrom('cards')
      .selectAll()
      .where('id', '=', created.body.id as string)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('4000000000000010');
    expect(row.masked_number).toBe('400000******0010');
  });
});

const scratch: ScratchDatabase[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((db) => db.drop()));
});

describe(`cards survive a restart; a reset restores the seed (${testEngine()})`, () => {
  it(
    'registered and activated cards are there after a stop and a start, gone after a reset',
    async () => {
      const database = await createScratchDatabase();
      scratch.push(database);
      const start = () =>
        startSandbox({ apiPort: 0, threeDsPort: 0, demoPort: 0, database: database.config });
      const cards = async (apiUrl: string) =>
        (await call<Card[]>(`${apiUrl}/v1/cards`, { key: OWNER })).body.map((c) => [
          c.id,
          c.status,
        ]);

      const first = await start();
      let id: string;
      let amount: string;
      try {
        const created = await call(`${first.apiUrl}/v1/cards`, {
          key: OWNER,
          body: newCard({ validateCard: true }),
        });
        id = created.body.id as string;
        amount = created.body.validationAmount as string;
        const activated = await call(`${first.apiUrl}/v1/cards/card_sandbox_pending/activate`, {
          key: OWNER,
          body: { activationValue: '1.23' },
        });
        expect(activated.status).toBe(200);
      } finally {
        await first.close();
      }

      const second = await start();
      try {
        expect(await cards(second.apiUrl)).toEqual([
          ['card_sandbox_visa', 'active'],
          ['card_sandbox_challenge', 'active'],
          ['card_sandbox_pending', 'active'],
          [id, 'pending_validation'],
        ]);
        const qa = await call(`${second.apiUrl}/sandbox/cards/${id}/validation-amount`, {
          key: OWNER,
        });
        expect(qa.body.validationAmount).toBe(amount);
        // The vault key survived too: the sealed number opens for a charge.
        const charge = await call(`${second.apiUrl}/v1/charges`, {
          key: OWNER,
          body: {
            amount: 10,
            currency: 'BRL',
            customer: { id: 'cus_sandbox_ana' },
            items: [{ type: 'digital' }],
            paymentMethod: savedCard('card_sandbox_visa'),
          },
        });
        expect(charge.body).toMatchObject({ status: 'paid', paymentMethod: { last4: '1111' } });

        const login = await call<{ accessToken: string }>(`${second.apiUrl}/v1/auth/login`, {
          body: { email: 'admin@sandbox.test', password: 'sandbox' },
        });
        const reset = await call(`${second.apiUrl}/sandbox/reset`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${login.body.accessToken}` },
        });
        expect(reset.status).toBe(200);
        expect(await cards(second.apiUrl)).toEqual([
          ['card_sandbox_visa', 'active'],
          ['card_sandbox_challenge', 'active'],
          ['card_sandbox_pending', 'pending_validation'],
        ]);
        expect(
          (await call(`${second.apiUrl}/sandbox/cards/${id}/validation-amount`, { key: OWNER }))
            .status,
        ).toBe(404);
      } finally {
        await second.close();
      }
    },
    SANDBOX_START_TIMEOUT_MS * 2,
  );
});
