/**
 * What the sandbox sends to PostgreSQL, seen from inside its process (`sandbox-server.ts`): every
 * `pg` client's `query` is wrapped once, before the pool opens a connection, so that the bench
 * can (1) record the exact statements one request sends, with their parameters as `pg` puts them
 * on the wire, and (2) add up how long requests wait on the database. Off, it costs one branch
 * per query.
 */
import { createRequire } from 'node:module';
import pg from 'pg';

/** A parameter: its text as sent, and what it was in JavaScript (the script generator varies some). */
export interface CapturedValue {
  type: 'string' | 'number' | 'boolean' | 'date' | 'null' | 'other';
  text: string | null;
}

export interface CapturedStatement {
  text: string;
  values: CapturedValue[];
  /** Sent as a named (prepared) statement, as `prepared-statements.ts` does for parameterised text. */
  named: boolean;
}

/** Queries sent and the time spent waiting on them (send → result), since `start`. */
export interface DatabaseWait {
  queries: number;
  waitMs: number;
}

/** pg's own text form of a parameter (Dates, arrays, objects): exactly what goes on the wire. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

function captureValue(value: unknown): CapturedValue {
  const type =
    value === null || value === undefined
      ? 'null'
      : value instanceof Date
        ? 'date'
        : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
          ? typeof value
          : 'other';
  const prepared = prepareValue(value);
  return {
    type: type as CapturedValue['type'],
    text: prepared === null || prepared === undefined ? null : String(prepared),
  };
}

let recording: CapturedStatement[] | undefined;
let wait: DatabaseWait | undefined;

/** Wraps `pg.Client.prototype.query`; call before the sandbox opens its pool. */
export function installSqlCapture(): void {
  const query = pg.Client.prototype.query;
  const wrapped = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    if (recording !== undefined) {
      const config =
        typeof first === 'string'
          ? { text: first, values: second, named: false }
          : (first as { text?: string; values?: unknown; name?: string });
      if (typeof config.text === 'string') {
        const values = Array.isArray(config.values) ? config.values : [];
        recording.push({
          text: config.text,
          values: values.map(captureValue),
          named: 'name' in config && typeof config.name === 'string',
        });
      }
    }
    const result = Reflect.apply(query, this, args) as unknown;
    if (wait !== undefined && result instanceof Promise) {
      const counted = wait;
      const started = performance.now();
      counted.queries++;
      result.then(
        () => {
          counted.waitMs += performance.now() - started;
        },
        () => {
          counted.waitMs += performance.now() - started;
        },
      );
    }
    return result;
  };
  pg.Client.prototype.query = wrapped as typeof pg.Client.prototype.query;
}

export function startRecording(): void {
  recording = [];
}

export function stopRecording(): CapturedStatement[] {
  const statements = recording ?? [];
  recording = undefined;
  return statements;
}

export function startWaitCount(): void {
  wait = { queries: 0, waitMs: 0 };
}

export function stopWaitCount(): DatabaseWait {
  const counted = wait ?? { queries: 0, waitMs: 0 };
  wait = undefined;
  return { queries: counted.queries, waitMs: Math.round(counted.waitMs * 10) / 10 };
}
