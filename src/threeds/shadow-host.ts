/** Tag of every element the engine adds to the page; merchants' CSS has no reason to target it. */
export const HOST_TAG = 'secure-checkout-frame';

/** `<tag attributes…>children…</tag>`, built with DOM calls (no HTML parsing: Trusted Types safe). */
export function make<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/**
 * An element with an open shadow root styled by a constructable stylesheet: works under a CSP
 * without 'unsafe-inline', and the merchant's CSS cannot reach inside.
 */
export function attachShadowHost(
  doc: Document,
  css: string,
): { host: HTMLElement; root: ShadowRoot } {
  const view = doc.defaultView;
  if (!doc.body || !view) {
    throw new Error('secure-checkout needs a document with a <body>');
  }
  const host = doc.createElement(HOST_TAG);
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new view.CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [sheet];
  doc.body.append(host);
  return { host, root };
}

/**
 * An iframe for one of the service's pages. Its `sandbox` allows no top navigation and no
 * downloads: the service's pages only run scripts, forms and popups.
 */
export const createFrame = (
  doc: Document,
  url: URL,
  attributes: {
    title: string;
    sandbox: string;
    'aria-describedby'?: string;
    width?: string;
    height?: string;
  },
): HTMLIFrameElement =>
  make(doc, 'iframe', { ...attributes, referrerpolicy: 'origin', src: url.href });
