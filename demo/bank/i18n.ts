/** The challenge page's languages and texts. */
export const LANGUAGES = ['en', 'pt-BR', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** en, pt-BR or es for a language tag (`pt`, `pt-PT`, `es-MX`, `en-GB` …); undefined otherwise. */
export function pickLanguage(tag: string | undefined): Language | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'pt') return 'pt-BR';
  if (primary === 'es') return 'es';
  if (primary === 'en') return 'en';
  return undefined;
}

/**
 * The language of an authentication's pages: its `browser.language` (as authenticate carried it)
 * matched by tag, English for any other. A real ACS reads it from the AReq's browser data, so
 * neither the URL nor the widget's `locale` can change it.
 */
export const bankLanguage = (browserLanguage: string): Language =>
  pickLanguage(browserLanguage) ?? 'en';

/** The first supported language of an Accept-Language header, by quality. */
export function languageFromAcceptHeader(header: string | undefined): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag, quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const language = pickLanguage(entry.tag);
    if (language !== undefined) return language;
  }
  return undefined;
}

export interface AcsTexts {
  bank: string;
  pageTitle: string;
  heading: string;
  /** `{amount}` and `{last4}` are replaced. */
  intro: string;
  codeLabel: string;
  codeHelp: string;
  sandboxHint: string;
  submit: string;
  cancel: string;
  emptyCode: string;
  doneTitle: string;
  doneSuccess: string;
  doneFailure: string;
  doneCanceled: string;
  returning: string;
  notFoundTitle: string;
  notFound: string;
  notPendingTitle: string;
  notPending: string;
  fingerprintTitle: string;
}

export const TEXTS: Readonly<Record<Language, AcsTexts>> = {
  en: {
    bank: 'Sandbox Bank',
    pageTitle: 'Confirm your purchase',
    heading: 'Confirm your purchase',
    intro:
      'Enter the code we sent to your phone to confirm the payment of {amount} with the card ending in {last4}.',
    codeLabel: 'One-time code',
    codeHelp: 'The code has 4 digits.',
    sandboxHint: 'Sandbox: the correct code is 1234. Any other code fails the authentication.',
    submit: 'Submit',
    cancel: 'Cancel',
    emptyCode: 'Enter the code we sent you.',
    doneTitle: 'Verification finished',
    doneSuccess: 'Thank you: the purchase is confirmed.',
    doneFailure: 'The code was not correct: the purchase could not be confirmed.',
    doneCanceled: 'You canceled the verification.',
    returning: 'Returning to the store…',
    notFoundTitle: 'Verification not found',
    notFound: 'This verification does not exist or has expired.',
    notPendingTitle: 'Nothing to verify',
    notPending: 'This purchase does not need a verification code.',
    fingerprintTitle: 'Checking your device',
  },
  'pt-BR': {
    bank: 'Banco Sandbox',
    pageTitle: 'Confirme sua compra',
    heading: 'Confirme sua compra',
    intro:
      'Digite o código que enviamos para o seu celular para confirmar o pagamento de {amount} com o cartão final {last4}.',
    codeLabel: 'Código de verificação',
    codeHelp: 'O código tem 4 dígitos.',
    sandboxHint: 'Sandbox: o código correto é 1234. Qualquer outro código reprova a autenticação.',
    submit: 'Enviar',
    cancel: 'Cancelar',
    emptyCode: 'Digite o código que enviamos para você.',
    doneTitle: 'Verificação concluída',
    doneSuccess: 'Obrigado: a compra foi confirmada.',
    doneFailure: 'O código não está correto: não foi possível confirmar a compra.',
    doneCanceled: 'Você cancelou a verificação.',
    returning: 'Voltando para a loja…',
    notFoundTitle: 'Verificação não encontrada',
    notFound: 'Esta verificação não existe ou expirou.',
    notPendingTitle: 'Nada a verificar',
    notPending: 'Esta compra não precisa de código de verificação.',
    fingerprintTitle: 'Verificando seu dispositivo',
  },
  es: {
    bank: 'Banco Sandbox',
    pageTitle: 'Confirme su compra',
    heading: 'Confirme su compra',
    intro:
      'Introduzca el código que enviamos a su teléfono para confirmar el pago de {amount} con la tarjeta terminada en {last4}.',
    codeLabel: 'Código de un solo uso',
    codeHelp: 'El código tiene 4 dígitos.',
    sandboxHint:
      'Sandbox: el código correcto es 1234. Cualquier otro código rechaza la autenticación.',
    submit: 'Enviar',
    cancel: 'Cancelar',
    emptyCode: 'Introduzca el código que le enviamos.',
    doneTitle: 'Verificación terminada',
    doneSuccess: 'Gracias: la compra está confirmada.',
    doneFailure: 'El código no es correcto: no se pudo confirmar la compra.',
    doneCanceled: 'Ha cancelado la verificación.',
    returning: 'Volviendo a la tienda…',
    notFoundTitle: 'Verificación no encontrada',
    notFound: 'Esta verificación no existe o ha caducado.',
    notPendingTitle: 'Nada que verificar',
    notPending: 'Esta compra no necesita un código de verificación.',
    fingerprintTitle: 'Comprobando su dispositivo',
  },
};
