import type { RouterRoute } from 'hono/types';
import * as z from 'zod';
import { docOf, type MiddlewareDoc, type OperationNote, shapeOf } from '../kernel/http/documented';
import { errorBodySchema } from './responses';

type Json = Record<string, unknown>;

/**
 * Routes of the API origin deliberately left out of the document: static files. Middleware
 * (`use()`, method ALL) and wildcard paths are never operations.
 */
export const EXCLUDED_ROUTES: readonly string[] = ['GET /sandbox/assets/look-alike.js'];

const METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

/** `/v1/charges/:id` → `/v1/charges/{id}` (a `:id{regex}` constraint is dropped). */
export const openApiPath = (path: string): string =>
  path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}');

export const operationKey = (method: string, path: string): string =>
  `${method.toUpperCase()} ${openApiPath(path)}`;

/** The routes that are operations, in registration order, one per method and path. */
export function documentableRoutes(routes: readonly RouterRoute[]): Map<string, RouterRoute[]> {
  const operations = new Map<string, RouterRoute[]>();
  for (const route of routes) {
    const key = operationKey(route.method, route.path);
    if (!METHODS.has(route.method) || route.path.includes('*') || EXCLUDED_ROUTES.includes(key)) {
      continue;
    }
    operations.set(key, [...(operations.get(key) ?? []), route]);
  }
  return operations;
}

/**
 * zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect): `input` as the client sends it (a
 * request), `output` as the sandbox sends it (an answer).
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): Json {
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const shape = shapeOf(zodSchema);
      if (shape === undefined) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Json)[key];
      Object.assign(jsonSchema, jsonSchemaOf(shape, io));
    },
  }) as Json;
  delete converted.$schema;
  // Shared definitions would resolve against the document's root: keep every schema inline.
  if ('$defs' in converted) throw new Error('schemas with $defs are not supported');
  return converted;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

const SUCCESS_HTML: Json = {
  description: 'An HTML page',
  content: { 'text/html': { schema: { type: 'string' } } },
};

/** The answer's schema from the operation's note; a route without one gets any object. */
const SUCCESS_IMAGE: Json = {
  description: 'A PNG or JPEG image',
  content: Object.fromEntries(
    ['image/png', 'image/jpeg'].map((type) => [
      type,
      { schema: { type: 'string', contentMediaType: type } },
    ]),
  ),
};

function successResponse(note: OperationNote | undefined): Json {
  if (note?.response === 'html') return SUCCESS_HTML;
  if (note?.response === 'image') return SUCCESS_IMAGE;
  const schema = note === undefined ? { type: 'object' } : jsonSchemaOf(note.response, 'output');
  const description = note?.status === 201 ? 'Created' : 'Success';
  return { description, content: { 'application/json': { schema } } };
}

const BODY_TYPES: Readonly<Record<string, string>> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};
const PARAMETER_PLACES: Readonly<Record<string, string>> = {
  query: 'query',
  header: 'header',
  cookie: 'cookie',
  param: 'path',
};

