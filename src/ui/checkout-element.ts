import { createCheckout } from '../checkout';
import { asCheckoutError, CheckoutError } from '../errors';
import type {
  AuthenticationResult,
  ChargePayload,
  Checkout,
  CustomerField,
  MountedCheckout,
  MountOptions,
} from '../types';

/**
 * Answer an element event with the charge your server returned, or a promise of it: its status
 * decides, as onCharge's does. A rejection's message is shown as text.
 */
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

/** `event.detail` of the element's `pix-status` event (PIX: read the charge on your server). */
export interface PixStatusEventDetail extends Answerable {
  charge: unknown;
}

/** The checkout itself is made from these two: a change re-creates it. */
const IDENTITY = ['publishable-key', 'base-url'];

/** An event that leaves the element and its shadow root, as the page expects. */
const fire = (element: HTMLElement, type: string, detail?: unknown) =>
  element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));

const fail = (element: HTMLElement, error: unknown) =>
  fire(element, 'checkout-error', asCheckoutError(error, 'The checkout could not start'));

/** Mount options from the attributes. */
function optionsOf(element: HTMLElement): Omit<MountOptions, 'onCharge'> {
  const attribute = (name: string) => element.getAttribute(name) ?? undefined;
  /** Space-separated names: `customer-fields="name email"`. */
  const listAttribute = (name: string) => attribute(name)?.split(/\s+/).filter(Boolean);
  const installments = attribute('installments');
  // Keys stay when their attribute is absent: update() merges, and a removed attribute
  // must bring the default back rather than keep its last value.
  return {
    amount: Number(attribute('amount')),
    currency: attribute('currency') ?? '',
    installments: installments === undefined ? undefined : Number(installments),
    customerFields: listAttribute('customer-fields') as CustomerField[] | undefined,
    paymentMethods: listAttribute('payment-methods') as MountOptions['paymentMethods'],
    threeDS: attribute('three-ds') as MountOptions['threeDS'],
    locale: attribute('locale'),
    challengeContainer: attribute('challenge-container'),
  };
}

/** Fires `type` and returns the listener's answer; no answer is a merchant bug, not a payment. */
function ask(
  element: HTMLElement,
  type: 'charge' | 'resume' | 'pix-status',
  payload: object,
): unknown {
  let answered = false;
  let response: unknown;
  fire(element, type, {
    ...payload,
    respondWith: (value: unknown) => {
      answered = true;
      response = value;
    },
  });
  if (!answered) {
    throw new CheckoutError(
      'configuration',
      `Answer the ${type} event with event.detail.respondWith(promise)`,
    );
  }
  return response;
}

/**
 * `<secure-checkout publishable-key base-url amount currency installments customer-fields
 * payment-methods locale three-ds challenge-container>` (a selector):
 * the checkout for pages without a build. Fires `charge`, for managed 3DS `resume`, and while a
 * PIX code shows `pix-status` (answer each with `detail.respondWith`), `checkout-error` (detail:
 * CheckoutError) and `checkout-cancel`.
 */
export function defineCheckoutElement(registry: CustomElementRegistry = customElements): void {
  if (registry.get('secure-checkout')) return;

  class SecureCheckoutElement extends HTMLElement {
    static observedAttributes = [
      ...IDENTITY,
      'amount',
      'currency',
      'installments',
      'customer-fields',
      'payment-methods',
      'locale',
      'three-ds',
      'challenge-container',
    ];
    #checkout?: Checkout;
    #mounted?: MountedCheckout;
    /**
     * Between connectedCallback and disconnectedCallback. An element upgraded in the page gets
     * attributeChangedCallback for each attribute before connectedCallback: those must not mount.
     */
    #live = false;

    connectedCallback() {
      this.#live = true;
      this.#start();
    }

    disconnectedCallback() {
      this.#live = false;
      this.#stop();
    }

    attributeChangedCallback(name: string) {
      if (!this.#live) return;
      // A new key or service, or a first mount that failed: start again with what is there now.
      if (IDENTITY.includes(name) || !this.#mounted) {
        this.#start();
        return;
      }
      try {
        this.#mounted.update(optionsOf(this));
      } catch (error) {
        fail(this, error);
      }
    }

    /** One form at most: whatever ran before is destroyed first. */
    #start() {
      this.#stop();
      try {
        this.#checkout = createCheckout({
          publishableKey: this.getAttribute('publishable-key') ?? '',
          baseUrl: this.getAttribute('base-url') ?? '',
          locale: this.getAttribute('locale') ?? undefined,
        });
        this.#mounted = this.#checkout.mount(this, {
          ...optionsOf(this),
          onCharge: (payload) => ask(this, 'charge', payload),
          onResume: (payload) => ask(this, 'resume', payload),
          // Unanswered, a read fails like any other: the next one comes after the back-off.
          onPixStatus: (charge) => ask(this, 'pix-status', { charge }),
          onError: (error) => fail(this, error),
          onCancel: () => fire(this, 'checkout-cancel'),
        });
      } catch (error) {
        fail(this, error);
      }
    }

    #stop() {
      this.#mounted?.destroy();
      this.#checkout?.destroy();
      this.#mounted = undefined;
      this.#checkout = undefined;
    }
  }
  registry.define('secure-checkout', SecureCheckoutElement);
}
