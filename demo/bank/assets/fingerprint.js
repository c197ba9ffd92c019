// 3DS Method page (sandbox): after a short delay, posts the fingerprinting result to the parent.
// Protocol (docs/protocol.md): { type: 'fingerprinting_result', authenticationId, fingerprintingResult }.
(() => {
  const data = document.body.dataset;
  const authenticationId = data.authenticationId || '';
  const delayMs = Number(data.delayMs || '300');

  /** The framing page's origin, from the referrer; '*' when unknown. */
  function targetOrigin() {
    try {
      const origin = document.referrer ? new URL(document.referrer).origin : '';
      return origin && origin !== 'null' ? origin : '*';
    } catch {
      return '*';
    }
  }

  function base64(text) {
    const bytes = new TextEncoder().encode(text);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }

  const fingerprintingResult = base64(
    JSON.stringify({
      authenticationId,
      userAgent: navigator.userAgent,
      language: navigator.language,
      screen: [screen.width, screen.height, screen.colorDepth],
      timezoneOffset: new Date().getTimezoneOffset(),
      collectedAt: Date.now(),
    }),
  );

  setTimeout(() => {
    window.parent.postMessage(
      { type: 'fingerprinting_result', authenticationId, fingerprintingResult },
      targetOrigin(),
    );
  }, delayMs);
})();
