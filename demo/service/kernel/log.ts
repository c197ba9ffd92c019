/** Where the sandbox's log lines go (`main.ts` prints each with a `[sandbox]` prefix). */
export type Log = (line: string) => void;

/*
 * What a line must not carry as is: C0 controls (newline, CR and tab included), DEL, C1
 * controls (`\p{Cc}`), the Unicode line and paragraph separators, and the bidirectional
 * controls, which reorder how a terminal shows the rest of the line.
 */
const UNSAFE = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const escaped = (char: string): string => {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
};

/**
 * `text` with every character that could end a log line early, or forge or hide part of one,
 * written as an escape (`\n`, `\x00`, `\u2028`): what a client sends (a path, an id) can never
 * start a line of its own.
 */
export const escapeControls = (text: string): string => text.replace(UNSAFE, escaped);

/**
 * The sandbox's logger: every line, whoever writes it, reaches `sink` escaped, so no caller has
 * to remember to (`startSandbox` wraps the `log` it is given).
 */
export const escapingLog =
  (sink: Log): Log =>
  (line) =>
    sink(escapeControls(line));
