/** The script-tag build: everything on `window.SecureCheckout`. */
export { CheckoutError, collectBrowserInfo, createCheckout, isCheckoutError } from './index';
