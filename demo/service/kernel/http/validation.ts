import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import * as z from 'zod';
import { documented } from './documented';
import { ApiError, badRequest } from './errors';

/** What a strict object says of a member it does not define: `threeDS is not a known field`. */
export const UNKNOWN_FIELD = 'is not a known field';

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
      // Not read: `fieldIssues` gives each key an issue of its own, at its own path.
      return UNKNOWN_FIELD;
    default:
      return undefined;
  }
};

// C0 controls, DEL and unpaired surrogates: shown as `\u0000`, so a message stays one clean line.
const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it escapes
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A client's key, safe to quote in a message. */
export const printable = (text: string): string =>
  text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** `items[0].type`, `paymentMethod.cvv`; the root is "body". */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? printable(String(key)) : `.${printable(String(key))}`;
  }
  return text === '' ? 'body' : text;
}

export interface FieldIssue {
  path: PropertyKey[];
  message: string;
  /** A member the schema does not define (zod's `unrecognized_keys`, one issue per key). */
  unknown?: true;
}

/** zod's issues, one per field: each unknown key named at its own path (`paymentMethod.foo`). */
export const fieldIssues = (issues: readonly z.core.$ZodIssue[]): FieldIssue[] =>
  issues.flatMap((issue): FieldIssue[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: [...issue.path, key],
          message: UNKNOWN_FIELD,
          unknown: true,
        }))
      : [{ path: [...issue.path], message: issue.message }],
  );

export const describeIssues = (issues: readonly z.core.$ZodIssue[]): string =>
  fieldIssues(issues)
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

/** "type, cvv and installments". */
export const listOf = (words: readonly string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** What a variant of a union takes, for the message on a member it does not define. */
export const takesOnly = (what: string, schema: z.ZodObject): string =>
  `${what} takes only ${listOf(Object.keys(schema.shape))}`;

/**
 * Parses a nested part inside a transform, so its issues land under the parent's path. A
 * variant chosen by hand (the charge's payment method) passes `takes` (from `takesOnly`): an
 * unknown member of it then says which variant was chosen and what that one takes.
 */
export function parseNested<S extends z.ZodType>(
  schema: S,
  value: unknown,
  ctx: z.core.$RefinementCtx,
  takes?: string,
): z.output<S> | typeof z.NEVER {
  const result = schema.safeParse(value, { error: errorMap });
  if (result.success) return result.data;
  for (const issue of fieldIssues(result.error.issues)) {
    const own = issue.unknown === true && issue.path.length === 1 && takes !== undefined;
    const message = own ? `${issue.message}; ${takes}` : issue.message;
    ctx.addIssue({ code: 'custom', message, path: issue.path, input: value });
  }
  return z.NEVER;
}

const RESERVED_KEY = '__proto__';

/** Paths of every `__proto__` key in a JSON value, at any depth. */
function reservedKeys(value: unknown): PropertyKey[][] {
  const found: PropertyKey[][] = [];
  const pending: Array<{ value: unknown; path: PropertyKey[] }> = [{ value, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    for (const [key, child] of Object.entries(next.value)) {
      const path = [...next.path, Array.isArray(next.value) ? Number(key) : key];
      if (key === RESERVED_KEY && !Array.isArray(next.value)) found.push(path);
      pending.push({ value: child, path });
    }
  }
  return found;
}

/**
 * A free-form object the API defines (a subscription's `metadata`, a wallet's token): any member,
 * but never `__proto__`, at any depth. zod would drop that one without a word (`z.record` skips
 * it; a loose object's copy makes it the prototype), so it is refused, named.
 */
export const freeForm = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value, ctx) => {
    for (const path of reservedKeys(value)) {
      ctx.addIssue({
        code: 'custom',
        message: 'is not allowed: __proto__ is a reserved name',
        path,
        input: value,
      });
    }
    return value;
  }, schema);

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
