import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { tenantOf } from '../accounts/tenancy';
import { operation } from '../kernel/http/documented';
import { jsonBody } from '../kernel/http/validation';
import type { Services } from '../registry';
import { FAULTS_PATH } from './rules';
import {
  deletedFaultSchema,
  deletedFaultsSchema,
  faultListSchema,
  faultSchema,
  newFaultBody,
} from './schema';

/**
 * A merchant's fault rules (secret key). They act in the merchant gate `faults/gate.ts` on the
 * merchant's own requests only; these routes themselves are never faulted.
 */
export function faultRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const { faults } = services;

  app.post(
    FAULTS_PATH,
    operation({
      summary:
        "Sandbox: add a fault rule for the merchant's own requests (a status and body, a delay, or a dropped connection)",
      status: 201,
      response: faultSchema,
      errors: { 400: 'A field at fault, or the merchant already keeps 100 rules' },
    }),
    secret,
    jsonBody(newFaultBody),
    async (c) =>
      c.json(await faults.create(tenantOf(c.get('principal')), c.req.valid('json')), 201),
  );

  app.get(
    FAULTS_PATH,
    operation({
      summary: "Sandbox: the merchant's fault rules, oldest first (the order they are tried in)",
      response: faultListSchema,
    }),
    secret,
    async (c) => c.json({ data: await faults.list(tenantOf(c.get('principal'))) }),
  );

  app.delete(
    `${FAULTS_PATH}/:id`,
    operation({ summary: 'Sandbox: remove one fault rule', response: deletedFaultSchema }),
    secret,
    async (c) => c.json(await faults.remove(tenantOf(c.get('principal')), c.req.param('id'))),
  );

  app.delete(
    FAULTS_PATH,
    operation({
      summary: 'Sandbox: remove every fault rule of the merchant',
      response: deletedFaultsSchema,
    }),
    secret,
    async (c) => c.json(await faults.removeAll(tenantOf(c.get('principal')))),
  );

  return app;
}
