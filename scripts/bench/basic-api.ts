/** The benches' calls of the sandbox's API with a merchant's secret key, and their shared flags. */
import type { DatabaseKind } from './sandbox-process';

/**
 * A JSON call with `Basic base64(key:)`: GET without a body, POST with one; anything but 2xx
 * throws with the answer's start.
 */
export function basicApi(base: string, key: string, timeoutMs: number) {
  const authorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  };
}

/** `--name value` from the command line. */
export const flag = (argv: readonly string[], name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at === -1 ? undefined : argv[at + 1];
};

/** `--database pglite|postgres|both` (default both). */
export function databasesFlag(argv: readonly string[]): DatabaseKind[] {
  const database = flag(argv, '--database') ?? 'both';
  if (database === 'both') return ['pglite', 'postgres'];
  if (database === 'pglite' || database === 'postgres') return [database];
  throw new Error('--database is pglite, postgres or both');
}
