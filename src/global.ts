/** The script-tag build: everything on `window.SecureCheckout`, the form ready at once. */
// Preact and its signals come first in the bundle (bundlers lay modules out in import order): so
// the form's code sits right after the engine's, whose words it shares, within the 32 KiB that
// gzip looks back; with Preact between them the script is about 600 B larger.
import '@preact/signals';
import { provideChallenge, provideMount } from './checkout';
import { showChallenge } from './threeds/challenge-dialog';
import { defineCheckoutElement } from './ui/checkout-element';
import { mountCheckout } from './ui/mount';

provideMount(mountCheckout);
provideChallenge(async () => showChallenge);
if (typeof customElements !== 'undefined') defineCheckoutElement();

export { CheckoutError, isCheckoutError } from './api/errors';
export { createCheckout } from './checkout';
export { collectBrowserInfo } from './threeds/browser-info';
export { defineCheckoutElement };
