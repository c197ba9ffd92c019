// DEMO ONLY — a SIMULATED Apple Pay, so QA can walk the Apple Pay path in any browser (Chromium
// has no ApplePaySession). It is switched on only by the query parameter ?simulateApplePay=1;
// without it this file does nothing. It is never part of the library: the widget only sees a
// `window.ApplePaySession`, as it would in Safari. The token it makes has the shape of a real
// EC_v1 token, with random bytes instead of encrypted card data: no real payment can come of it.
// A classic script (widget.html loads it before the widget): the imports below are types only.
/** @import { ApplePaySessionLike } from '../../../src/wallet/apple-pay' */

/**
 * An Apple Pay payment token (EC_v1) as Safari hands it over; the QA box "malformed token" takes
 * its `signature` out.
 * @typedef {{
 *   paymentData: {
 *     data: string,
 *     signature?: string,
 *     header: { ephemeralPublicKey: string, publicKeyHash: string, transactionId: string },
 *     version: string,
 *   },
 *   paymentMethod: { displayName: string, network: string, type: string },
 *   transactionIdentifier: string,
 * }} Token
 */

/**
 * What the sheet shows of the widget's payment request (src/wallet/apple-pay.ts).
 * @typedef {{ currencyCode: string, total: { label: string, amount: string } }} SheetRequest
 */

