/** The script-tag build: everything on `window.SecureCheckout`, the form ready at once. */
// Preact and its signals come first in the bundle (bundlers lay modules out in import order): so
// the form's code sits right after the engine's, whose words it shares, within the 32 KiB that
// gzip looks back; with Preact between them the script is about 600 B larger. Preact's JSX
// runtime and the form's three catalogues (text, not code) join them for the same reason: about
// 100 B less than with them among the form's modules (scripts/bundle-size.ts measures it).
import '@preact/signals';
import 'preact/jsx-runtime';
import './ui/i18n/en';
import './ui/i18n/es';
import './ui/i18n/pt-br';
import { provideChallenge, provideMount, providePix } from './checkout';
import type { PixModule } from './pix/pix-module';
import { type SiblingName, siblingFile, siblingKey } from './sibling-files';
import { siblingLoader } from './sibling-loader';
import type { showChallenge } from './threeds/challenge-dialog';
import { defineCheckoutElement } from './ui/checkout-element';
import { mountCheckout } from './ui/mount';

provideMount(mountCheckout);

/** The sha384 of each file of src/sibling-files.ts, pinned by the build (vite.config.ts). */
declare const __SIBLING_SRI__: Partial<Record<SiblingName, string>> | undefined;
const pinned = typeof __SIBLING_SRI__ === 'object' ? __SIBLING_SRI__ : {};
// The files are beside this one, whose element is known only while it runs.
const main = globalThis.document?.currentScript as HTMLScriptElement | null | undefined;
const sibling = <T>(name: SiblingName) =>
  siblingLoader<T>(siblingFile(name), siblingKey(name), pinned[name] ?? '', main);

const challenge = sibling<{ showChallenge: typeof showChallenge }>('challenge');
provideChallenge(() => challenge().then((loaded) => loaded.showChallenge));
providePix(sibling<PixModule>('pix'));
if (typeof customElements !== 'undefined') defineCheckoutElement();

export { createCheckout } from './checkout';
export { CheckoutError, isCheckoutError } from './errors';
export { collectBrowserInfo } from './threeds/browser-info';
export { defineCheckoutElement };
