/**
 * Where the caret goes after a field is reformatted: behind as many kept characters (those
 * `kept` matches) as were before it in what the shopper typed.
 */
export function caretAfter(typed: string, caret: number, formatted: string, kept: RegExp): number {
  const before = [...typed.slice(0, caret)].filter((char) => kept.test(char)).length;
  let at = 0;
  for (let seen = 0; seen < before && at < formatted.length; at++) {
    if (kept.test(formatted.charAt(at))) seen++;
  }
  return at;
}
