// Test helper for hostile-message e2e: posts valid-looking 3DS messages to the parent and the top
// window, with targetOrigin '*', every 100 ms, forever. The widget must ignore all of them.
(() => {
  const data = document.body.dataset;
  const kind = data.kind === 'challenge' ? 'challenge' : 'fingerprint';
  const id = data.authenticationId;
  const withId = (message) => (id === undefined ? message : { ...message, authenticationId: id });
  const fingerprint = btoa('look-alike-fingerprint');
  const messages =
    kind === 'challenge'
      ? [withId({ type: 'challenge_complete' })]
      : [withId({ type: 'fingerprinting_result', fingerprintingResult: fingerprint }), fingerprint];
  const targets = [window.parent, window.top];

  function post() {
    for (const target of targets) {
      for (const message of messages) {
        try {
          target.postMessage(message, '*');
        } catch {
          // A closed or detached window: try again next tick.
        }
      }
    }
  }
  post();
  setInterval(post, 100);
})();
