/**
 * Masks as typed: `template` shows where the kept characters go (`0`) and the separators
 * between them; a separator comes only once a character follows it.
 */
export function applyMask(kept: string, template: string): string {
  let masked = '';
  let i = 0;
  for (const slot of template) {
    if (i === kept.length) break;
    masked += slot === '0' ? kept[i++] : slot;
  }
  return masked;
}

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
