/** Styles of the challenge dialog. Sizes come from the iframe's width/height attributes. */
export const CHALLENGE_CSS = `
:host { all: initial !important; }
dialog {
  box-sizing: border-box; padding: 0; border: 0; border-radius: var(--sc-radius, 12px);
  background: var(--sc-surface, #fff); color: var(--sc-text, #1b1f24);
  font: 15px/1.4 var(--sc-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  box-shadow: 0 12px 40px rgb(0 0 0 / 0.28); max-width: 100vw; max-height: 100dvh; overflow: auto;
}
dialog::backdrop { background: rgb(15 20 25 / 0.55); }
dialog[open] { display: flex; flex-direction: column; }
dialog.full { width: 100vw; height: 100dvh; max-width: none; max-height: none; margin: 0; border-radius: 0; }
header { display: flex; align-items: center; justify-content: space-between; gap: 8px;
  padding: 6px 6px 6px 16px; border-bottom: 1px solid rgb(0 0 0 / 0.1); }
h2 { margin: 0; font-size: 15px; font-weight: 600; }
button { display: grid; place-items: center; width: 44px; height: 44px; padding: 0; border: 0;
  border-radius: 8px; background: transparent; color: inherit; font: inherit; font-size: 24px;
  line-height: 1; cursor: pointer; }
button:hover { background: rgb(0 0 0 / 0.06); }
button:focus-visible { outline: 2px solid var(--sc-focus, #2563eb); outline-offset: 2px; }
.body { position: relative; flex: 1; display: flex; }
.full iframe { width: 100%; height: 100%; }
iframe { display: block; border: 0; flex: 1; background: #fff; }
[role="status"] { position: absolute; inset: 0; display: flex; gap: 12px; align-items: center;
  justify-content: center; margin: 0; background: var(--sc-surface, #fff); }
[role="status"][hidden] { display: none; }
[role="status"]::before { content: ""; width: 20px; height: 20px; border-radius: 50%;
  border: 2px solid rgb(0 0 0 / 0.15); border-top-color: currentColor; animation: sc-spin 0.8s linear infinite; }
@keyframes sc-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { [role="status"]::before { animation: none; } }
@media (prefers-color-scheme: dark) {
  dialog, [role="status"] { background: var(--sc-surface, #1f2328); color: var(--sc-text, #f0f3f6); }
  header { border-bottom-color: rgb(255 255 255 / 0.12); }
}
`;
