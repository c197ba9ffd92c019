// The demo pages' own words in the widget's other languages, so a pt-BR or es page is not half
// English. English stays in the HTML; elements with `data-i18n="key"` get the translation as
// text (textContent only: the pages run under a strict CSP and Trusted Types).

/** @type {Record<string, Record<string, string>>} */
const TEXT = {
  'pt-BR': {
    'title.widget': 'Formulário drop-in · sandbox do secure-checkout',
    'top.name': 'Formulário drop-in',
    'top.note': ' — nada mais nesta página toca os dados do cartão.',
    'order.title': 'Seu pedido',
    'order.shipping': 'Frete',
    'order.free': 'Grátis',
    'order.total': 'Total',
    'hint.cards': 'Cartões de teste: qualquer número válido (Luhn) é aprovado sem desafio; ',
    'hint.qa': 'o painel de QA',
    'hint.scenarios':
      ' lista os cenários de 3DS. Código na janela do banco: 1234. O Apple Pay aparece onde o navegador o oferece; ',
    'hint.simulate': ' simula o Apple Pay.',
    'hint.challenge': 'A página do banco numa janela, ou ',
    'hint.inline': ': nesta coluna, abaixo do formulário.',
    'pay.title': 'Pagamento',
    'charge.title': 'Cobrança criada pelo servidor da loja',
    'charge.status': 'Status: ',
    'charge.declined': 'O banco recusou o pagamento.',
    'product.mug-350ml': 'Caneca de cerâmica, 350 ml',
  },
  es: {
    'title.widget': 'Formulario integrado · sandbox de secure-checkout',
    'top.name': 'Formulario integrado',
    'top.note': ' — nada más en esta página toca los datos de la tarjeta.',
    'order.title': 'Tu pedido',
    'order.shipping': 'Envío',
    'order.free': 'Gratis',
    'order.total': 'Total',
    'hint.cards': 'Tarjetas de prueba: cualquier número válido (Luhn) se aprueba sin desafío; ',
    'hint.qa': 'el panel de QA',
    'hint.scenarios':
      ' enumera los escenarios de 3DS. Código en la ventana del banco: 1234. Apple Pay aparece donde el navegador lo ofrece; ',
    'hint.simulate': ' simula Apple Pay.',
    'hint.challenge': 'La página del banco en una ventana, o ',
    'hint.inline': ': en esta columna, debajo del formulario.',
    'pay.title': 'Pago',
    'charge.title': 'Cobro creado por el servidor de la tienda',
    'charge.status': 'Estado: ',
    'charge.declined': 'El banco rechazó el pago.',
    'product.mug-350ml': 'Taza de cerámica, 350 ml',
  },
};

/**
 * The page's language from a locale tag, as the widget picks its own: pt-BR, es or en.
 * @param {string | undefined} tag
 */
export function pageLocale(tag) {
  const lower = String(tag ?? '').toLowerCase();
  if (lower.startsWith('pt')) return 'pt-BR';
  if (lower.startsWith('es')) return 'es';
  return 'en';
}

/**
 * The text for `key` in `locale`, or `english` (the page's own words) when there is none.
 * @param {string} locale
 * @param {string} key
 * @param {string} english
 */
export const t = (locale, key, english) => TEXT[locale]?.[key] ?? english;

/** Translates every `[data-i18n]` element and sets the document's language. @param {string} locale */
export function translatePage(locale) {
  document.documentElement.lang = locale;
  /** @type {NodeListOf<HTMLElement>} */
  const elements = document.querySelectorAll('[data-i18n]');
  for (const element of elements) {
    // An element's textContent is never null (only a document's is).
    element.textContent = t(locale, element.dataset.i18n ?? '', element.textContent ?? '');
  }
  /** @type {HTMLMetaElement | null} */
  const meta = document.querySelector('meta[name="i18n-title"]');
  const title = meta?.content;
  if (title) document.title = t(locale, title, document.title);
}
