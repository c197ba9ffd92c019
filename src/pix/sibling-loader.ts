/**
 * The script-tag build's way to load a part it does not carry (the PIX step): a file beside the
 * main one, with the SHA-384 the build pinned into the main file as its `integrity`
 * (docs/security.md): a changed file is refused by the browser. The file assigns its exports to
 * `SecureCheckout[key]` (vite.config.ts builds it so). The caller bounds the wait
 * (src/checkout.ts, `whenLoaded`) and keeps the result.
 *
 * Under Trusted Types a script's `src` needs a TrustedScriptURL: the policy `secure-checkout`
 * makes one for this file's URL only (the merchant lists it in `trusted-types`).
 */
interface Policy {
  createScriptURL(url: string): string;
}
interface Page {
  trustedTypes?: { createPolicy(name: string, rules: Policy): Policy };
  SecureCheckout?: Record<string, unknown>;
}

let policy: Policy | undefined;

/** Rejects (with a plain Error: the caller names it) unless the file ran and registered. */
export const loadSibling = <T>(
  file: string,
  base: string | undefined,
  integrity: string,
  key: string,
): Promise<T> =>
  new Promise((resolve, reject) => {
    const page = globalThis as Page;
    // Without a pinned hash (a bundle not made by our build) nothing unchecked is run; without
    // the main file's URL (not loaded by a script tag) the file cannot be found.
    if (!integrity || !base) throw Error('no integrity hash or location');
    const url = new URL(file, base).href;
    const script = document.createElement('script');
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    script.onload = script.onerror = () => {
      script.remove();
      const exports = page.SecureCheckout?.[key];
      exports ? resolve(exports as T) : reject(Error(`${url} failed`));
    };
    policy ??= page.trustedTypes?.createPolicy('secure-checkout', {
      createScriptURL: (asked) => (asked === url ? asked : ''),
    });
    script.src = policy ? policy.createScriptURL(url) : url;
    document.head.append(script);
  });
