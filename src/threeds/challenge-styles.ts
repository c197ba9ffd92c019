import { CHALLENGE_WINDOW_SIZES } from '../constants';

/**
 * Styles of the challenge dialog; sizes come from the iframe's width/height attributes.
 * (`.full`: min-* override the dialog's max-*, so the dialog is exactly the viewport.)
 * The keyboard hint (`small`) sits under the title, beside Close: `contain:inline-size` keeps it,
 * and the title, from widening the dialog past the EMV window size ('01' is 250 px: the title
 * wraps); touch-only screens have no Shift+Tab.
 * Inline (`[inline]` host, inside the merchant's container): in the flow, no shadow, at most the
 * container's width; `.full` fills the container, and is at least as tall as EMV's windows when
 * the container's height is its content's.
 */
export const CHALLENGE_CSS = `:host{all:initial!important}
:host([inline]){display:block!important;height:100%!important}
dialog{padding:0;border:0;border-radius:var(--sc-radius,12px);background:var(--sc-surface,#fff);color:var(--sc-text,#1b1f24);font:15px/1.4 var(--sc-font,system-ui,sans-serif);box-shadow:0 12px 40px #0005;max-width:100vw;max-height:100dvh;overflow:auto}
dialog::backdrop{background:#0f141990}
dialog[open]{display:flex;flex-flow:column}
.full{min-width:100vw;min-height:100dvh;margin:0;border-radius:0}
header{display:grid;grid-template-columns:1fr auto;align-items:center;padding:6px 6px 6px 16px;border-bottom:1px solid #8883}
h2{margin:0;font-size:1em;font-weight:600;contain:inline-size}
small{grid-row:2;contain:inline-size;font-size:13px;opacity:.8}
button{grid-row:span 2;width:44px;height:44px;border:0;border-radius:8px;background:none;color:inherit;font-size:24px;cursor:pointer}
button:hover{background:#8882}
button:focus-visible{outline:2px solid var(--sc-focus,#2563eb)}
div{position:relative;flex:1;display:flex;background:inherit}
iframe{border:0;flex:1;background:#fff}
p{position:absolute;inset:0;display:flex;gap:12px;align-items:center;justify-content:center;margin:0;background:inherit}
p[hidden]{display:none}
p:before{content:"";width:20px;height:20px;border-radius:50%;border:2px solid #8886;border-top-color:currentColor;animation:s .8s linear infinite}
@keyframes s{to{transform:rotate(1turn)}}
@media (prefers-reduced-motion:reduce){p:before{animation:none}}
@media (hover:none){small{display:none}}
:host([inline]) dialog{position:static;box-sizing:border-box;margin:0;max-width:100%;max-height:none;box-shadow:none;border:1px solid #8884}
:host([inline]) .full{width:100%;height:100%;min-width:0;min-height:0}
:host([inline]) .full div{min-height:${CHALLENGE_WINDOW_SIZES['01'][1]}px}
@media (prefers-color-scheme:dark){dialog{background:var(--sc-surface,#1f2328);color:var(--sc-text,#f0f3f6)}}`;
