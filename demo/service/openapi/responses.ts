import * as z from 'zod';

/**
 * Answers of the sandbox's own shell (`api-app.ts`, `openapi/route.ts`) for `/openapi.json`;
 * each resource family keeps its answers' schemas in its `schema.ts`.
 */

/** The spec's error body (`http/errors.ts`): `error` is the reason phrase, absent on some. */
export const errorBodySchema = z.strictObject({
  statusCode: z.int().min(400).max(599),
  message: z.string(),
  error: z.string().optional(),
});

export const rootSchema = z.strictObject({
  name: z.string(),
  scenarios: z.url(),
  deliveries: z.url(),
});

/** One webhook delivery attempt (fields may be added: the list is a QA view). */
export const deliveryListSchema = z.array(
  z.looseObject({
    eventId: z.string(),
    event: z.string(),
    url: z.string(),
    attempt: z.int().min(1),
    status: z.int().optional().describe("The receiver's HTTP status, when it answered"),
    error: z.string().optional().describe('Why an attempt without a status failed'),
    delivered: z.boolean(),
    at: z.iso.datetime(),
    durationMs: z.number().min(0),
  }),
);

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});
