/** The script-tag build's PIX step: a file beside secure-checkout.js (built by vite.config.ts). */
export const PIX_SIBLING_FILE = 'secure-checkout-pix.js';
/** Where that file puts its exports: `SecureCheckout._pix`. */
export const PIX_SIBLING_KEY = '_pix';
