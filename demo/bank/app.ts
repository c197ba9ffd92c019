import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { validator } from 'hono/validator';
import * as z from 'zod';
import type { SandboxHost } from '../service/host';
import { REASONS } from '../service/kernel/http/errors';
import { httpOrigin } from '../service/kernel/http/html';
import { requestLog } from '../service/kernel/http/middleware';
import { ACS_HEADERS, defaultHeaders } from '../service/kernel/http/security-headers';
import { parseInput } from '../service/kernel/http/validation';
import type { Services } from '../service/registry';
import { CHALLENGE_CODE } from '../service/three-ds/scenarios';
import type { Authentication, ChallengeEnd } from '../service/three-ds/schema';
import { ASSETS_DIR } from './assets';
import { bankLanguage, type Language, languageFromAcceptHeader, TEXTS } from './i18n';
import {
  CANCEL_ACTION,
  challengePage,
  completePage,
  fingerprintPage,
  lookAlikePage,
  noticePage,
} from './pages';

/** `token`: the page token the service put in the page's URL (three-ds/rules.ts `pageToken`). */
const idQuery = z.object({
  authenticationId: z.string().min(1).max(100),
  // Absent: the same 404 as a wrong one (an id alone opens nothing).
  token: z.string().max(100).default(''),
});
// No `lang`: the authentication's `browser.language` decides (a stray one is dropped unread).
const challengeQuery = idQuery.extend({ parentOrigin: z.string().optional() });
const challengeForm = challengeQuery.extend({ code: z.string().max(64).default('') });
const lookAlikeQuery = z.object({
  kind: z.enum(['fingerprint', 'challenge']).default('fingerprint'),
  authenticationId: z.string().max(100).optional(),
});

/** A page with no authentication to read (unknown id, bad request): Accept-Language, else English. */
const requestLanguage = (c: Context): Language =>
  languageFromAcceptHeader(c.req.header('Accept-Language')) ?? 'en';

const page = (c: Context, html: string, status: ContentfulStatusCode = 200) => c.html(html, status);

/** Query or form fields, or a 400 page. */
const fields = <S extends z.ZodType>(target: 'query' | 'form', schema: S) =>
  validator(target, (value, c): z.output<S> | Response => {
    const result = parseInput(schema, value);
    if (result.success) return result.data;
    return page(c, noticePage(requestLanguage(c), 'Bad request', result.message), 400);
  });

/**
 * The 3DS (ACS) origin: fingerprinting pages, the challenge, look-alike test pages. The bank
 * reads and answers the service's authentications (the registry's, `services`), as the
 * service's own ACS would.
 */
