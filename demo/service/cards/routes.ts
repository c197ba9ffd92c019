import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { requireActive } from '../accounts/require-active';
import { tenantOf } from '../accounts/tenancy';
import { operation } from '../kernel/http/documented';
import { jsonBody, validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import {
  activateCardSchema,
  activatedCardSchema,
  cardListQuery,
  cardListSchema,
  deletedCardSchema,
  registerCardSchema,
  registeredCardSchema,
  validationAmountSchema,
} from './schema';

/**
 * Cards: registration, list, activation, deletion (secret key); the QA helper (no key). A card
 * registered or activated is one to bill (its validation is a charge of up to 2.00 BRL), so a
 * sub-merchant that is not active is refused both; it may still list and delete its cards.
 */
export function cardRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const { cards, customers } = services;

  app.post(
    '/v1/cards',
    operation({
      summary: 'Register a card',
      status: 201,
      response: registeredCardSchema,
      errors: { 404: 'The customer id is not this merchant’s' },
    }),
    secret,
    requireActive,
    jsonBody(registerCardSchema),
    async (c) => {
      const tenant = tenantOf(c.get('principal'));
      const input = c.req.valid('json');
      if (input.customerId !== undefined) await customers.require(tenant, input.customerId);
      const { card, validationAmount } = await cards.register(tenant, input);
      // `validationAmount` is sandbox-only: QA reads the "statement" from the response.
      return c.json(validationAmount === undefined ? card : { ...card, validationAmount }, 201);
    },
  );

  app.get(
    '/v1/cards',
    operation({ summary: 'List saved cards', response: cardListSchema }),
    secret,
    validate('query', cardListQuery),
    async (c) => {
      const { customerId } = c.req.valid('query');
      return c.json(await cards.list(tenantOf(c.get('principal')), customerId));
    },
  );

  app.post(
    '/v1/cards/:id/activate',
    operation({
      summary: 'Activate a card with its validation amount',
      response: activatedCardSchema,
      errors: {
        400: 'A wrong value, a card already active, or the card’s `token` in the path (it takes the card’s `id`)',
      },
    }),
    secret,
    requireActive,
    jsonBody(activateCardSchema),
    async (c) => {
      const { activationValue } = c.req.valid('json');
      const card = await cards.activate(
        tenantOf(c.get('principal')),
        c.req.param('id'),
        activationValue,
      );
      return c.json({
        id: card.id,
        status: card.status,
        message: 'card activated; the validation amount was refunded',
      });
    },
  );

  app.delete(
    '/v1/cards/:id',
    operation({
      summary: 'Delete a saved card',
      response: deletedCardSchema,
      errors: {
        400: 'The card a subscription is charged on, or the card’s `token` in the path (it takes the card’s `id`)',
      },
    }),
    secret,
    async (c) => {
      const id = c.req.param('id');
      await cards.delete(tenantOf(c.get('principal')), id);
      return c.json({ id, deleted: true, message: 'card deleted' });
    },
  );

  app.get(
    '/sandbox/cards/:id/validation-amount',
    operation({
      summary:
        "Sandbox: a pending card's validation amount (the statement QA reads); its merchant's secret key",
      response: validationAmountSchema,
    }),
    secret,
    async (c) => {
      const id = c.req.param('id');
      const tenant = tenantOf(c.get('principal'));
      const { status, validationAmount } = await cards.validationAmount(tenant, id);
      return c.json({ id, status, validationAmount, currency: 'BRL' });
    },
  );

  return app;
}
