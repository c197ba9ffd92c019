import * as z from 'zod';
import { deliveryUrl } from '../kernel/delivery/delivery-url';
import { ALL_KINDS, EVENT_KINDS } from '../kernel/delivery/kinds';

/** A dashboard endpoint as the API answers it. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

const kinds = z
  .array(z.enum([...EVENT_KINDS, ALL_KINDS]))
  .min(1, 'must name at least one event kind, or "*"')
  .max(EVENT_KINDS.length + 1)
  .refine((list) => new Set(list).size === list.length, 'must not repeat a kind')
  .refine((list) => !list.includes(ALL_KINDS) || list.length === 1, '"*" stands alone')
  .describe('Event kinds this endpoint takes, or ["*"] for every kind');

const url = deliveryUrl.describe(
  'Where the sandbox POSTs the events: http or https, to loopback or a host SANDBOX_WEBHOOK_HOSTS lists',
);

export const newEndpointBody = z.strictObject({
  url,
  events: kinds,
  enabled: z.boolean().default(true),
});
export type NewEndpoint = z.output<typeof newEndpointBody>;

export const endpointChangeBody = z
  .strictObject({ url: url.optional(), events: kinds.optional(), enabled: z.boolean().optional() })
  .refine((body) => Object.keys(body).length > 0, 'needs url, events or enabled');
export type EndpointChange = z.output<typeof endpointChangeBody>;

const timestamp = z.iso.datetime();

export const endpointSchema = z.strictObject({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
}) satisfies z.ZodType<WebhookEndpoint>;

export const endpointListSchema = z.strictObject({ data: z.array(endpointSchema) });
export const deletedEndpointSchema = z.strictObject({ id: z.string(), deleted: z.literal(true) });
export const kindListSchema = z.strictObject({ kinds: z.array(z.string()) });
export const testSentSchema = z.strictObject({ eventId: z.string() });