function parametersFrom(place: string, schema: Json): Json[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

function pathParameters(path: string, known: readonly Json[]): Json[] {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  return names
    .filter(
      (name) => !known.some((parameter) => parameter.in === 'path' && parameter.name === name),
    )
    .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

function security(docs: readonly MiddlewareDoc[]): Json {
  for (const doc of docs) {
    if (doc.kind === 'key') {
      const keys = doc.access === 'three_ds' ? 'publishable or secret key' : 'secret key';
      return { security: [{ basicAuth: [] }], 'x-keys': keys };
    }
    if (doc.kind === 'token') return { security: [{ bearerAuth: [...doc.roles] }] };
  }
  return { security: [] };
}

/**
 * Hono wraps the handlers of a sub-app with its own `onError` when mounting it, keeping the
 * original under this key (hono's `COMPOSED_HANDLER`, not exported).
 */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

function unwrap(handler: object): object {
  const inner: unknown = Reflect.get(handler, COMPOSED_HANDLER);
  return typeof inner === 'function' ? unwrap(inner) : handler;
}

const docsOf = (routes: readonly RouterRoute[]): MiddlewareDoc[] =>
  routes.flatMap((route) => docOf(unwrap(route.handler)) ?? []);

/** The note an operation's route carries (`operation()` of kernel/http/documented.ts), if any. */
export function noteOf(routes: readonly RouterRoute[]): OperationNote | undefined {
  for (const doc of docsOf(routes)) if (doc.kind === 'operation') return doc.note;
  return undefined;
}

function operation(key: string, routes: readonly RouterRoute[]): Json {
  const [method = '', path = ''] = key.split(' ');
  const docs = docsOf(routes);
  const parameters: Json[] = [];
  let requestBody: Json | undefined;
  for (const doc of docs) {
    if (doc.kind !== 'input') continue;
    const schema = jsonSchemaOf(doc.schema);
    const type = BODY_TYPES[doc.target];
    const place = PARAMETER_PLACES[doc.target];
    if (type !== undefined) requestBody = { required: true, content: { [type]: { schema } } };
    else if (place !== undefined) parameters.push(...parametersFrom(place, schema));
  }
  parameters.push(...pathParameters(path, parameters));
  const guarded = docs.some((doc) => doc.kind === 'key' || doc.kind === 'token');
  const note = noteOf(routes);
  const segments = path.split('/').filter(Boolean);
  const tag = (segments[0] === 'v1' ? segments[1] : undefined) ?? 'sandbox';
  const responses: Json = { [String(note?.status ?? 200)]: successResponse(note) };
  if (parameters.length > 0 || requestBody !== undefined) {
    responses['400'] = errorResponse('Invalid input; the message names the field at fault');
  }
  if (guarded) {
    responses['401'] = errorResponse('Missing, malformed or unknown credentials');
    responses['403'] = errorResponse('These credentials may not call this operation');
  }
  if (path.includes('{')) responses['404'] = errorResponse('Not found');
  if (docs.some((doc) => doc.kind === 'key' && doc.access === 'three_ds')) {
    responses['422'] = errorResponse('The key belongs to a sub-merchant that is not active');
  }
  for (const doc of docs) if (doc.kind === 'error') responses[doc.status] = errorResponse(doc.why);
  for (const [status, why] of Object.entries(note?.errors ?? {})) {
    responses[status] = errorResponse(why);
  }
  responses.default = errorResponse('Error');
  return {
    operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, ''),
    summary: note?.summary ?? `${method} ${path}`,
    tags: [tag],
    ...security(docs),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody === undefined ? {} : { requestBody }),
    responses,
  };
}

export interface OpenApiInfo {
  title: string;
  version: string;
  serverUrl?: string;
}

/** The OpenAPI 3.1 document of an app's routes (`app.routes`). */
export function buildOpenApi(routes: readonly RouterRoute[], info: OpenApiInfo): Json {
  const paths: Record<string, Json> = {};
  for (const [key, routesOfKey] of documentableRoutes(routes)) {
    const [method = '', path = ''] = key.split(' ');
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation(key, routesOfKey) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        "The Payments Service sandbox: the service's API and the sandbox's own helpers (`/sandbox/…`). Generated from the schemas that validate the requests.",
    },
    ...(info.serverUrl === undefined ? {} : { servers: [{ url: info.serverUrl }] }),
    paths,
    components: {
      securitySchemes: {
        basicAuth: {
          type: 'http',
          scheme: 'basic',
          description: 'An API key as the username, an empty password: `Basic base64(<key>:)`.',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token from `POST /v1/auth/login`; the roles allowed are listed.',
        },
      },
      schemas: {
        Error: jsonSchemaOf(errorBodySchema, 'output'),
      },
    },
  };
}
