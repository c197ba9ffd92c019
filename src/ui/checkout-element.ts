import { CheckoutError } from '../api/errors';
import { createCheckout } from '../checkout';
import type {
  AuthenticationResult,
  ChargePayload,
  Checkout,
  MountedCheckout,
  MountOptions,
} from '../types';

/** Answer an element event with your server's promise; the form shows its failure as text. */
interface Answerable {
  respondWith(response: Promise<unknown> | unknown): void;
}

/** `event.detail` of the element's `charge` event. */
export interface ChargeEventDetail extends ChargePayload, Answerable {}

/** `event.detail` of the element's `resume` event (managed 3DS: call resume-3ds). */
export interface ResumeEventDetail extends Answerable {
  charge: unknown;
  authentication: AuthenticationResult;
}

/** The checkout itself is made from these two: a change re-creates it. */
const IDENTITY = ['publishable-key', 'base-url'];

const ATTRIBUTES = [
  'publishable-key',
  'base-url',
  'amount',
  'currency',
  'installments',
  'locale',
  'three-ds',
];

/**
 * `<secure-checkout publishable-key base-url amount currency installments locale three-ds>`:
 * the checkout for pages without a build. Fires `charge` and, for managed 3DS, `resume` (answer
 * both with `detail.respondWith`), `checkout-error` (detail: CheckoutError) and `checkout-cancel`.
 */
export function defineCheckoutElement(registry: CustomElementRegistry = customElements): void {
  if (registry.get('secure-checkout')) return;

  class SecureCheckoutElement extends HTMLElement {
    static observedAttributes = ATTRIBUTES;
    #checkout?: Checkout;
    #mounted?: MountedCheckout;

    #options(): Omit<MountOptions, 'onCharge'> {
      const installments = this.getAttribute('installments');
      // Keys stay when their attribute is absent: update() merges, and a removed attribute
      // must bring the default back rather than keep its last value.
      return {
        amount: Number(this.getAttribute('amount')),
        currency: this.getAttribute('currency') ?? '',
        installments: installments === null ? undefined : Number(installments),
        threeDS: (this.getAttribute('three-ds') ?? undefined) as MountOptions['threeDS'],
        locale: this.getAttribute('locale') ?? undefined,
      };
    }

    #fail(error: unknown) {
      const detail =
        error instanceof CheckoutError ? error : new CheckoutError('configuration', String(error));
      this.dispatchEvent(
        new CustomEvent('checkout-error', { detail, bubbles: true, composed: true }),
      );
    }

    connectedCallback() {
      try {
        this.#checkout = createCheckout({
          publishableKey: this.getAttribute('publishable-key') ?? '',
          baseUrl: this.getAttribute('base-url') ?? '',
          ...(this.getAttribute('locale') !== null && {
            locale: this.getAttribute('locale') as string,
          }),
        });
        this.#mounted = this.#checkout.mount(this, {
          ...this.#options(),
          onCharge: (payload) => this.#ask('charge', payload),
          onResume: (payload) => this.#ask('resume', payload),
          onError: (error) => this.#fail(error),
          onCancel: () =>
            this.dispatchEvent(
              new CustomEvent('checkout-cancel', { bubbles: true, composed: true }),
            ),
        });
      } catch (error) {
        this.#fail(error);
      }
    }

    disconnectedCallback() {
      this.#mounted?.destroy();
      this.#checkout?.destroy();
      this.#mounted = undefined;
      this.#checkout = undefined;
    }

    attributeChangedCallback(name: string) {
      if (!this.isConnected) return;
      // A new key or service, or a first mount that failed: start again with what is there now.
      if (IDENTITY.includes(name) || !this.#mounted) {
        this.disconnectedCallback();
        this.connectedCallback();
        return;
      }
      try {
        this.#mounted.update(this.#options());
      } catch (error) {
        this.#fail(error);
      }
    }

    /** Fires `type` and returns the listener's answer; no answer is a merchant bug, not a payment. */
    #ask(type: 'charge' | 'resume', payload: object): unknown {
      let answered = false;
      let response: unknown;
      const detail = {
        ...payload,
        respondWith: (value: unknown) => {
          answered = true;
          response = value;
        },
      };
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
      if (!answered) {
        throw new CheckoutError(
          'configuration',
          `Answer the ${type} event with event.detail.respondWith(promise)`,
        );
      }
      return response;
    }
  }
  registry.define('secure-checkout', SecureCheckoutElement);
}
