import type * as z from 'zod';

/**
 * What a middleware tells the OpenAPI builder about the route it guards: the input it validates
 * (`validate()` in `http/validation.ts`) or the credentials it requires (`accounts/authenticate.ts`).
 * Kept beside the middleware function itself, so a route documents itself by using them.
 */
export type MiddlewareDoc =
  | { kind: 'input'; target: string; schema: z.ZodType }
  | { kind: 'key'; access: 'three_ds' | 'secret' }
  | { kind: 'token'; roles: readonly string[] };

const docs = new WeakMap<object, MiddlewareDoc>();

/** Attaches `doc` to `middleware` and returns the middleware unchanged. */
export function documented<M extends object>(middleware: M, doc: MiddlewareDoc): M {
  docs.set(middleware, doc);
  return middleware;
}

export const docOf = (handler: object): MiddlewareDoc | undefined => docs.get(handler);

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
