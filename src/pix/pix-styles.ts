/**
 * The PIX step's styles, added to the form's shadow root (a constructable stylesheet, as
 * src/ui/mount.tsx does: no style attribute or element for a CSP to refuse). They use the form's
 * custom properties (src/ui/styles.ts).
 */
export const PIX_CSS =
  '.pix-step{display:grid;gap:12px;justify-items:center;text-align:center}' +
  '.pix-step p{margin:0}' +
  // A QR code is dark on light whatever the scheme: the quiet zone must be light.
  '.qr{display:block;width:min(100%,264px);height:auto;background:#fff;border-radius:var(--r)}' +
  '.pix-step .field{width:100%;text-align:start}' +
  '.pix-step input{font-family:ui-monospace,monospace;font-size:.875em;text-overflow:ellipsis}' +
  '.pix-step button{width:100%}' +
  '.expires{color:var(--m);font-variant-numeric:tabular-nums}' +
  '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}';
