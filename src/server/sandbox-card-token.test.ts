// @vitest-environment node
/**
 * The server client against a real sandbox: a card's `token` passed as `cardTokenId` (which takes
 * the card's `id`) rejects with a `ServerApiError` 400 that names the mix-up and the card.
 */
import { describe, expect, it } from 'vitest';
import { KEYS, useSandbox } from '../../demo/testing/sandbox';
import type { SavedCardPaymentInput } from './api-types';
import { createServerClient, ServerApiError } from './index';

const t = useSandbox();

const client = () => createServerClient({ secretKey: KEYS.secret, baseUrl: t.sandbox.apiUrl });

const registered = () =>
  client().cards.create({
    number: '4111111111111111',
    holderName: 'Ana Souza',
    expirationMonth: '12',
    expirationYear: '2030',
  });

const saved = (cardTokenId: string): SavedCardPaymentInput => ({
  type: 'credit_card',
  cardTokenId,
  cvv: '123',
  installments: 1,
});
const customer = { name: 'Ana Souza', email: 'ana.token@example.com' };

/** What the call rejected with (it must reject). */
async function rejection(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call did not reject');
}

const mixUp = (cardId: string) =>
  `paymentMethod.cardTokenId takes the card's id (card_…), not its token (tok_…); the card with this token is ${cardId}`;

describe('cardTokenId is the card’s id, never its token', () => {
  it('subscriptions.create with the token: ServerApiError 400 naming the card’s id', async () => {
    const card = await registered();
    const plan = await client().subscriptionPlans.create({
      name: 'Plano do token',
      price: 19.9,
      currency: 'BRL',
      recurrenceType: 'monthly',
    });
    const error = await rejection(
      client().subscriptions.create({
        planId: plan.id,
        customer,
        paymentMethod: saved(card.token),
      }),
    );
    expect(error).toBeInstanceOf(ServerApiError);
    expect(error).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: mixUp(card.id),
      path: '/v1/subscriptions',
    });
    const subscription = await client().subscriptions.create({
      planId: plan.id,
      customer,
      paymentMethod: saved(card.id),
    });
    expect(subscription.status).toBe('active');
  });

  it('charges.create with the token: ServerApiError 400 naming the card’s id', async () => {
    const card = await registered();
    const body = {
      amount: 10,
      currency: 'BRL',
      customer,
      items: [{ type: 'digital', name: 'E-book', quantity: 1, amount: 10 }],
    };
    const error = await rejection(
      client().charges.create({ ...body, paymentMethod: saved(card.token) }),
    );
    expect(error).toBeInstanceOf(ServerApiError);
    expect(error).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: mixUp(card.id),
      path: '/v1/charges',
    });
    const paid = await client().charges.create({ ...body, paymentMethod: saved(card.id) });
    expect(paid.status).toBe('paid');
  });
});
