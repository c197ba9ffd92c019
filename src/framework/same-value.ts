/**
 * Whether two prop values are the same for the form: equal primitives, the same function or
 * element, or plain arrays and objects with the same entries. A merchant writes
 * `customer={{ id }}` in JSX or `:payment-methods="['card']"` in a template, a new object at each
 * render: compared by value, they are no update.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameValue(item, b[i]))
    );
  }
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]))
  );
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** The entries of `next` that differ from `previous` (a key gone is `undefined`), or null. */
export function changesBetween(
  previous: Record<string, unknown>,
  next: Record<string, unknown>,
): Record<string, unknown> | null {
  const changes: Record<string, unknown> = {};
  let changed = false;
  for (const key of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    if (!sameValue(previous[key], next[key])) {
      changes[key] = next[key];
      changed = true;
    }
  }
  return changed ? changes : null;
}
