// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { charge, threeDsFor } from '../../testing/charges';
import { schemaErrors } from '../../testing/json-schema';
import { resolve } from '../../testing/openapi-answers';
import { authenticateBody, KEYS, useSandbox } from '../../testing/sandbox';
import { documentableRoutes, EXCLUDED_ROUTES, noteOf, openApiPath, operationKey } from './build';

const t = useSandbox();

type Json = Record<string, unknown>;
interface Operation {
  summary: string;
  tags: string[];
  security: Json[];
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, Json>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Json; securitySchemes: Json };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const documentOf = async () => {
  const reply = await t.api<Document>('/openapi.json');
  expect(reply.status).toBe(200);
  return reply.body;
};

const operationsOf = (doc: Document): string[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => HTTP_METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

/** Every `$ref` in the document, as JSON pointers. */
function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refsOf(item, found);
    }
  }
  return found;
}

const bodySchemaOf = (doc: Document, path: string) =>
  doc.paths[path]?.post?.requestBody?.content['application/json']?.schema as
    | { required: string[]; properties: Record<string, Json> }
    | undefined;

describe('GET /openapi.json', () => {
  it('answers without a key, with CORS, the same document each time', async () => {
    const first = await t.api('/openapi.json', { headers: { Origin: 'http://elsewhere.test' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    const second = await t.api('/openapi.json', { key: KEYS.secret });
    expect(second.text).toBe(first.text);
  });

  it('is an OpenAPI 3.1 document: info, paths, responses everywhere, every $ref resolves', async () => {
    const doc = await documentOf();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).not.toBe('');
    expect(doc.info.version).not.toBe('');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\//);
      expect(path).not.toMatch(/[:*]/);
      for (const [method, operation] of Object.entries(item)) {
        expect(HTTP_METHODS).toContain(method);
        expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
        expect(operation.summary).not.toBe('');
        expect(operation.tags).toHaveLength(1);
        for (const requirement of operation.security) {
          for (const scheme of Object.keys(requirement)) {
            expect(doc.components.securitySchemes).toHaveProperty(scheme);
          }
        }
        const operationId = (operation as unknown as { operationId: string }).operationId;
        expect(ids.has(operationId)).toBe(false);
        ids.add(operationId);
        // Every {name} of the path is a required path parameter, and nothing else is.
        const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
        const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path');
        expect(inPath.map((p) => p.name).sort()).toEqual(names.sort());
        for (const parameter of inPath) expect(parameter.required).toBe(true);
      }
    }
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\//);
      expect(resolve(doc, ref), ref).toBeTypeOf('object');
    }
    expect(JSON.stringify(doc)).not.toContain('"$schema"');
  });

  it('documents every route of the API origin, except the listed exclusions', async () => {
    const doc = await documentOf();
    const documented = new Set(operationsOf(doc));
    const routes = t.sandbox.apiApp.routes.filter(
      (route) => route.method !== 'ALL' && !route.path.includes('*'),
    );
    expect(routes.length).toBeGreaterThan(20);
    const missing = [
      ...new Set(routes.map((route) => operationKey(route.method, route.path))),
    ].filter((key) => !EXCLUDED_ROUTES.includes(key) && !documented.has(key));
    expect(missing).toEqual([]);
    // Nothing invented: each operation is a route.
    const keys = new Set(documentableRoutes(t.sandbox.apiApp.routes).keys());
    expect([...documented].filter((key) => !keys.has(key))).toEqual([]);
    // Exclusions are real routes (a stale one hides nothing).
    const all = new Set(t.sandbox.apiApp.routes.map((r) => operationKey(r.method, r.path)));
    for (const excluded of EXCLUDED_ROUTES) expect(all.has(excluded), excluded).toBe(true);
  });

  it('has a written note for every operation, beside its route (operation() first)', () => {
    const routes = documentableRoutes(t.sandbox.apiApp.routes);
    const undocumented = [...routes].filter(([, of]) => noteOf(of) === undefined);
    expect(undocumented.map(([key]) => key)).toEqual([]);
  });

  it('takes request bodies from the schemas that validate them', async () => {
    const doc = await documentOf();
    const charge = bodySchemaOf(doc, '/v1/charges');
    expect(charge?.required).toEqual(
      expect.arrayContaining(['amount', 'currency', 'customer', 'paymentMethod', 'items']),
    );
    expect(charge?.properties.amount).toMatchObject({ type: 'number', minimum: 1 });
    // The payment method's four variants (raw card, saved card, wallet, pix), not "anything".
    const variants =
      (charge?.properties.paymentMethod as { anyOf?: Json[] } | undefined)?.anyOf ?? [];
    expect(variants.map((variant) => variant.required)).toEqual([
      expect.arrayContaining(['type', 'number', 'holderName', 'cvv', 'installments']),
      expect.arrayContaining(['type', 'cardTokenId', 'cvv', 'installments']),
      expect.arrayContaining(['type', 'installments', 'wallet']),
      ['type'],
    ]);
    expect(variants[3]).toMatchObject({
      additionalProperties: false,
      properties: {
        type: { const: 'pix' },
        expiresInSeconds: { type: 'integer', minimum: 60, maximum: 86400 },
      },
    });
    const authenticate = bodySchemaOf(doc, '/v1/three-ds/authenticate');
    expect(authenticate?.required).toEqual(
      expect.arrayContaining(['amount', 'currency', 'card', 'browser']),
    );
    expect(authenticate?.properties.card).toMatchObject({
      required: expect.arrayContaining(['number', 'holderName', 'expirationMonth']),
    });
  });

  it('takes query parameters from the schemas and credentials from the middleware', async () => {
    const doc = await documentOf();
    const customers = doc.paths['/v1/customers']?.get;
    expect(customers?.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(
      expect.arrayContaining(['query page', 'query limit', 'query orderBy']),
    );
    expect(customers?.security).toEqual([{ basicAuth: [] }]);
    expect(doc.paths['/v1/three-ds/submit']?.post?.security).toEqual([{ basicAuth: [] }]);
    expect(doc.paths['/sandbox/reset']?.post?.security).toEqual([{ bearerAuth: ['admin'] }]);
    expect(doc.paths['/v1/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths['/v1/charges']?.post?.responses).toHaveProperty('201');
    expect(doc.paths['/v1/charges/{id}']?.get?.responses['404']).toEqual({
      description: 'Not found',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(doc.components.schemas.Error).toMatchObject({ required: ['statusCode', 'message'] });
    expect(Object.keys(doc.paths['/sandbox/look-alike']?.get?.responses['200'] ?? {})).toEqual([
      'description',
      'content',
    ]);
  });
});

/** The JSON schema of an operation's answer with `status`, `$ref`s resolved. */
function answerSchema(doc: Document, key: string, status: string): Json {
  const [method = '', path = ''] = key.split(' ');
  const response = doc.paths[path]?.[method.toLowerCase()]?.responses[status] as
    | { content?: Record<string, { schema: Json }> }
    | undefined;
  const schema = response?.content?.['application/json']?.schema;
  if (schema === undefined) throw new Error(`${key} documents no JSON answer for ${status}`);
  return typeof schema.$ref === 'string' ? (resolve(doc, schema.$ref) as Json) : schema;
}

describe('GET /openapi.json: answers', () => {
  it('every operation has a 2xx answer with a schema of its own (not just "an object")', async () => {
    const doc = await documentOf();
    const without = operationsOf(doc).filter((key) => {
      const [method = '', path = ''] = key.split(' ');
      const responses = doc.paths[path]?.[method.toLowerCase()]?.responses ?? {};
      const success = Object.entries(responses).find(([status]) => /^2\d\d$/.test(status));
      const content = (success?.[1] as { content?: Record<string, { schema: Json }> })?.content;
      if (content?.['text/html'] !== undefined || content?.['image/png'] !== undefined) {
        return false;
      }
      const schema = content?.['application/json']?.schema ?? {};
      return !('properties' in schema || 'items' in schema || 'anyOf' in schema);
    });
    expect(without).toEqual([]);
  });

  it('real answers conform: an authentication, a charge, a customer list, an error', async () => {
    const doc = await documentOf();
    const auth = await t.api('/v1/three-ds/authenticate', {
      key: KEYS.publishable,
      body: authenticateBody('4111111111111111'),
    });
    expect(auth.status).toBe(200);
    const threeDS = await threeDsFor(t);
    const created = await t.secret('/v1/charges', {
      body: charge({
        paymentMethod: { ...charge().paymentMethod, threeDS },
        customer: { name: 'Ana', email: 'openapi@example.com' },
      }),
    });
    expect(created.status).toBe(201);
    const list = await t.secret('/v1/customers?limit=100');
    const denied = await t.api('/v1/customers', { key: KEYS.publishable });
    const checks: [string, string, unknown][] = [
      ['POST /v1/three-ds/authenticate', '200', auth.body],
      ['POST /v1/three-ds/challenge-result', '200', threeDS],
      ['POST /v1/charges', '201', created.body],
      ['GET /v1/customers', '200', list.body],
      ['GET /v1/customers', '403', denied.body],
    ];
    for (const [key, status, body] of checks) {
      expect(schemaErrors(answerSchema(doc, key, status), body), key).toEqual([]);
    }
  });

  it('an answer with a field the schema does not list, or missing one, does not conform', async () => {
    const doc = await documentOf();
    const schema = answerSchema(doc, 'GET /v1/customers/{id}', '200');
    const { body } = await t.secret<{ data: Json[] }>('/v1/customers?limit=1');
    const customer = body.data[0] as Json;
    expect(schemaErrors(schema, customer)).toEqual([]);
    expect(schemaErrors(schema, { ...customer, cardNumber: '4111111111111111' })).toEqual([
      '$: has cardNumber, which the schema does not list',
    ]);
    const { email: _email, ...withoutEmail } = customer;
    expect(schemaErrors(schema, withoutEmail)).toEqual(['$: no email']);
  });

  it('lists the errors a route can answer', async () => {
    const doc = await documentOf();
    const statuses = (key: string) => {
      const [method = '', path = ''] = key.split(' ');
      return Object.keys(doc.paths[path]?.[method.toLowerCase()]?.responses ?? {});
    };
    expect(statuses('POST /v1/three-ds/authenticate')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '422']),
    );
    expect(statuses('POST /v1/charges')).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '422']),
    );
    expect(statuses('GET /v1/customers')).not.toContain('422');
    expect(statuses('POST /v1/auth/login')).toContain('401');
  });
});

describe('openApiPath', () => {
  it('turns Hono parameters into OpenAPI ones', () => {
    expect(openApiPath('/v1/charges/:id')).toBe('/v1/charges/{id}');
    expect(openApiPath('/v1/a/:id{[0-9]+}/b/:other')).toBe('/v1/a/{id}/b/{other}');
    expect(openApiPath('/sandbox/scenarios')).toBe('/sandbox/scenarios');
  });
});
