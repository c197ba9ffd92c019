// Functions that run inside the page, shared by the Playwright specs and the Firefox/WebKit
// drivers: each must be self-contained (it is serialised and evaluated in the browser).

export interface Leftovers {
  iframes: number;
  dialogs: number;
  hosts: number;
}

/** iframes, dialogs and engine hosts anywhere in the page, shadow roots included. */
export function countLeftovers(): Leftovers {
  const all: Element[] = [];
  const walk = (root: Document | ShadowRoot) => {
    for (const element of root.querySelectorAll('*')) {
      all.push(element);
      if (element.shadowRoot) walk(element.shadowRoot);
    }
  };
  walk(document);
  return {
    iframes: all.filter((e) => e.localName === 'iframe').length,
    dialogs: all.filter((e) => e.localName === 'dialog').length,
    hosts: all.filter((e) => e.localName === 'secure-checkout-frame').length,
  };
}
