import type { Hono } from 'hono';
import type { ApiEnv } from '../accounts/authenticate';
import { operation } from '../kernel/http/documented';
import { buildOpenApi } from './build';
import { openApiDocumentSchema } from './responses';

export const OPENAPI_PATH = '/openapi.json';

/**
 * `GET /openapi.json` on `app`: the document of every route the app has when first asked (so
 * routes added after this one are in it too), built once per process. No key, like the other
 * sandbox helpers.
 */
export function serveOpenApi(app: Hono<ApiEnv>, serverUrl: () => string): void {
  let document: Record<string, unknown> | undefined;
  const note = operation({
    summary: 'This document: OpenAPI 3.1 for every route of the API origin',
    response: openApiDocumentSchema,
  });
  app.get(OPENAPI_PATH, note, (c) => {
    document ??= buildOpenApi(app.routes, {
      title: 'Payments Service sandbox',
      version: '1.0.0',
      serverUrl: serverUrl(),
    });
    return c.json(document);
  });
}
