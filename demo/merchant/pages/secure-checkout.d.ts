// The widget as the pages load it, typed from src/: the script tag's `window.SecureCheckout`
// (src/global.ts) and the ESM build they import from /dist/ (src/index.ts). A global script (no
// import or export), so its declarations reach every page script.

// The pages import the built file by its URL. TypeScript takes a name starting with "/" for a
// relative path, which a module declaration cannot name; a pattern matches it.
declare module '*/dist/secure-checkout.mjs' {
  const esm: typeof import('../../../src/index');
  export = esm;
}

interface Window {
  /** The script tag's build (/dist/secure-checkout.js): defined before the pages' modules run. */
  SecureCheckout: typeof import('../../../src/global');
  /** widget.js's checkout and mounted form, for the e2e specs (e2e/pix.spec.ts). */
  demoCheckout?: import('../../../src/index').Checkout;
  demoMount?: import('../../../src/index').MountedCheckout;
}

/** `window.SecureCheckout`, as engine.js names it. */
declare const SecureCheckout: Window['SecureCheckout'];
