import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import * as z from 'zod';
import type { Card } from '../../src/types';
import { tenantOf } from './accounts/tenancy';
import { type ApiEnv, requireKey } from './auth';
import { ApiError, spec } from './http-errors';
import { cardBrand, maskNumber, newId, nowIso } from './ids';
import { cardFields, EXPIRED, notExpired } from './three-ds-routes';
import { jsonBody, validate } from './validation';

export interface StoredCard {
  card: Card;
  /** Kept in memory so managed 3DS of a saved card can pick the card's scenario. */
  number: string;
  customerId?: string;
  /** The validation transaction of `validateCard`, in cents (BRL), while pending. */
  validationCents?: number;
}

const formatCents = (cents: number): string => (cents / 100).toFixed(2);

/** "1.37" → 137; undefined unless an exact decimal with at most two places. */
const parseDecimalCents = (value: string): number | undefined => {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (match === null) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

export class CardStore {
  private readonly byId = new Map<string, StoredCard>();

  constructor() {
    this.reset();
  }

  /** Only the seeded cards (a sandbox reset). */
  reset(): void {
    this.byId.clear();
    const year = String(new Date().getUTCFullYear() + 3);
    this.seed('card_sandbox_visa', '4111111111111111', year, 'cus_sandbox_ana');
    this.seed('card_sandbox_challenge', '4000000000000044', year, 'cus_sandbox_ana');
    this.seed('card_sandbox_pending', '5555555555554444', year, 'cus_sandbox_john', 123);
  }

  private seed(id: string, number: string, year: string, customerId: string, cents?: number) {
    const stored = this.build(number, '12', year, customerId, cents);
    stored.card.id = id;
    this.byId.set(id, stored);
  }

  private build(
    number: string,
    expirationMonth: string,
    expirationYear: string,
    customerId: string | undefined,
    validationCents: number | undefined,
  ): StoredCard {
    return {
      card: {
        id: newId('card'),
        token: newId('tok'),
        maskedNumber: maskNumber(number),
        brand: cardBrand(number),
        expirationMonth,
        expirationYear,
        status: validationCents === undefined ? 'active' : 'pending_validation',
        createdAt: nowIso(),
      },
      number,
      ...(customerId === undefined ? {} : { customerId }),
      ...(validationCents === undefined ? {} : { validationCents }),
    };
  }

  register(input: RegisterCard): { stored: StoredCard; validationAmount?: string } {
    const cents = input.validateCard ? randomInt(1, 201) : undefined;
    const stored = this.build(
      input.number,
      input.expirationMonth,
      input.expirationYear,
      input.customerId,
      cents,
    );
    this.byId.set(stored.card.id, stored);
    return cents === undefined ? { stored } : { stored, validationAmount: formatCents(cents) };
  }

  get(id: string): StoredCard | undefined {
    return this.byId.get(id);
  }

  require(id: string): StoredCard {
    const stored = this.byId.get(id);
    if (stored === undefined) throw new ApiError(spec.cardNotFound());
    return stored;
  }

  list(customerId: string | undefined): Card[] {
    return [...this.byId.values()]
      .filter((stored) => customerId === undefined || stored.customerId === customerId)
      .map((stored) => stored.card);
  }

  /** The spec: the exact validation amount, card not already active; 400 otherwise. */
  activate(id: string, activationValue: string): Card {
    const stored = this.require(id);
    const cents = parseDecimalCents(activationValue);
    if (
      stored.card.status !== 'pending_validation' ||
      cents === undefined ||
      cents !== stored.validationCents
    ) {
      throw new ApiError(spec.invalidActivation());
    }
    stored.card.status = 'active';
    delete stored.validationCents;
    return stored.card;
  }

  delete(id: string): void {
    this.require(id);
    this.byId.delete(id);
  }

  validationAmount(id: string): string | null {
    const cents = this.require(id).validationCents;
    return cents === undefined ? null : formatCents(cents);
  }
}

const registerSchema = z
  .object({
    ...cardFields,
    cvv: z
      .string()
      .regex(/^\d{3,4}$/, 'must be 3 or 4 digits')
      .optional(),
    customerId: z.string().min(1).optional(),
    validateCard: z.boolean().default(false),
  })
  .refine(notExpired, EXPIRED);
type RegisterCard = z.output<typeof registerSchema>;

const activateSchema = z.object({
  activationValue: z.string({ error: 'must be a string with an exact decimal, e.g. "1.37"' }),
});

/** Cards: registration, list, activation, deletion (secret key); the QA helper (no key). */
export function cardRoutes(cards: CardStore): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey('secret');

  app.post('/v1/cards', secret, jsonBody(registerSchema), async (c) => {
    const input = c.req.valid('json');
    if (input.customerId !== undefined) {
      await c.get('platform').customers.require(tenantOf(c.get('principal')), input.customerId);
    }
    const { stored, validationAmount } = cards.register(input);
    // `validationAmount` is sandbox-only: QA reads the "statement" from the response.
    return c.json(
      validationAmount === undefined ? stored.card : { ...stored.card, validationAmount },
      201,
    );
  });

  app.get(
    '/v1/cards',
    secret,
    validate('query', z.object({ customerId: z.string().min(1).optional() })),
    (c) => c.json(cards.list(c.req.valid('query').customerId)),
  );

  app.post('/v1/cards/:id/activate', secret, jsonBody(activateSchema), (c) => {
    const card = cards.activate(c.req.param('id'), c.req.valid('json').activationValue);
    return c.json({
      id: card.id,
      status: card.status,
      message: 'card activated; the validation amount was refunded',
    });
  });

  app.delete('/v1/cards/:id', secret, (c) => {
    const id = c.req.param('id');
    cards.delete(id);
    return c.json({ id, deleted: true, message: 'card deleted' });
  });

  app.get('/sandbox/cards/:id/validation-amount', (c) => {
    const id = c.req.param('id');
    const validationAmount = cards.validationAmount(id);
    const { status } = cards.require(id).card;
    return c.json({ id, status, validationAmount, currency: 'BRL' });
  });

  return app;
}
