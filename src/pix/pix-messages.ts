/**
 * The PIX step's words, in the form's three languages: they load with the step, not with the
 * form (src/ui/i18n/ has the form's). English is the catalogue the others match key for key.
 */
import type { Locale } from '../locale';

const en = {
  scan: "Scan the QR code with your bank's app, or copy the code and paste it there.",
  qrCode: 'PIX QR code',
  code: 'PIX code',
  copy: 'Copy code',
  copied: 'Code copied.',
  selected: "The code is selected: copy it with your device's copy command.",
  expiresIn: 'The code expires in {time}',
  minutesLeft: '{n} minutes left to pay',
  minuteLeft: '1 minute left to pay',
  secondsLeft: '{n} seconds left to pay',
  expired: 'This code has expired.',
  newCode: 'Generate a new code',
};

export type PixMessages = typeof en;
export type PixMessageKey = keyof PixMessages;

const ptBR: PixMessages = {
  scan: 'Escaneie o QR code no app do seu banco, ou copie o código e cole-o lá.',
  qrCode: 'QR code PIX',
  code: 'Código PIX',
  copy: 'Copiar código',
  copied: 'Código copiado.',
  selected: 'O código está selecionado: copie-o com o comando de copiar do seu aparelho.',
  expiresIn: 'O código expira em {time}',
  minutesLeft: 'Faltam {n} minutos para pagar',
  minuteLeft: 'Falta 1 minuto para pagar',
  secondsLeft: 'Faltam {n} segundos para pagar',
  expired: 'Este código expirou.',
  newCode: 'Gerar um novo código',
};

const es: PixMessages = {
  scan: 'Escanea el código QR con la app de tu banco, o copia el código y pégalo allí.',
  qrCode: 'Código QR PIX',
  code: 'Código PIX',
  copy: 'Copiar código',
  copied: 'Código copiado.',
  selected: 'El código está seleccionado: cópialo con el comando de copiar de tu dispositivo.',
  expiresIn: 'El código vence en {time}',
  minutesLeft: 'Quedan {n} minutos para pagar',
  minuteLeft: 'Queda 1 minuto para pagar',
  secondsLeft: 'Quedan {n} segundos para pagar',
  expired: 'Este código venció.',
  newCode: 'Generar un código nuevo',
};

export const PIX_MESSAGES: Record<Locale, PixMessages> = { en, 'pt-BR': ptBR, es };

/** The message in `locale`, `{name}` placeholders filled in. */
export const pixText =
  (locale: Locale) =>
  (key: PixMessageKey, values: Record<string, string | number> = {}): string =>
    PIX_MESSAGES[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
