/**
 * One way to check an unknown value, used for everything the widget is handed: the merchant's
 * options, an authenticate request, the service's answers, a wallet's token. Each check returns
 * the value (an object without the keys its shape does not name) and adds an issue, at its path,
 * for every rule broken, so one pass lists them all. A few lines of our own rather than zod/mini,
 * whose core alone is 4.4 KB gzip: more than a third of the headless bundle.
 */
import { CheckoutError, type ErrorCode, type InputIssue } from './errors';

export type Check<T> = (value: unknown, path: string, issues: InputIssue[]) => T;
export type Checked<C> = C extends Check<infer T> ? T : never;

type Shape = Record<string, Check<unknown>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: undefined extends Checked<S[K]> ? K : never;
}[keyof S];
type Flat<T> = { [K in keyof T]: T[K] };
export type ObjectOf<S extends Shape> = Flat<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Checked<S[K]> } & {
    [K in OptionalKeys<S>]?: Exclude<Checked<S[K]>, undefined>;
  }
>;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A value `test` accepts; otherwise the issue "‹path› ‹message›", e.g. "amount must be a number". */
export const rule =
  <T>(test: (value: unknown) => boolean, message: string): Check<T> =>
  (value, path, issues) => {
    if (!test(value)) issues.push({ path, message: `${path} ${message}`.trim() });
    return value as T;
  };

export const string = rule<string>((value) => typeof value === 'string', 'must be a string');
export const number = rule<number>(Number.isFinite, 'must be a number');
export const oneOf = <const V extends readonly string[]>(values: V): Check<V[number]> =>
  rule((value) => values.includes(value as string), `must be one of ${values.join(', ')}`);

/** Absent (`undefined`) or passing `check`; with a `fallback`, absent is that value. */
export function optional<T>(check: Check<T>): Check<T | undefined>;
export function optional<T>(check: Check<T>, fallback: T): Check<T>;
export function optional<T>(check: Check<T>, fallback?: T): Check<T | undefined> {
  return (value, path, issues) => (value === undefined ? fallback : check(value, path, issues));
}

/** An object with these keys, each checked; keys the shape does not name are left out. */
export const object =
  <S extends Shape>(shape: S, message = 'must be an object'): Check<ObjectOf<S>> =>
  (value, path, issues) => {
    const result: Record<string, unknown> = {};
    if (!isObject(value) || Array.isArray(value)) rule(() => false, message)(value, path, issues);
    else
      for (const [key, check] of Object.entries(shape)) {
        const checked = check(value[key], path ? `${path}.${key}` : key, issues);
        if (checked !== undefined) result[key] = checked;
      }
    return result as ObjectOf<S>;
  };

/** An array whose items all pass `item`, each checked at its index. */
export const array =
  <T>(item: Check<T>, message: string): Check<T[]> =>
  (value, path, issues) => {
    if (!Array.isArray(value)) return rule<T[]>(() => false, message)(value, path, issues);
    return value.map((entry, i) => item(entry, `${path}.${i}`, issues));
  };

/** The value checked: its data, or every issue found. */
export function parse<T>(
  check: Check<T>,
  value: unknown,
):
  | { success: true; data: T; issues?: undefined }
  | { success: false; data?: undefined; issues: InputIssue[] } {
  const issues: InputIssue[] = [];
  const data = check(value, '', issues);
  return issues.length ? { success: false, issues } : { success: true, data };
}

/** The value checked, or an Error listing the issues (for tests and the sandbox's tools). */
export function valid<T>(check: Check<T>, value: unknown): T {
  const result = parse(check, value);
  if (result.success) return result.data;
  throw new Error(result.issues.map((issue) => issue.message).join('; '));
}

/** What the merchant passed, checked: the data, or a `code` error naming every bad field. */
export function checkInput<T>(check: Check<T>, value: unknown, code: ErrorCode, what: string): T {
  const result = parse(check, value);
  if (result.success) return result.data;
  const { issues } = result;
  throw new CheckoutError(code, `Invalid ${what}: ${issues.map((i) => i.message).join('; ')}`, {
    issues,
  });
}
