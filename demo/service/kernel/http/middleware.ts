import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { sleep } from '../ids';

export const LATENCY_HEADER = 'X-Sandbox-Latency-Ms';
/** A delay above this is capped, so a typo cannot hang a client for long. */
export const MAX_LATENCY_MS = 30_000;

/** The request's `X-Sandbox-Latency-Ms` (whole milliseconds), else the default. */
export function latencyFor(header: string | undefined, defaultMs: number): number {
  const value = header?.trim();
  const requested = value !== undefined && /^\d{1,6}$/.test(value) ? Number(value) : defaultMs;
  return Math.min(Math.max(requested, 0), MAX_LATENCY_MS);
}

/**
 * Delays a request that asks for it with `X-Sandbox-Latency-Ms`, whoever sends it (mounted after
 * CORS, so not preflights). A merchant's own latency is its gate's (`latency/routes.ts`).
 */
export const requestedLatency: MiddlewareHandler = async (c, next) => {
  await sleep(latencyFor(c.req.header(LATENCY_HEADER), 0));
  await next();
};

/** One line per request: method, path, status, time. Never a body or a query string. */
export const requestLog =
  (label: string, log: (line: string) => void): MiddlewareHandler =>
  async (c, next) => {
    const started = Date.now();
    await next();
    log(`${label} ${c.req.method} ${c.req.path} ${c.res.status} ${Date.now() - started}ms`);
  };

/** 415 unless the body is declared JSON: a cross-site form cannot send it without a preflight. */
export const requireJson =
  (onRefuse: () => never): MiddlewareHandler =>
  async (c, next) => {
    const type = c.req.header('Content-Type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) onRefuse();
    await next();
  };

/**
 * Refuses a body larger than `maxSize` (`onTooLarge` throws). A declared `Content-Length` is
 * checked from the header alone, and a request with neither it nor `Transfer-Encoding` has no
 * body: hono's `bodyLimit` reads `c.req.raw.body`, which makes @hono/node-server build a whole
 * web `Request` (stream, abort signal) for every request, GETs included. Only a chunked body is
 * left to it, to count while it streams.
 */
export const bodyLimit = (maxSize: number, onTooLarge: () => never): MiddlewareHandler => {
  const chunked = honoBodyLimit({ maxSize, onError: onTooLarge });
  return async (c, next) => {
    if (c.req.header('Transfer-Encoding') !== undefined) return chunked(c, next);
    const length = c.req.header('Content-Length');
    if (length !== undefined && !(Number(length) <= maxSize)) onTooLarge();
    await next();
  };
};

/**
 * CORS open to every origin (`*`, no credentials). Preflights (`OPTIONS`) go to hono's `cors`;
 * other requests get `Access-Control-Allow-Origin: *` once answered. Hono's `cors` sets it
 * before the handler, through `c.res`, and Hono then rebuilds the handler's response around a
 * stream of its body (a web `Response`) to merge the two: on every request.
 */
export const openCors = (options: {
  allowMethods: string[];
  allowHeaders: string[];
  maxAge: number;
}): MiddlewareHandler => {
  const preflight = cors({ origin: '*', ...options });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
  };
};
