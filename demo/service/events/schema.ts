import * as z from 'zod';
import { metaPageSchema } from '../customers/schema';
import { EVENT_KINDS } from '../kernel/delivery/kinds';
import { listParams } from '../kernel/lists/list-query';
import type { OrderColumn } from '../kernel/lists/page';

/**
 * Record fields `orderBy` accepts. Events of one change share their creation time; `seq` is the
 * order they were recorded in, so `createdAt` orders by it and pages stay stable.
 */
export const EVENT_COLUMNS = {
  createdAt: 'events.seq',
  event: 'events.event',
} as const satisfies Record<string, OrderColumn>;
type EventField = keyof typeof EVENT_COLUMNS;
const FIELDS = Object.keys(EVENT_COLUMNS) as EventField[];

/** `GET /sandbox/events`: `event` and `page`/`limit` as the sandbox's contract; the rest ours. */
export const eventListQuery = z.object({
  ...listParams('limit', FIELDS),
  event: z
    .string()
    .regex(/^[a-z_]+\.[a-z_]+$/, 'must be an event name such as subscription.renewed')
    .optional(),
  resourceType: z
    .string()
    .regex(/^[a-z_]+$/, 'must be a resource type such as charge')
    .optional(),
  resourceId: z.string().min(1).max(100).optional().describe('One resource’s events'),
});
export type EventListQuery = z.output<typeof eventListQuery>;

/** A stored event: its name, what it is about, when, and `data` as its envelope carries it. */
export const storedEventSchema = z.strictObject({
  id: z.string(),
  event: z.string(),
  resourceType: z.string(),
  resourceId: z.string(),
  createdAt: z.iso.datetime(),
  data: z.unknown().describe('The resource as the event’s envelope carries it'),
});
export type StoredEvent = z.output<typeof storedEventSchema>;

export const eventListSchema = metaPageSchema(storedEventSchema);

const attemptSchema = z.strictObject({
  attempt: z.int().min(1),
  status: z.int().nullable().describe('The receiver’s HTTP status, when it answered'),
  error: z.string().nullable().describe('Why it failed without a status, or was refused'),
  delivered: z.boolean(),
  durationMs: z.int().min(0),
  at: z.iso.datetime(),
});

const deliverySchema = z.strictObject({
  id: z.string(),
  channel: z.enum(['endpoint', 'postback', 'payout']),
  url: z.string(),
  endpointId: z.string().nullable(),
  status: z.enum(['queued', 'delivered', 'failed']),
  attempts: z.int().min(0),
  maxAttempts: z.int().min(1),
  nextAttemptAt: z.iso.datetime().nullable().describe('When the next attempt is due, if queued'),
  createdAt: z.iso.datetime(),
  attemptLog: z.array(attemptSchema),
});

/** `GET /sandbox/events/{id}`: the event, its envelope as sent, every delivery and attempt. */
export const eventDetailSchema = z.strictObject({
  ...storedEventSchema.shape,
  envelope: z.record(z.string(), z.unknown()).describe('The body every delivery sends'),
  deliveries: z.array(deliverySchema),
});

export const resentSchema = z.strictObject({
  eventId: z.string(),
  deliveries: z.int().min(1).describe('Deliveries queued by the resend'),
});

/** `POST /sandbox/events/trigger`: the kind to make (`TRIGGER_RECIPES` in `rules.ts`). */
export const triggerBody = z.strictObject({
  event: z
    .enum(EVENT_KINDS)
    .describe('The kind to make, through the operations that make it for real'),
});

/** What a trigger made: the stored event it caused, and the resources, by type. */
export const triggeredSchema = z.strictObject({
  event: z
    .strictObject({ id: z.string(), event: z.enum(EVENT_KINDS) })
    .describe(
      'The first stored event of that kind the trigger recorded: the caller’s, or for a payout its sub-merchant’s (GET /sandbox/events/{id} with its key)',
    ),
  resources: z
    .record(z.string(), z.string())
    .describe(
      'What was made or used, by type: charge, customer, plan, subscription, subMerchant, payoutRequest',
    ),
});
export type Triggered = z.output<typeof triggeredSchema>;
