/** Tag of every element the engine adds to the page; merchants' CSS has no reason to target it. */
export const HOST_TAG = 'secure-checkout-frame';

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

export function createFrame(
  doc: Document,
  url: URL,
  title: string,
  sandbox: string,
): HTMLIFrameElement {
  const iframe = doc.createElement('iframe');
  iframe.title = title;
  // No top navigation, no downloads: the service's pages only run scripts, forms and popups.
  iframe.setAttribute('sandbox', sandbox);
  iframe.referrerPolicy = 'origin';
  iframe.src = url.href;
  return iframe;
}
