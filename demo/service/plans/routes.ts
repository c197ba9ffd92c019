import { Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { requireActive, requireActiveWhen } from '../accounts/require-active';
import { tenantOf } from '../accounts/tenancy';
import { documented } from '../kernel/http/documented';
import { ApiError, ownError } from '../kernel/http/errors';
import { jsonBody, validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { MAX_IMAGE_BYTES, readImagePart } from './image';
import { newPlanBody, type PlanStatusChange, planListQuery, planStatusBody } from './schema';

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

  app.post('/v1/subscription-plans', secret, requireActive, jsonBody(newPlanBody), async (c) => {
    return c.json(await plans.create(tenantOf(c.get('principal')), c.req.valid('json')), 201);
  });

  app.get('/v1/subscription-plans', secret, validate('query', planListQuery), async (c) => {
    return c.json(await plans.list(tenantOf(c.get('principal')), c.req.valid('query')));
  });

  app.get('/v1/subscription-plans/:id', secret, async (c) => {
    return c.json(await plans.require(tenantOf(c.get('principal')), c.req.param('id')));
  });

  app.patch(
    '/v1/subscription-plans/:id/status',
    secret,
    jsonBody(planStatusBody),
    activationNeedsActive,
    async (c) => {
      const tenant = tenantOf(c.get('principal'));
      return c.json(await plans.changeStatus(tenant, c.req.param('id'), c.req.valid('json')));
    },
  );

  app.post('/v1/subscription-plans/:id/image', secret, documentsImageUpload, async (c) => {
    const tenant = tenantOf(c.get('principal'));
    // Unknown plan first: a stranger's id is 404 whatever the body.
    await plans.require(tenant, c.req.param('id'));
    const image = await readImagePart(c.req.raw);
    return c.json(await plans.setImage(tenant, c.req.param('id'), image));
  });

  app.get('/sandbox/plan-images/:planId/:file', async (c) => {
    const image = await plans.image(c.req.param('planId'), c.req.param('file'));
    if (image === undefined) throw new ApiError(ownError(404, 'plan image not found'));
    return c.body(new Uint8Array(image.bytes), 200, {
      'Content-Type': image.contentType,
      ...IMAGE_HEADERS,
    });
  });

  return app;
}