(() => {
  if (new URLSearchParams(location.search).get('simulateApplePay') !== '1') return;

  const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';
  /** @param {number} length */
  const random = (length) => crypto.getRandomValues(new Uint8Array(length));
  /** @param {Uint8Array} bytes */
  const base64 = (bytes) => btoa(String.fromCharCode(...bytes));
  /** @param {Uint8Array} bytes */
  const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

  /** An Apple Pay payment token as Safari hands it over (EC_v1), with random contents. @returns {Token} */
  function simulatedToken() {
    const transactionId = hex(random(32));
    return {
      paymentData: {
        data: base64(random(224)),
        signature: base64(random(128)),
        header: {
          ephemeralPublicKey: base64(random(91)),
          publicKeyHash: base64(random(32)),
          transactionId,
        },
        version: 'EC_v1',
      },
      paymentMethod: { displayName: 'Visa 0492', network: 'Visa', type: 'debit' },
      transactionIdentifier: transactionId.toUpperCase(),
    };
  }

  /**
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {Record<string, unknown>} [props]
   * @param {...(Node | string)} children
   * @returns {HTMLElementTagNameMap[K]}
   */
  const el = (tag, props = {}, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };
  /** @param {HTMLElement} node @param {Partial<CSSStyleDeclaration>} css */
  const style = (node, css) => Object.assign(node.style, css);

  /**
   * The payment sheet: a modal dialog standing in for Apple's.
   * @param {SheetRequest} request
   * @param {{ authorize: (broken: boolean) => void, cancel: () => void }} actions
   */
  function sheet(request, actions) {
    const pay = el('button', { type: 'button', textContent: 'Pay (simulated)', disabled: true });
    const cancel = el('button', { type: 'button', textContent: 'Cancel' });
    const broken = el('input', { type: 'checkbox', id: 'simulated-apple-pay-broken' });
    const status = el('p', { textContent: 'Validating the merchant…' });
    status.setAttribute('role', 'status');
    const qa = el(
      'label',
      {},
      broken,
      'QA: send a malformed token (no paymentData.signature), to see the widget refuse it',
    );
    style(qa, { display: 'flex', gap: '8px', alignItems: 'start', fontWeight: '400' });
    style(broken, { width: 'auto', minHeight: '0', margin: '2px 0 0' });
    const dialog = el(
      'dialog',
      {},
      el('h2', { textContent: 'Simulated Apple Pay — demo only' }),
      el('p', {
        textContent: `${request.total.label}: ${request.currencyCode} ${request.total.amount}`,
      }),
      el('p', { textContent: 'Card: Visa 0492 (simulated)' }),
      qa,
      status,
      el('p', {}, pay, ' ', cancel),
    );
    dialog.setAttribute('aria-label', 'Simulated Apple Pay');
    style(dialog, { maxWidth: '26rem', borderRadius: '12px', border: '2px dashed #b3261e' });
    for (const button of [pay, cancel]) style(button, { minHeight: '40px', padding: '0 16px' });
    style(pay, { background: '#000', color: '#fff', border: '0', borderRadius: '8px' });
    pay.addEventListener('click', () => {
      pay.disabled = true;
      status.textContent = 'Authorizing…';
      actions.authorize(broken.checked);
    });
    cancel.addEventListener('click', () => dialog.close());
    // Cancel, Esc: the shopper closed the sheet.
    dialog.addEventListener('close', () => {
      if (dialog.returnValue !== 'done') actions.cancel();
      dialog.remove();
    });
    const done = () => {
      dialog.returnValue = 'done';
      dialog.close();
    };
    document.body.append(dialog);
    dialog.showModal();
    return {
      /** @param {{ displayName?: string }} merchantSession the demo server's fake session */
      ready(merchantSession) {
        status.textContent = `Merchant validated (${merchantSession.displayName ?? 'fake session'}). Press Pay.`;
        pay.disabled = false;
        pay.focus();
      },
      /** @param {string} text */
      finish(text) {
        status.textContent = text;
        cancel.disabled = true;
        setTimeout(done, 800);
      },
      close: done,
    };
  }

  /** @implements {ApplePaySessionLike} */
  class SimulatedApplePaySession {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments = () => true;
    /** @param {number} version */
    static supportsVersion = (version) => version >= 1 && version <= 14;

    /**
     * @param {number} version
     * @param {object} request the widget's payment request (src/wallet/apple-pay.ts)
     */
    constructor(version, request) {
      // As Safari: only from a user gesture, only a supported version, a complete request.
      if (navigator.userActivation && !navigator.userActivation.isActive) {
        throw new DOMException(
          'Must create a new ApplePaySession from a user gesture handler.',
          'InvalidAccessError',
        );
      }
      if (!SimulatedApplePaySession.supportsVersion(version)) {
        throw new DOMException(`"${version}" is not a supported version.`, 'InvalidAccessError');
      }
      for (const key of [
        'countryCode',
        'currencyCode',
        'supportedNetworks',
        'merchantCapabilities',
        'total',
      ]) {
        const members = /** @type {Record<string, unknown> | undefined} */ (request);
        if (members?.[key] === undefined) throw new TypeError(`Member ${key} is required.`);
      }
      this.request = /** @type {SheetRequest} its members checked above */ (request);
      this.state = 'new';
      /** @type {ApplePaySessionLike['onvalidatemerchant']} */
      this.onvalidatemerchant = null;
      /** @type {ApplePaySessionLike['onpaymentauthorized']} */
      this.onpaymentauthorized = null;
      // Safari passes an event; the widget's handler takes none.
      /** @type {((event?: object) => void) | null} */
      this.oncancel = null;
      /** @type {ReturnType<typeof sheet> | undefined} made by begin() */
      this.sheet = undefined;
    }

    begin() {
      this.state = 'validating';
      this.sheet = sheet(this.request, {
        authorize: (broken) => {
          const token = simulatedToken();
          if (broken) delete token.paymentData.signature;
          this.state = 'authorizing';
          this.onpaymentauthorized?.({ payment: { token } });
        },
        cancel: () => {
          if (this.state === 'done') return;
          this.state = 'done';
          this.oncancel?.({});
        },
      });
      setTimeout(() => this.onvalidatemerchant?.({ validationURL: VALIDATION_URL }), 50);
    }

    /** @param {{ displayName?: string }} merchantSession */
    completeMerchantValidation(merchantSession) {
      if (this.state !== 'validating')
        throw new DOMException('Not validating', 'InvalidStateError');
      this.state = 'ready';
      // 'validating' comes from begin(), which made the sheet.
      this.sheet?.ready(merchantSession);
    }

    /** @param {number | { status: number }} result */
    completePayment(result) {
      if (this.state !== 'authorizing')
        throw new DOMException('Not authorizing', 'InvalidStateError');
      this.state = 'done';
      const status = typeof result === 'object' ? result.status : result;
      this.sheet?.finish(
        status === SimulatedApplePaySession.STATUS_SUCCESS ? 'Done ✓' : 'Payment not completed',
      );
    }

    abort() {
      if (this.state === 'done') return;
      this.state = 'done';
      this.sheet?.close();
    }
  }

  window.ApplePaySession = SimulatedApplePaySession;

  // Say so on the page, plainly.
  const banner = () => {
    const note = el('p', {
      textContent:
        'Apple Pay is SIMULATED on this page (?simulateApplePay=1): a demo stand-in for Safari’s ApplePaySession, no real wallet, no real payment.',
    });
    note.setAttribute('role', 'note');
    note.dataset.simulatedApplePay = '';
    style(note, {
      margin: '0',
      padding: '8px 16px',
      background: '#fff4e5',
      color: '#5f3b00',
      borderBottom: '2px dashed #b3261e',
      font: '600 14px/1.4 system-ui, sans-serif',
    });
    document.body.prepend(note);
  };
  if (document.body) banner();
  else document.addEventListener('DOMContentLoaded', banner, { once: true });
})();
