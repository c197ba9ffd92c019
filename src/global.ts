/** The script-tag build: everything on `window.SecureCheckout`, the form ready at once. */
// Preact and its signals come first in the bundle (bundlers lay modules out in import order): so
// the form's code sits right after the engine's, whose words it shares, within the 32 KiB that
// gzip looks back; with Preact between them the script is about 600 B larger.
import '@preact/signals';
import { provideChallenge, provideMount, providePix } from './checkout';
import type { PixModule } from './pix/pix-module';
import { PIX_SIBLING_FILE, PIX_SIBLING_KEY } from './pix/sibling-file';
import { loadSibling } from './pix/sibling-loader';
import { showChallenge } from './threeds/challenge-dialog';
import { defineCheckoutElement } from './ui/checkout-element';
import { mountCheckout } from './ui/mount';

provideMount(mountCheckout);
provideChallenge(async () => showChallenge);

/** The PIX file's sha384, pinned by the build (vite.config.ts); absent in any other bundle. */
declare const __PIX_SRI__: string | undefined;
// The PIX file is beside this one, whose element is known only while it runs.
const script = globalThis.document?.currentScript as HTMLScriptElement | null | undefined;
let pix: Promise<PixModule> | undefined;
providePix(() => {
  pix ??= loadSibling<PixModule>(
    PIX_SIBLING_FILE,
    script?.src,
    typeof __PIX_SRI__ === 'string' ? __PIX_SRI__ : '',
    PIX_SIBLING_KEY,
  );
  // A failure is not kept: the next payment tries again.
  pix.catch(() => {
    pix = undefined;
  });
  return pix;
});
if (typeof customElements !== 'undefined') defineCheckoutElement();

export { CheckoutError, isCheckoutError } from './api/errors';
export { createCheckout } from './checkout';
export { collectBrowserInfo } from './threeds/browser-info';
export { defineCheckoutElement };
