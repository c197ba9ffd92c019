/**
 * The script-tag build's parts in files of their own, beside secure-checkout.js: each is built
 * by `vite build --mode <name>` (vite.config.ts, which names its entry) as an IIFE that puts its
 * exports on `SecureCheckout._<name>`, and the main file loads it with the SHA-384 the build
 * pinned into it (src/sibling-loader.ts). The ESM build makes the same entries chunks instead.
 *
 * - `challenge`: the challenge dialog, asked for as each 3DS flow starts, so it is there long
 *   before the bank's page is;
 * - `pix`: the PIX step and its QR encoder, asked for when a shopper pays with PIX.
 */
export type SiblingName = 'challenge' | 'pix';

export const siblingFile = (name: SiblingName): string => `secure-checkout-${name}.js`;

export const siblingKey = (name: SiblingName): string => `_${name}`;
