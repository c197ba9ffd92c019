// Which API answers a sandbox fault rule gave: the sandbox marks them with `Sandbox-Fault: <rule
// id>` and exposes that header to page scripts, but the widget's onEvent does not carry headers.
// So the panel watches the page's fetch (the engine calls the global one at each request): the
// same response goes back untouched, and an answer to the API with the header is reported.

/** @typedef {{ at: number, method: string, path: string, status: number, faultId: string }} FaultSeen */

/**
 * Wraps `window.fetch` once: `onFault` hears of each answer from `apiUrl` that carries the header.
 * @param {string} apiUrl
 * @param {(fault: FaultSeen) => void} onFault
 */
export function watchFaults(apiUrl, onFault) {
  const original = window.fetch;
  const root = new URL(apiUrl).origin;
  /** @type {typeof fetch} */
  const watched = async (input, init) => {
    const response = await original.call(window, input, init);
    const faultId = response.headers.get('Sandbox-Fault');
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (faultId && url.origin === root) {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      onFault({
        at: Date.now(),
        method: method.toUpperCase(),
        path: url.pathname,
        status: response.status,
        faultId,
      });
    }
    return response;
  };
  window.fetch = watched;
}
