/**
 * A pgbench custom script from the statements one request sent (`sql-capture.ts`), so PostgreSQL
 * alone can be timed on the same writes: the same texts, in the same order and transactions, each
 * parameter sent as a parameter (`pgbench -M prepared`, as the sandbox names its statements).
 *
 * Two requests are recorded; a value that differs between them (an id, a buyer's e-mail, the
 * advisory lock's key) is varied per transaction: its first text followed by a random 19-digit
 * number (ids and e-mails stay unique, the lock's key becomes random). Everything else is sent as
 * recorded: merchant ids, amounts, timestamps, and JSON bodies (an event's envelope differs by
 * the ids inside it, but nothing is unique about it: it stays jsonb, as recorded). One text gets one variable, so a
 * charge's id is the same in its row, its events and its deliveries. A statement only one of the
 * two requests sent (a timer's, or a request still finishing) is left out. `null` and the empty text
 * are written into the statement (pgbench's `-D` cannot define them); every other constant is a
 * `-D` variable, never spliced into SQL (pgbench would read `:word` inside a literal as a variable).
 */
import type { CapturedStatement } from './sql-capture';

export interface PgbenchScript {
  /** The script's text (`pgbench -f`). */
  script: string;
  /** `-D name=value` definitions of the constants. */
  defines: Record<string, string>;
  /** How many values vary per transaction. */
  varied: number;
  /** The statements replayed: those of the first request that the second sent too. */
  statements: CapturedStatement[];
  /** Statements of the first request the second did not send (another request's, or a timer's). */
  dropped: number;
}

/** Numbers written into a parameterless text (the lock's key): compared between the two captures. */
const NUMBER = /\b\d+\b/g;
const normalise = (text: string) => text.replace(NUMBER, '#');

/** A multi-statement message (`begin; select …`) as its statements, for pgbench's prepared mode. */
const splitSimple = (text: string): string[] =>
  text
    .split(/;\s*/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** Pairs each statement of `first` with the next one of `second` that has its (normalised) text. */
function pair(first: CapturedStatement[], second: CapturedStatement[]) {
  let at = 0;
  return first.map((statement) => {
    const key = normalise(statement.text);
    for (let i = at; i < second.length; i++) {
      if (normalise(second[i]?.text ?? '') === key) {
        at = i + 1;
        return second[i];
      }
    }
    return undefined;
  });
}

const isJson = (text: string) => /^\s*[[{]/.test(text);

const RANDOM = 'random(1000000000000000000, 9000000000000000000)';

export function toPgbenchScript(
  first: CapturedStatement[],
  second: CapturedStatement[],
): PgbenchScript {
  const paired = pair(first, second);
  const kept = first.filter((_, i) => paired[i] !== undefined);
  const counterpart = paired.filter((other) => other !== undefined);
  const varies = new Set<string>();
  kept.forEach((statement, i) => {
    const other = counterpart[i];
    if (other === undefined) return;
    statement.values.forEach((value, j) => {
      if (
        value.type === 'string' &&
        value.text !== null &&
        !isJson(value.text) &&
        other.values[j]?.text !== value.text
      )
        varies.add(value.text);
    });
  });

  const defines: Record<string, string> = {};
  const variableOf = new Map<string, string>();
  const sets: string[] = [];
  const constant = (text: string) => {
    let name = variableOf.get(text);
    if (name === undefined) {
      name = `c${variableOf.size + 1}`;
      variableOf.set(text, name);
      defines[name] = text;
    }
    return name;
  };
  const randomOf = new Map<string, string>();
  const random = (text: string) => {
    let name = randomOf.get(text);
    if (name === undefined) {
      name = `r${randomOf.size + 1}`;
      randomOf.set(text, name);
      sets.push(`\\set ${name} ${RANDOM}`);
    }
    return name;
  };

  const lines: string[] = [];
  kept.forEach((statement, i) => {
    if (statement.values.length === 0) {
      // A parameterless text: its numbers that differ between the captures become random.
      const other = counterpart[i]?.text.match(NUMBER) ?? [];
      let n = 0;
      const text = statement.text.replace(NUMBER, (digits) => {
        const same = other[n++] === digits;
        return same ? digits : `:${random(`#${digits}`)}`;
      });
      const parts = splitSimple(text);
      // One message in the sandbox (`merged-begin.ts`): one pipeline, one round trip, in pgbench.
      if (parts.length > 1) lines.push('\\startpipeline');
      for (const part of parts) lines.push(`${part};`);
      if (parts.length > 1) lines.push('\\endpipeline');
      return;
    }
    const text = statement.text.replace(/\$(\d+)\b/g, (_, digits: string) => {
      const value = statement.values[Number(digits) - 1];
      if (value === undefined) throw new Error(`$${digits} has no value in: ${statement.text}`);
      if (value.text === null) return 'null';
      if (value.text === '') return "''";
      if (varies.has(value.text)) return `(:${constant(value.text)} || :${random(value.text)})`;
      return `:${constant(value.text)}`;
    });
    lines.push(`${text.trim().replace(/;\s*$/, '')};`);
  });
  return {
    script: `${[...sets, ...lines].join('\n')}\n`,
    defines,
    varied: randomOf.size,
    statements: kept,
    dropped: first.length - kept.length,
  };
}
