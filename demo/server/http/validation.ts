import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import * as z from 'zod';
import { documented } from '../openapi/registry';
import { ApiError, badRequest } from './errors';

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/** Messages that read well after a field path: "paymentMethod.cvv must be at least 3 characters". */
export const errorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
    case 'too_small':
      if (issue.origin === 'string') return `must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `must contain at least ${issue.minimum} item(s)`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `must contain at most ${issue.maximum} item(s)`;
      return `must be at most ${issue.maximum}`;
    case 'invalid_format':
      return `must be a valid ${issue.format}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown field(s): ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
};

/** `items[0].type`, `paymentMethod.cvv`; the root is "body". */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text === '' ? 'body' : text;
}

export const describeIssues = (issues: readonly z.core.$ZodIssue[]): string =>
  issues
    .slice(0, 6)
    .map((issue) => `${formatPath(issue.path)} ${issue.message}`)
    .join('; ');

export type Parsed<T> = { success: true; data: T } | { success: false; message: string };

/** Parses with our messages; on failure, one readable line naming every field at fault. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(value, { error: errorMap });
  if (result.success) return { success: true, data: result.data };
  return { success: false, message: describeIssues(result.error.issues) };
}

/** Parses a nested part inside a transform, so its issues land under the parent's path. */
export function parseNested<S extends z.ZodType>(
  schema: S,
  value: unknown,
  ctx: z.core.$RefinementCtx,
): z.output<S> | typeof z.NEVER {
  const result = schema.safeParse(value, { error: errorMap });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path], input: value });
  }
  return z.NEVER;
}

/**
 * Hono's validator with a zod schema: 400 `{ statusCode, message, error: 'Bad Request' }`.
 * The schema also documents the route in `/openapi.json`.
 */
export const validate = <T extends keyof ValidationTargets, S extends z.ZodType>(
  target: T,
  schema: S,
) =>
  documented(
    validator(target, (value): z.output<S> => {
      const result = parseInput(schema, value);
      if (!result.success) throw new ApiError(badRequest(result.message));
      return result.data;
    }),
    { kind: 'input', target, schema },
  );

/** Request bodies must be JSON objects. */
export const jsonBody = <S extends z.ZodType>(schema: S) => validate('json', schema);

// Shared field rules.
export const MONTH = /^(0[1-9]|1[0-2])$/;
export const YEAR = /^\d{4}$/;
export const monthSchema = z
  .string()
  .length(2, { error: 'must be exactly 2 characters', abort: true })
  .regex(MONTH, 'must be a month from 01 to 12');
export const yearSchema = z
  .string()
  .length(4, { error: 'must be exactly 4 characters', abort: true })
  .regex(YEAR, 'must be 4 digits');
export const currencySchema = z
  .string()
  .refine(
    (code) => /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code),
    'must be an ISO 4217 currency code in capitals, e.g. BRL',
  );
export const nonEmpty = z.string().trim().min(1, 'must not be empty');
