import * as z from 'zod';
import { metaPageSchema } from '../customers/schema';
import { pageParam, pageSizeParam } from '../kernel/lists/list-query';

/** `GET /sandbox/requests`: filters and the list rules' `page` and `limit`; newest first. */
export const requestListQuery = z.object({
  page: pageParam,
  limit: pageSizeParam,
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  path: z
    .string()
    .regex(/^\//, 'must start with /')
    .max(500)
    .optional()
    .describe('Requests whose path starts with it'),
  status: z
    .string()
    .regex(/^\d{3}$/, 'must be an HTTP status such as 402')
    .transform(Number)
    .pipe(z.int().min(100).max(599))
    .optional(),
});
export type RequestListQuery = z.output<typeof requestListQuery>;

/** One logged request, redacted: card numbers cut to their last 4, secrets masked. */
export const loggedRequestSchema = z.strictObject({
  id: z.string(),
  at: z.iso.datetime().describe('When it arrived (real time)'),
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  status: z.int().nullable().describe('Null: no answer was sent (a fault dropped the connection)'),
  durationMs: z.int().min(0),
  faultId: z.string().nullable().describe('The fault rule that touched it'),
  idempotentReplayed: z.boolean(),
  requestBody: z.unknown().describe('The JSON sent, redacted; null when none or not JSON'),
  responseBody: z.unknown().describe('The JSON answered, redacted; null when none or not JSON'),
});
export type LoggedRequest = z.output<typeof loggedRequestSchema>;

export const requestListSchema = metaPageSchema(loggedRequestSchema);
