// @vitest-environment node
/**
 * A card's `token` given where its `id` is taken: 400 naming the mix-up (and the card) for the
 * key's own card; another merchant's token, or an unknown one, stays 404 `card not found`.
 */
import { describe, expect, it } from 'vitest';
import { charge, savedCard } from '../../testing/charges';
import { createPlan, OTHER_SECRET } from '../../testing/plans';
import { KEYS, useSandbox } from '../../testing/sandbox';
import { PATH, subscriptionBody } from '../../testing/subscriptions';
import type { Card } from '../kernel/wire-types';
import { SEED_PLAN_IDS as PLANS } from '../plans/seed';

const t = useSandbox();

const badRequest = (message: string) => ({ statusCode: 400, message, error: 'Bad Request' });
const NOT_FOUND = { statusCode: 404, message: 'card not found' };
const inBody = (id: string) =>
  badRequest(
    `paymentMethod.cardTokenId takes the card's id (card_…), not its token (tok_…); the card with this token is ${id}`,
  );
const inPath = (id: string) =>
  badRequest(
    `path parameter id takes the card's id (card_…), not its token (tok_…); the card with this token is ${id}`,
  );

/** Registers a card with `key` (no customer, so any customer may use it). */
async function register(key: string = KEYS.secret, validateCard = false) {
  const reply = await t.api<Card & { validationAmount?: string }>('/v1/cards', {
    key,
    body: {
      number: '4111111111111111',
      holderName: 'Ana Souza',
      expirationMonth: '12',
      expirationYear: '2030',
      validateCard,
    },
  });
  expect(reply.status, reply.text).toBe(201);
  expect(reply.body.token).toMatch(/^tok_/);
  return reply.body;
}

const chargeWith = (cardTokenId: string, key: string = KEYS.secret) =>
  t.api('/v1/charges', { key, body: charge({ paymentMethod: savedCard(cardTokenId) }) });

describe('a card token where its id is taken, same merchant: 400 naming the mix-up', () => {
  it('POST /v1/charges (variant B); the id itself charges', async () => {
    const card = await register();
    const reply = await chargeWith(card.token);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(inBody(card.id));
    const paid = await chargeWith(card.id);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ status: 'paid', paymentMethod: { cardTokenId: card.id } });
  });

  it('POST /v1/subscriptions', async () => {
    const card = await register();
    const reply = await t.secret(PATH, {
      body: subscriptionBody(PLANS.monthly, { paymentMethod: savedCard(card.token) }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(inBody(card.id));
  });

  it('POST /v1/cards/{id}/activate: refused, the card still pending', async () => {
    const card = await register(KEYS.secret, true);
    const reply = await t.secret(`/v1/cards/${card.token}/activate`, {
      body: { activationValue: card.validationAmount },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(inPath(card.id));
    const listed = await t.secret<Card[]>('/v1/cards');
    expect(listed.body.find((each) => each.id === card.id)?.status).toBe('pending_validation');
  });

  it('DELETE /v1/cards/{id}: refused, the card kept', async () => {
    const card = await register();
    const reply = await t.secret(`/v1/cards/${card.token}`, { method: 'DELETE' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(inPath(card.id));
    const listed = await t.secret<Card[]>('/v1/cards');
    expect(listed.body.map((each) => each.id)).toContain(card.id);
  });
});

describe('another merchant’s token, or an unknown one: 404 card not found, nothing named', () => {
  it.each([
    ['another merchant’s token', async () => (await register()).token],
    ['an unknown token', async () => 'tok_0000000000000000deadbeef'],
  ])('%s: charge, subscription, activate, delete', async (_, tokenOf) => {
    const token = await tokenOf();
    const plan = await createPlan(t, {}, OTHER_SECRET);
    const replies = [
      await chargeWith(token, OTHER_SECRET),
      await t.api(PATH, {
        key: OTHER_SECRET,
        body: subscriptionBody(plan.id, { paymentMethod: savedCard(token) }),
      }),
      await t.api(`/v1/cards/${token}/activate`, {
        key: OTHER_SECRET,
        body: { activationValue: '1.00' },
      }),
      await t.api(`/v1/cards/${token}`, { key: OTHER_SECRET, method: 'DELETE' }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(NOT_FOUND);
      expect(reply.text).not.toContain('card_');
    }
  });
});
