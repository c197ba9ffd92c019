// After the challenge form (sandbox): tells the parent the challenge is complete.
// Protocol (docs/protocol.md): { type: 'challenge_complete', authenticationId }.
(() => {
  const data = document.body.dataset;
  const authenticationId = data.authenticationId || '';

  /** The merchant page's origin: carried from the first load, else the referrer, else '*'. */
  function targetOrigin() {
    if (data.parentOrigin) return data.parentOrigin;
    try {
      const origin = document.referrer ? new URL(document.referrer).origin : '';
      return origin && origin !== 'null' && origin !== location.origin ? origin : '*';
    } catch {
      return '*';
    }
  }

  setTimeout(() => {
    window.parent.postMessage({ type: 'challenge_complete', authenticationId }, targetOrigin());
  }, 300);
})();
