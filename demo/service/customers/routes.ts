import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { tenantOf } from '../accounts/tenancy';
import { operation } from '../kernel/http/documented';
import { validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { customerListQuery, customerListSchema, customerSchema } from './schema';

/** GET /v1/customers (filters, page, limit, orderBy) and GET /v1/customers/{id}: secret key. */
export function customerRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const { customers } = services;

  app.get(
    '/v1/customers',
    operation({ summary: 'List customers', response: customerListSchema }),
    secret,
    validate('query', customerListQuery),
    async (c) => {
      return c.json(await customers.list(tenantOf(c.get('principal')), c.req.valid('query')));
    },
  );

  app.get(
    '/v1/customers/:id',
    operation({ summary: 'Retrieve a customer', response: customerSchema }),
    secret,
    async (c) => {
      return c.json(await customers.require(tenantOf(c.get('principal')), c.req.param('id')));
    },
  );

  return app;
}
