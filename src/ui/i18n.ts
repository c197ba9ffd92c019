import { resolveLocale } from '../locale';
import { DIALOG_LOCALES } from '../threeds/dialog-labels';
import { en, type Messages } from './i18n/en';
import { es } from './i18n/es';
import { ptBR } from './i18n/pt-br';

const CATALOGUES = { en, 'pt-BR': ptBR, es } as const;
/** The challenge dialog speaks the same languages. */
export const UI_LOCALES = DIALOG_LOCALES;
export type UiLocale = (typeof UI_LOCALES)[number];
export type MessageKey = keyof Messages;

export interface Translator {
  locale: UiLocale;
  /** The message, with `{name}` placeholders filled in. */
  t(key: MessageKey, values?: Partial<Record<string, string | number>>): string;
  /** An amount in the currency, e.g. `R$ 120,50` in pt-BR. */
  money(amount: number, currency: string): string;
}

export function translator(requested?: string): Translator {
  const locale = resolveLocale(requested, UI_LOCALES);
  const messages = CATALOGUES[locale];
  return {
    locale,
    t: (key, values = {}) =>
      messages[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')),
    money: (amount, currency) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount),
  };
}
