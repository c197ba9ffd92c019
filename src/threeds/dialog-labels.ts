import { resolveLocale } from '../locale';

export interface DialogLabels {
  title: string;
  progress: string;
  close: string;
  frameTitle: string;
}

const LABELS = {
  en: {
    title: 'Confirm your payment',
    progress: 'Verifying with your bank…',
    close: 'Close',
    frameTitle: 'Verification by your bank',
  },
  'pt-BR': {
    title: 'Confirme seu pagamento',
    progress: 'Verificando com o seu banco…',
    close: 'Fechar',
    frameTitle: 'Verificação pelo seu banco',
  },
  es: {
    title: 'Confirma tu pago',
    progress: 'Verificando con tu banco…',
    close: 'Cerrar',
    frameTitle: 'Verificación de tu banco',
  },
} satisfies Record<string, DialogLabels>;

export type DialogLocale = keyof typeof LABELS;
export const DIALOG_LOCALES = ['en', 'pt-BR', 'es'] as const satisfies readonly DialogLocale[];

export const dialogLabels = (locale?: string): DialogLabels =>
  LABELS[resolveLocale(locale, DIALOG_LOCALES)];
