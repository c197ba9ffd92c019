/** The script-tag build: everything on `window.SecureCheckout`, the form ready at once. */
import { provideMount } from './checkout';
import { defineCheckoutElement } from './ui/checkout-element';
import { mountCheckout } from './ui/mount';

provideMount(mountCheckout);
if (typeof customElements !== 'undefined') defineCheckoutElement();

export { CheckoutError, isCheckoutError } from './api/errors';
export { createCheckout } from './checkout';
export { collectBrowserInfo } from './threeds/browser-info';
export { defineCheckoutElement };
