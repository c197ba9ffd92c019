import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { FaultAction } from '../kernel/db/schema';
import { type ErrorBody, REASONS, spec } from '../kernel/http/errors';

/** The header of every answer a fault touched: the rule's id. */
export const FAULT_HEADER = 'Sandbox-Fault';

/**
 * `@hono/node-server`'s mark of an answer already given (its `RESPONSE_ALREADY_SENT`): a dropped
 * request answers a response with it, and the request log reads it as "no answer".
 */
export const NO_ANSWER_HEADER = 'x-hono-already-sent';

/** A merchant may keep this many rules; one more is a 400 naming the cap. */
export const MAX_RULES = 100;

export const FAULTS_PATH = '/sandbox/faults';

/** A fault rule as the gate tries it. */
export interface FaultRule {
  id: string;
  method: string | null;
  path: string;
  action: FaultAction;
  probability: number;
  times: number | null;
  seed: string | null;
  hits: number;
}

/**
 * The faults' own routes are never faulted, whatever a rule says (`/sandbox/*` matches them): a
 * merchant can always list and delete what it installed.
 */
export const exempt = (path: string): boolean =>
  path === FAULTS_PATH || path.startsWith(`${FAULTS_PATH}/`);

/** A rule's path: exact, or `*` standing for one whole, non-empty segment. */
export function pathMatches(pattern: string, path: string): boolean {
  if (!pattern.includes('*')) return pattern === path;
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment === '*' ? got[i] !== '' : segment === got[i]));
}

export const matches = (rule: FaultRule, method: string, path: string): boolean =>
  (rule.method === null || rule.method === method) && pathMatches(rule.path, path);

/** A rule with `times` that has answered that many requests applies no more. */
export const spent = (rule: Pick<FaultRule, 'times' | 'hits'>): boolean =>
  rule.times !== null && rule.hits >= rule.times;

/**
 * The draw, in [0, 1), of the n-th request (from 1) a seeded rule is tried on: a function of
 * the seed and n alone, so the same sequence of requests meets the same faults, and the count
 * (kept in the database) carries the sequence over a restart or to another process.
 */
export function seededDraw(seed: string, n: number): number {
  const digest = createHash('sha256').update(`${seed}\u0000${n}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/** Whether a draw in [0, 1) makes a rule of this probability answer. */
export const fires = (probability: number, draw: number): boolean => draw < probability;

/**
 * What a `status` fault answers without a `body`: the spec's body for the status where it
 * names one (401, 403, 500), else the reason phrase as message and error.
 */
export function faultBody(status: number): ErrorBody {
  if (status === 401) return spec.unauthorized();
  if (status === 403) return spec.forbidden();
  if (status === 500) return spec.internal();
  const phrase = REASONS[status] ?? STATUS_CODES[status] ?? 'Error';
  return { statusCode: status, message: phrase, error: phrase };
}

/**
 * Why a rule's path can never match a request a fault may touch (undefined: it can). Paths
 * of the API's families only; the faults' own routes are exempt.
 */
export function unusablePath(path: string): string | undefined {
  if (!/^\/(v1|sandbox)(\/|$)/.test(path)) return 'must start with /v1/ or /sandbox/';
  if (exempt(path)) return `${FAULTS_PATH} is never faulted (so a rule can always be removed)`;
  return undefined;
}
