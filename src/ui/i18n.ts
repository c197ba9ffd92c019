import { LOCALES, type Locale, resolveLocale } from '../locale';
import { en, type Messages } from './i18n/en';
import { es } from './i18n/es';
import { ptBR } from './i18n/pt-br';

const CATALOGUES: Record<Locale, Messages> = { en, 'pt-BR': ptBR, es };
export type MessageKey = keyof Messages;

export interface Translator {
  locale: Locale;
  /** The message, with `{name}` placeholders filled in. */
  t(key: MessageKey, values?: Partial<Record<string, string | number>>): string;
  /** An amount in the currency, e.g. `R$ 120,50` in pt-BR. */
  money(amount: number, currency: string): string;
}

export function translator(requested?: string): Translator {
  const locale = resolveLocale(requested, LOCALES);
  const messages = CATALOGUES[locale];
  return {
    locale,
    t: (key, values = {}) =>
      messages[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')),
    money: (amount, currency) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount),
  };
}
