/**
 * The languages the widget speaks: the form (src/ui/i18n/), the challenge dialog
 * (src/threeds/dialog-labels.ts) and the PIX step (src/pix/pix-messages.ts) alike, each with one
 * catalogue per tag. The first is the fallback.
 */
export const LOCALES = ['en', 'pt-BR', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/** The best of `supported` for a requested tag: exact, then same language, then the first. */
export function resolveLocale<L extends string>(
  requested: string | undefined,
  supported: readonly [L, ...L[]],
): L {
  const wanted = (requested ?? (typeof navigator === 'undefined' ? '' : navigator.language))
    .trim()
    .toLowerCase();
  const exact = supported.find((tag) => tag.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split(/[-_]/)[0];
  return supported.find((tag) => tag.toLowerCase().split('-')[0] === language) ?? supported[0];
}
