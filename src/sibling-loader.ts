/**
 * The script-tag build's way to load a part it does not carry (src/sibling-files.ts): a file
 * beside the main one, with the SHA-384 the build pinned into the main file as its `integrity`
 * (docs/security.md): a changed file is refused by the browser. The file assigns its exports to
 * `SecureCheckout[key]` (vite.config.ts builds it so). The caller bounds the wait
 * (src/checkout.ts, `whenLoaded`).
 *
 * Under Trusted Types a script's `src` needs a TrustedScriptURL: the policy `secure-checkout`
 * makes one for our files' URLs only (the merchant lists it in `trusted-types`). Under a CSP of
 * nonces the file carries the main file's nonce.
 */
interface Policy {
  createScriptURL(url: string): string;
}
interface Page {
  trustedTypes?: { createPolicy(name: string, rules: Policy): Policy };
  SecureCheckout?: Record<string, unknown>;
}

/** Where the main file came from: its script element, known only while it runs. */
export type MainScript = Pick<HTMLScriptElement, 'src' | 'nonce'> | null | undefined;

let policy: Policy | undefined;
/** The URLs the policy passes: those of the files asked for. */
const ours = new Set<string>();

/** Rejects (with a plain Error: the caller names it) unless the file ran and registered. */
const load = <T>(file: string, key: string, integrity: string, main: MainScript): Promise<T> =>
  new Promise((resolve, reject) => {
    const page = globalThis as Page;
    // Without a pinned hash (a bundle not made by our build) nothing unchecked is run; without
    // the main file's URL (not loaded by a script tag) the file cannot be found.
    if (!integrity || !main?.src) throw Error('no integrity hash or location');
    const url = new URL(file, main.src).href;
    const script = document.createElement('script');
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    script.nonce = main.nonce ?? '';
    script.onload = script.onerror = () => {
      script.remove();
      const exports = page.SecureCheckout?.[key];
      exports ? resolve(exports as T) : reject(Error(`${url} failed`));
    };
    ours.add(url);
    policy ??= page.trustedTypes?.createPolicy('secure-checkout', {
      createScriptURL: (asked) => (ours.has(asked) ? asked : ''),
    });
    script.src = policy ? policy.createScriptURL(url) : url;
    document.head.append(script);
  });

/**
 * Loads the file when first asked, and keeps it; a failure is not kept: the next ask tries
 * again (a flaky network, a deploy in progress).
 */
export function siblingLoader<T>(
  file: string,
  key: string,
  integrity: string,
  main: MainScript,
): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load<T>(file, key, integrity, main);
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
}
