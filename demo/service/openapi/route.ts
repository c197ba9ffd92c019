import type { Hono } from 'hono';
import type { ApiEnv } from '../accounts/authenticate';
import { buildOpenApi } from './build';

export const OPENAPI_PATH = '/openapi.json';

/**
 * `GET /openapi.json` on `app`: the document of every route the app has when first asked (so
 * routes added after this one are in it too), built once per process. No key, like the other
 * sandbox helpers.
 */
export function serveOpenApi(app: Hono<ApiEnv>, serverUrl: () => string): void {
  let document: Record<string, unknown> | undefined;
  app.get(OPENAPI_PATH, (c) => {
    document ??= buildOpenApi(app.routes, {
      title: 'Payments Service sandbox',
      version: '1.0.0',
      serverUrl: serverUrl(),
    });
    return c.json(document);
  });
}
