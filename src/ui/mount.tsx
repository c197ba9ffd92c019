import { signal } from '@preact/signals';
import { render } from 'preact';
import type { MountImplementation } from '../checkout';
import { CheckoutError } from '../errors';
import { CheckoutForm } from './checkout-form';
import { checkMountOptions } from './mount-options';
import type { Phase } from './outcome-notice';
import { FORM_CSS } from './styles';

export const FORM_HOST_TAG = 'secure-checkout-form';

let sheet: CSSStyleSheet | undefined;

/** The card form in an open shadow root inside `target`, styled by a constructable stylesheet. */
export const mountCheckout: MountImplementation = (context, target, mountOptions) => {
  const container = typeof target === 'string' ? document.querySelector(target) : target;
  if (!(container instanceof HTMLElement)) {
    throw new CheckoutError('configuration', `mount() found no element for ${String(target)}`);
  }
  const options = signal(checkMountOptions(mountOptions));
  const host = document.createElement(FORM_HOST_TAG);
  const root = host.attachShadow({ mode: 'open' });
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(FORM_CSS);
  }
  root.adoptedStyleSheets = [sheet];
  container.append(host);
  // Ends a running payment at once: Preact runs effect cleanups after unmounting, not during it.
  const lifetime = new AbortController();
  const { signal: ended } = lifetime;
  const phase = signal<Phase>('idle');
  render(<CheckoutForm context={context} options={options} lifetime={ended} phase={phase} />, root);
  return {
    destroy() {
      if (ended.aborted) return;
      lifetime.abort();
      render(null, root);
      host.remove();
    },
    update(changes) {
      if (ended.aborted) return;
      const next = checkMountOptions({ ...options.value, ...changes });
      const { amount, currency } = options.value;
      // The shopper pays what Pay showed and the 3DS authenticated, never another amount unseen.
      if (
        (phase.value === 'paying' || phase.value === 'pix') &&
        (next.amount !== amount || next.currency !== currency)
      ) {
        throw new CheckoutError('busy', 'The amount cannot change while a payment runs');
      }
      options.value = next;
    },
  };
};
