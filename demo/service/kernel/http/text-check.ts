import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { ApiError, badRequest } from './errors';
import { decodeMarked, MARK, percentDecode, utf8 } from './utf8';
import { formatPath, printable } from './validation';

export const NUL = 'must not contain a NUL character';
export const NOT_UTF8 = 'must be valid UTF-8';
export const LONE_SURROGATE = 'must not contain an unpaired UTF-16 surrogate';

/** As many faults as a validation message names (`describeIssues`). */
const MAX_FAULTS = 6;

const UNPAIRED = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a string of a JSON body; `marked`: its body was not all UTF-8. */
function stringFault(text: string, marked: boolean): string | undefined {
  if (text.includes('\u0000')) return NUL;
  // A `\udfff` escape in such a body reads as the mark too: refused either way.
  if (marked && text.includes(MARK)) return NOT_UTF8;
  if (UNPAIRED.test(text)) return LONE_SURROGATE;
  return undefined;
}

/** What is wrong with a decoded URL piece, and its text when it is UTF-8. */
function urlFault(piece: string): { fault?: string; text?: string } {
  if (!piece.includes('%')) return { text: piece };
  const bytes = percentDecode(piece);
  if (bytes.includes(0)) return { fault: NUL };
  const text = utf8(bytes);
  return text === undefined ? { fault: NOT_UTF8 } : { text };
}

/** The route's parameter names by path segment (`/v1/charges/:id` → id at 3). */
function paramNames(c: Context): Array<string | undefined> {
  // The handler's route: middleware (`use()`) is method ALL.
  const route = matchedRoutes(c).findLast((candidate) => candidate.method !== 'ALL');
  return (route?.path ?? '').split('/').map((segment) => /^:(\w+)/.exec(segment)?.[1]);
}

function checkUrl(c: Context, faults: string[]): void {
  const url = c.req.url;
  if (!url.includes('%')) return;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const queryAt = url.indexOf('?', start);
  const path = url.slice(start, queryAt === -1 ? undefined : queryAt);
  let names: Array<string | undefined> | undefined;
  path.split('/').forEach((segment, index) => {
    const { fault } = urlFault(segment);
    if (fault === undefined) return;
    names ??= paramNames(c);
    const name = names[index];
    faults.push(`${name === undefined ? 'path' : `path parameter ${name}`} ${fault}`);
  });
  if (queryAt === -1) return;
  for (const pair of url.slice(queryAt + 1).split('&')) {
    const equals = pair.indexOf('=');
    const [rawName, rawValue] =
      equals === -1 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)];
    const name = urlFault(rawName.replaceAll('+', ' '));
    if (name.fault !== undefined) {
      // Quoted as sent (percent-encoded, so printable whatever it decodes to).
      faults.push(`query parameter name ${rawName} ${name.fault}`);
      continue;
    }
    const value = urlFault(rawValue.replaceAll('+', ' '));
    if (value.fault !== undefined) faults.push(`${printable(name.text ?? '')} ${value.fault}`);
  }
}

interface Node {
  value: unknown;
  key?: string | number;
  parent?: Node;
}

const pathOf = (node: Node, marked: boolean): string => {
  const path: Array<string | number> = [];
  for (let at: Node | undefined = node; at?.key !== undefined; at = at.parent) {
    // A mark is shown as U+FFFD: where the bytes that were not UTF-8 stood.
    path.unshift(typeof at.key === 'string' && marked ? at.key.replaceAll(MARK, '\ufffd') : at.key);
  }
  return formatPath(path);
};

/** Every string of a parsed JSON body, keys too, depth first (no recursion: any depth). */
function checkJson(body: unknown, marked: boolean, faults: string[]): void {
  const pending: Node[] = [{ value: body }];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (faults.length >= MAX_FAULTS) return;
    const { value } = node;
    if (typeof value === 'string') {
      const fault = stringFault(value, marked);
      if (fault !== undefined) faults.push(`${pathOf(node, marked)} ${fault}`);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        pending.push({ value: value[index], key: index, parent: node });
      }
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      for (const [key] of entries) {
        const fault = stringFault(key, marked);
        const field = { value: undefined, key, parent: node };
        if (fault !== undefined) faults.push(`field name ${pathOf(field, marked)} ${fault}`);
      }
      for (const [key, child] of entries.reverse()) {
        pending.push({ value: child, key, parent: node });
      }
    }
  }
}

/** The media types hono's `validator('json')` parses (hono/validator). */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

async function checkBody(c: Context, faults: string[]): Promise<void> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
  // No body to read: reading `c.req.raw` would build a web Request for nothing (middleware.ts).
  const hasBody =
    c.req.header('Transfer-Encoding') !== undefined ||
    Number(c.req.header('Content-Length') ?? 0) > 0;
  if (!hasBody || !JSON_TYPE.test(type)) return;
  // Cached by hono: the route's validator reads the same bytes again.
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const text = utf8(bytes, { body: true });
  const marked = text === undefined;
  let body: unknown;
  try {
    body = JSON.parse(text ?? decodeMarked(bytes));
  } catch {
    // Not JSON: the route's validator says so, unless it is not even UTF-8.
    if (marked) faults.push(`body ${NOT_UTF8}`);
    return;
  }
  checkJson(body, marked, faults);
}

/**
 * The API origin's one check of the text a request carries, before any key is read and before
 * the database: PostgreSQL's `text` refuses a NUL (a 500 otherwise), and bytes that are not
 * UTF-8 or an unpaired UTF-16 surrogate would be stored as U+FFFD. Every piece of the path, every
 * query parameter (name and value) and every string of a JSON body (keys and values, at any
 * depth) is checked; a 400 names each field at fault, as validation does (`validation.ts`).
 * Other bodies are left to their route (the plan image's multipart: only its file is read).
 */
export const textCheck: MiddlewareHandler = async (c, next) => {
  const faults: string[] = [];
  checkUrl(c, faults);
  await checkBody(c, faults);
  if (faults.length > 0) throw new ApiError(badRequest(faults.slice(0, MAX_FAULTS).join('; ')));
  await next();
};
