import { LOCALES, type Locale, resolveLocale } from '../locale';

export interface DialogLabels {
  title: string;
  progress: string;
  close: string;
  frameTitle: string;
  /** Shown while focus is in the bank's page, where Esc cannot reach the dialog. */
  closeHint: string;
}

const LABELS = {
  en: {
    title: 'Confirm your payment',
    progress: 'Verifying with your bank…',
    close: 'Close',
    frameTitle: 'Verification by your bank',
    closeHint: 'Press Shift+Tab, then Enter, to close',
  },
  'pt-BR': {
    title: 'Confirme seu pagamento',
    progress: 'Verificando com o seu banco…',
    close: 'Fechar',
    frameTitle: 'Verificação pelo seu banco',
    closeHint: 'Para fechar, pressione Shift+Tab e depois Enter',
  },
  es: {
    title: 'Confirma tu pago',
    progress: 'Verificando con tu banco…',
    close: 'Cerrar',
    frameTitle: 'Verificación de tu banco',
    closeHint: 'Para cerrar, pulsa Mayús+Tab y luego Entrar',
  },
} satisfies Record<Locale, DialogLabels>;

export const dialogLabels = (locale?: string): DialogLabels =>
  LABELS[resolveLocale(locale, LOCALES)];
