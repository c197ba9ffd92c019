import { provideChallenge, provideMount, providePix } from './checkout';
import { lazyMount } from './lazy-mount';

// ESM: the card form is a chunk of its own, fetched on the first mount(). (The script-tag build,
// src/global.ts, carries it up front, and no dynamic import.)
provideMount(lazyMount(() => import('./ui/mount').then((ui) => ui.mountCheckout)));
// The challenge dialog: a chunk asked for as each 3DS flow starts (src/checkout.ts).
provideChallenge(() => import('./threeds/challenge-dialog').then((chunk) => chunk.showChallenge));
// The PIX step and its QR encoder: another chunk, fetched when a shopper pays with PIX (before
// onCharge: a chunk that cannot load creates no charge).
providePix(() => import('./pix/pix-step'));

export { createCheckout } from './checkout';
export { CheckoutError, type ErrorCode, type InputIssue, isCheckoutError } from './errors';
export { collectBrowserInfo } from './threeds/browser-info';
export type * from './types';
