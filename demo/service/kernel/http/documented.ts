import type { MiddlewareHandler } from 'hono';
import type * as z from 'zod';

/**
 * What a middleware tells the OpenAPI builder about the route it guards: the input it validates
 * (`validate()` in `http/validation.ts`) or the credentials it requires (`accounts/authenticate.ts`).
 * Kept beside the middleware function itself, so a route documents itself by using them.
 */
export type MiddlewareDoc =
  | { kind: 'input'; target: string; schema: z.ZodType }
  | { kind: 'key'; access: 'three_ds' | 'secret' }
  | { kind: 'token'; roles: readonly string[] }
  /** An error the middleware itself may answer (`accounts/require-active.ts`'s 422). */
  | { kind: 'error'; status: number; why: string }
  | { kind: 'operation'; note: OperationNote };

/**
 * What the code cannot say about an operation: a human summary, the success status when it is
 * not 200, the schema of the success answer (`'html'` for a page, `'image'` for a PNG or JPEG),
 * and the errors its handler answers beyond those the builder infers from the route (400 for
 * input, 401/403 for a key or token, 404 for an id in the path, an `error` doc of a middleware).
 */
export interface OperationNote {
  summary: string;
  status?: number;
  response: z.ZodType | 'html' | 'image';
  /** Statuses with the error body, each with why; one here replaces the inferred one. */
  errors?: Readonly<Record<number, string>>;
}

const docs = new WeakMap<object, MiddlewareDoc>();

/** Attaches `doc` to `middleware` and returns the middleware unchanged. */
export function documented<M extends object>(middleware: M, doc: MiddlewareDoc): M {
  docs.set(middleware, doc);
  return middleware;
}

export const docOf = (handler: object): MiddlewareDoc | undefined => docs.get(handler);

/**
 * The first handler of every route of the API origin: it does nothing at runtime and carries the
 * operation's note for `/openapi.json` (`openapi/build.ts`), so a route and its documentation are
 * written in one place. A route without one fails `openapi/openapi.test.ts`.
 */
export const operation = (note: OperationNote): MiddlewareHandler =>
  documented<MiddlewareHandler>((_c, next) => next(), { kind: 'operation', note });

/**
 * A schema whose input zod cannot describe (e.g. `z.unknown().transform(…)` choosing a variant
 * by hand) is documented as `shape`, a schema of the same input that zod can convert.
 */
const shapes = new WeakMap<object, z.ZodType>();

export function documentedAs<S extends z.ZodType>(schema: S, shape: z.ZodType): S {
  shapes.set(schema, shape);
  return schema;
}

export const shapeOf = (schema: object): z.ZodType | undefined => shapes.get(schema);