export function createAcsApp(
  services: Pick<Services, 'authentications'>,
  host: Pick<SandboxHost, 'log'>,
): Hono {
  const app = new Hono();
  const store = services.authentications;
  /**
   * The authentication a page asks for, if the page is its flow's: a wrong or missing token is
   * the same 404 as an unknown id, so a page tells nothing of other authentications.
   */
  const opened = (authenticationId: string, token: string) =>
    store.pages.opens(authenticationId, token) ? store.get(authenticationId) : undefined;
  const { log } = host;
  app.use('*', requestLog('3ds', log));
  app.use('*', defaultHeaders(ACS_HEADERS));
  // The challenge form, code or Cancel, may only be posted by the challenge page itself: hono's
  // csrf() refuses a form whose Origin is another and whose Sec-Fetch-Site is not same-origin.
  for (const path of ['/3ds/challenge', CANCEL_ACTION]) {
    app.use(path, csrf(), bodyLimit({ maxSize: 16 * 1024 }));
  }

  app.notFound((c) => page(c, noticePage('en', 'Not found', `Nothing at ${c.req.path}`), 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      const title = REASONS[error.status] ?? 'Request refused';
      const message =
        error.status === 403 ? 'This form may only be sent from the verification page.' : title;
      return page(c, noticePage('en', title, message), error.status);
    }
    log(`3ds error: ${c.req.method} ${c.req.path}: ${error.message}`);
    return page(c, noticePage('en', 'Error', 'Internal server error'), 500);
  });

  const notFound = (c: Context) => {
    const lang = requestLanguage(c);
    return page(c, noticePage(lang, TEXTS[lang].notFoundTitle, TEXTS[lang].notFound), 404);
  };

  for (const kind of ['fingerprint', 'fingerprint-silent'] as const) {
    app.get(`/3ds/${kind}`, fields('query', idQuery), async (c) => {
      const { authenticationId, token } = c.req.valid('query');
      const auth = await opened(authenticationId, token);
      if (auth === undefined) return notFound(c);
      log(`3ds: ${authenticationId} ${kind} page loaded`);
      return page(c, fingerprintPage(auth, kind === 'fingerprint-silent'));
    });
  }

  /** What to show for an authentication whose challenge is not pending. */
  const notPending = (c: Context, auth: Authentication, parentOrigin: string) => {
    if (auth.challenge !== undefined)
      return page(c, completePage(auth, auth.challenge, parentOrigin));
    const lang = bankLanguage(auth.language);
    return page(c, noticePage(lang, TEXTS[lang].notPendingTitle, TEXTS[lang].notPending), 409);
  };

  /** Records the end of the challenge (once: a second answer sees it is no longer pending). */
  const complete = async (c: Context, id: string, end: ChallengeEnd, parentOrigin: string) => {
    const done = await store.completeChallenge(id, end);
    if (done === undefined) return notFound(c);
    if (!done.completed) return notPending(c, done.auth, parentOrigin);
    return page(c, completePage(done.auth, end, parentOrigin));
  };

  app.get('/3ds/challenge', fields('query', challengeQuery), async (c) => {
    const query = c.req.valid('query');
    const auth = await opened(query.authenticationId, query.token);
    if (auth === undefined) return notFound(c);
    // The merchant page that framed us: the completion message's target origin.
    const parentOrigin = httpOrigin(query.parentOrigin) || httpOrigin(c.req.header('Referer'));
    if (auth.status !== 'requires_challenge') return notPending(c, auth, parentOrigin);
    return page(c, challengePage({ auth, parentOrigin, token: query.token }));
  });

  app.post('/3ds/challenge', fields('form', challengeForm), async (c) => {
    const form = c.req.valid('form');
    const auth = await opened(form.authenticationId, form.token);
    if (auth === undefined) return notFound(c);
    const parentOrigin = httpOrigin(form.parentOrigin);
    if (auth.status !== 'requires_challenge') return notPending(c, auth, parentOrigin);
    const code = form.code.trim();
    if (code === '') {
      const error = TEXTS[bankLanguage(auth.language)].emptyCode;
      return page(c, challengePage({ auth, parentOrigin, token: form.token, error }), 422);
    }
    const end = code === CHALLENGE_CODE ? 'success' : 'failure';
    return complete(c, form.authenticationId, end, parentOrigin);
  });

  // Cancel: the cardholder cancels (challenge-result state `failure`).
  app.post(CANCEL_ACTION, fields('form', challengeForm), async (c) => {
    const form = c.req.valid('form');
    if ((await opened(form.authenticationId, form.token)) === undefined) return notFound(c);
    return complete(c, form.authenticationId, 'canceled', httpOrigin(form.parentOrigin));
  });
  // Once a link: a GET (a cross-site one included) changes nothing.
  app.get(CANCEL_ACTION, (c) => {
    c.header('Allow', 'POST');
    return page(
      c,
      noticePage('en', 'Method Not Allowed', 'Use the Cancel button on the verification page.'),
      405,
    );
  });

  app.get('/3ds/look-alike', fields('query', lookAlikeQuery), (c) => {
    const { kind, authenticationId } = c.req.valid('query');
    return page(c, lookAlikePage(kind, authenticationId, '/3ds/assets/look-alike.js'));
  });

  app.use(
    '/3ds/assets/*',
    serveStatic({
      root: ASSETS_DIR,
      rewriteRequestPath: (path) => path.replace(/^\/3ds\/assets/, ''),
    }),
  );

  return app;
}
