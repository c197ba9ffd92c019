import { provideMount, providePix } from './checkout';
import { lazyMount } from './lazy-mount';

// ESM: the card form is a chunk of its own, fetched on the first mount(). (The script-tag build,
// src/global.ts, provides it up front instead, and so carries no dynamic import.)
provideMount(lazyMount(() => import('./ui/mount').then((ui) => ui.mountCheckout)));
// The PIX step and its QR encoder: another chunk, fetched when a shopper pays with PIX (before
// onCharge: a chunk that cannot load creates no charge).
providePix(() => import('./pix/pix-step'));

export { CheckoutError, type ErrorCode, type InputIssue, isCheckoutError } from './api/errors';
export { createCheckout } from './checkout';
export { collectBrowserInfo } from './threeds/browser-info';
export type * from './types';
