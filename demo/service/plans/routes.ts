import { Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { requireActive, requireActiveWhen } from '../accounts/require-active';
import { tenantOf } from '../accounts/tenancy';
import { documented, operation } from '../kernel/http/documented';
import { ApiError, ownError } from '../kernel/http/errors';
import { jsonBody, validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { MAX_IMAGE_BYTES, readImagePart } from './image';
import { planStatusWire, planWire } from './record';
import {
  newPlanBody,
  type PlanStatusChange,
  planListQuery,
  planListSchema,
  planSchema,
  planStatusAnswerSchema,
  planStatusBody,
} from './schema';

/** The upload's body, for `/openapi.json` (the handler reads and checks it itself). */
const imageUpload = z.object({
  file: z
    .file()
    .max(MAX_IMAGE_BYTES)
    .describe('A PNG or JPEG image (judged by its bytes), at most 2 MB'),
});
const documentsImageUpload: MiddlewareHandler = documented<MiddlewareHandler>(
  (_c, next) => next(),
  { kind: 'input', target: 'multipart', schema: imageUpload },
);

/**
 * Activating a plan lets it bill again; deactivating only stops billing, which a sub-merchant that
 * is not active may still do. So the rule reads the validated body.
 */
const activationNeedsActive = requireActiveWhen<{ out: { json: PlanStatusChange } }>(
  (c) => c.req.valid('json').status === 'active',
);

/** Immutable: a new image of a plan is a new URL (its hash). */
const IMAGE_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'",
};

/**
 * The service's plan operations (secret key): create and list (ours), retrieve, change the
 * status, upload the image; and the images themselves (`/sandbox/plan-images/…`, no key).
 * Creating or activating a plan creates billing: refused to a sub-merchant that is not active.
 */
export function planRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const { plans } = services;

  app.post(
    '/v1/subscription-plans',
    operation({
      summary: 'Create a subscription plan (active, no image yet)',
      status: 201,
      response: planSchema,
      errors: {
        400: 'A field at fault, or an `endDate` not in the future on the merchant’s clock',
      },
    }),
    secret,
    requireActive,
    jsonBody(newPlanBody),
    async (c) => {
      const plan = await plans.create(tenantOf(c.get('principal')), c.req.valid('json'));
      return c.json(planWire(plan), 201);
    },
  );

  app.get(
    '/v1/subscription-plans',
    operation({
      summary: "List the merchant's subscription plans",
      response: planListSchema,
    }),
    secret,
    validate('query', planListQuery),
    async (c) => {
      const page = await plans.list(tenantOf(c.get('principal')), c.req.valid('query'));
      return c.json({ ...page, data: page.data.map(planWire) });
    },
  );

  app.get(
    '/v1/subscription-plans/:id',
    operation({
      summary: 'Retrieve a subscription plan',
      response: planSchema,
      errors: { 404: 'No plan of this merchant has this id' },
    }),
    secret,
    async (c) => {
      return c.json(planWire(await plans.require(tenantOf(c.get('principal')), c.req.param('id'))));
    },
  );

  app.patch(
    '/v1/subscription-plans/:id/status',
    operation({
      summary:
        'Activate or deactivate a plan; with active subscriptions, deactivating first answers a confirmation token',
      response: planStatusAnswerSchema,
      errors: {
        400: 'The status it already has, or a confirmation token that is wrong, used, expired or another plan’s',
        404: 'No plan of this merchant has this id',
        422: 'Activating: the key’s sub-merchant is not active (deactivating is allowed)',
      },
    }),
    secret,
    jsonBody(planStatusBody),
    activationNeedsActive,
    async (c) => {
      const tenant = tenantOf(c.get('principal'));
      const answer = await plans.changeStatus(tenant, c.req.param('id'), c.req.valid('json'));
      return c.json(planStatusWire(answer));
    },
  );

  app.post(
    '/v1/subscription-plans/:id/image',
    operation({
      summary: "Upload the plan's image (multipart part `file`, PNG or JPEG, at most 2 MB)",
      response: planSchema,
      errors: {
        400: 'Not multipart, no `file` part, empty, larger than 2 MB, or not a PNG or JPEG',
        404: 'No plan of this merchant has this id',
      },
    }),
    secret,
    documentsImageUpload,
    async (c) => {
      const tenant = tenantOf(c.get('principal'));
      // Unknown plan first: a stranger's id is 404 whatever the body.
      await plans.require(tenant, c.req.param('id'));
      const image = await readImagePart(c.req.raw);
      return c.json(planWire(await plans.setImage(tenant, c.req.param('id'), image)));
    },
  );

  app.get(
    '/sandbox/plan-images/:planId/:file',
    operation({
      summary: "Sandbox: a plan's image, at the `imageUrl` the plan answers (no key)",
      response: 'image',
      errors: { 404: 'No such image (an image replaced by a newer one included)' },
    }),
    async (c) => {
      const image = await plans.image(c.req.param('planId'), c.req.param('file'));
      if (image === undefined) throw new ApiError(ownError(404, 'plan image not found'));
      return c.body(new Uint8Array(image.bytes), 200, {
        'Content-Type': image.contentType,
        ...IMAGE_HEADERS,
      });
    },
  );

  return app;
}
