/**
 * The form's styles, in its shadow root. Theme through these custom properties, set on the
 * mount target or on :root (the challenge dialog reads the same ones from :root):
 * --sc-accent, --sc-on-accent, --sc-text, --sc-muted, --sc-surface, --sc-field, --sc-border, --sc-error,
 * --sc-success, --sc-focus, --sc-radius, --sc-font, --sc-font-size, --sc-space.
 * (Pieces joined with `+`: the bundler folds them into one string with no line breaks.)
 */
export const FORM_CSS =
  ':host{display:block;color-scheme:light dark;' +
  '--a:var(--sc-accent,#2547d0);--t:var(--sc-text,#1b1f24);--m:var(--sc-muted,#5b6470);--s:var(--sc-surface,#fff);' +
  '--f:var(--sc-field,#fff);--b:var(--sc-border,#c9ced6);--e:var(--sc-error,#b3261e);--ok:var(--sc-success,#137333);' +
  '--oa:var(--sc-on-accent,#fff);--r:var(--sc-radius,10px);--g:var(--sc-space,16px);' +
  'font:var(--sc-font-size,16px)/1.45 var(--sc-font,system-ui,sans-serif);color:var(--t)}' +
  '@media (prefers-color-scheme:dark){:host{' +
  '--a:var(--sc-accent,#8aa4ff);--t:var(--sc-text,#e8ebef);--m:var(--sc-muted,#a3adb9);--s:var(--sc-surface,#181c21);' +
  '--f:var(--sc-field,#101317);--b:var(--sc-border,#3a424c);--e:var(--sc-error,#ff8a80);--ok:var(--sc-success,#6dd58c);' +
  '--oa:var(--sc-on-accent,#0b1020)}}' +
  '*{box-sizing:border-box;font:inherit}' +
  'form,fieldset{display:grid;gap:var(--g)}' +
  'form{background:var(--s)}' +
  'fieldset{border:0;margin:0;padding:0;min-width:0}' +
  '.cards,.methods{gap:8px}' +
  // Card or PIX: two buttons side by side, looking as the saved cards' choices do.
  '.methods{grid-template-columns:1fr 1fr}' +
  'legend,label{font-weight:600;font-size:.875em;padding:0;margin-bottom:6px}' +
  '.field{display:grid;min-width:0}' +
  '.row{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:0 12px}' +
  '.row>.field{grid-row:span 3;grid-template-rows:subgrid}' +
  '.row label{align-self:end}' +
  'input,select{width:100%;min-height:44px;padding:10px 12px;color:inherit;background:var(--f);' +
  'border:1px solid var(--b);border-radius:var(--r)}' +
  ':focus-visible{outline:2px solid var(--sc-focus,var(--a));outline-offset:1px}' +
  '[aria-invalid=true]{border-color:var(--e)}' +
  // The badge shares the input's grid cell, so it stays in the box whatever shows below it.
  '.number input,.brand{grid-area:2/1}' +
  '.brand{place-self:center end;margin-right:12px;font-size:.75em;font-weight:700;color:var(--m);pointer-events:none}' +
  '.error{color:var(--e);font-size:.8125em;margin:4px 0 0}' +
  '.error:empty{display:none}' +
  '.choice{display:flex;gap:10px;align-items:center;min-height:44px;padding:8px 12px;border:1px solid var(--b);' +
  'border-radius:var(--r);font-weight:500;margin:0;cursor:pointer;background:none;color:inherit}' +
  '.choice input{width:auto;min-height:0;margin:0;accent-color:var(--a)}' +
  '.choice:has(:checked),[aria-pressed=true]{border-color:var(--a);box-shadow:inset 0 0 0 1px var(--a)}' +
  'button{min-height:48px;padding:12px 16px;font-weight:700;border:0;border-radius:var(--r);' +
  'background:var(--a);color:var(--oa);cursor:pointer}' +
  'button[disabled]{opacity:.65;cursor:progress}' +
  '.link{min-height:0;padding:0;background:none;color:var(--a);text-decoration:underline;font-weight:600}' +
  '.notice{padding:12px;border-radius:var(--r);border:1px solid;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}' +
  '.notice:empty,.pix:empty{display:none}' +
  '.bad{color:var(--e)}' +
  '.good{color:var(--ok)}' +
  '@media (max-width:360px){.row{grid-template-columns:1fr 1fr}.row .cvv{grid-column:span 2}}' +
  '.apple-pay{background:#000;color:#fff;-webkit-appearance:-apple-pay-button;-apple-pay-button-type:pay;-apple-pay-button-style:black}' +
  '@supports (-webkit-appearance:-apple-pay-button){.apple-pay span{display:none}}' +
  '.or{display:flex;gap:12px;align-items:center;margin:0;color:var(--m)}' +
  '.or:before,.or:after{content:"";flex:1;border-top:1px solid var(--b)}';
