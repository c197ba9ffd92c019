import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import * as z from 'zod';
import { operation } from '../service/kernel/http/documented';
import { selfOnlyPageCsp } from '../service/kernel/http/security-headers';
import { validate } from '../service/kernel/http/validation';
import { ASSETS_DIR } from './assets';
import { lookAlikePage } from './pages';

const lookAlikeQuery = z.object({
  kind: z.enum(['fingerprint', 'challenge']).default('fingerprint'),
  authenticationId: z.string().max(100).optional(),
});

/**
 * For the hostile-message e2e: a page that posts messages looking like the bank's, served from
 * the API origin (not the bank's), so the widget must tell them apart by origin and source. The
 * page is the bank's look-alike; demo/sandbox.ts mounts it in the API app (`createApiApp`'s
 * `extraRoutes`), under the API's own headers and request log.
 */
export function lookAlikeRoutes(): Hono {
  const app = new Hono();
  app.get(
    '/sandbox/look-alike',
    operation({
      summary: 'Sandbox: a page posting look-alike 3DS messages (hostile-message tests)',
      response: 'html',
    }),
    validate('query', lookAlikeQuery),
    (c) => {
      const { kind, authenticationId } = c.req.valid('query');
      c.header('Content-Security-Policy', selfOnlyPageCsp('*'));
      return c.html(lookAlikePage(kind, authenticationId, '/sandbox/assets/look-alike.js'));
    },
  );
  app.get(
    '/sandbox/assets/look-alike.js',
    serveStatic({ path: join(ASSETS_DIR, 'look-alike.js') }),
  );
  return app;
}
