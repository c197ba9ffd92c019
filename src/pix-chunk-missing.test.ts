import { afterEach, expect, it, vi } from 'vitest';
import { CheckoutError } from './errors';
import { createCheckout } from './index';
import { cleanPage, formRoot, mountOptions, payButton } from './test-support/checkout-ui';

// The ESM build's own import() of the PIX chunk fails, as when the network drops after the page
// loaded: the module cannot be evaluated.
vi.mock('./pix/pix-step', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(cleanPage);

it('the PIX chunk failing to load: onError `network`, no charge created', async () => {
  const checkout = createCheckout({ publishableKey: 'pk_test_sandbox', baseUrl: 'https://x.test' });
  const container = document.createElement('div');
  document.body.append(container);
  const options = mountOptions({ paymentMethods: ['card', 'pix'] });
  checkout.mount(container, options);
  await vi.waitFor(() => payButton(formRoot(container)));
  const root = formRoot(container);
  (root.querySelector('.methods button:last-child') as HTMLButtonElement).click();
  await vi.waitFor(() => expect(root.querySelector('input[name=number]')).toBeNull());
  payButton(root).click();
  await vi.waitFor(() => expect(options.onError).toHaveBeenCalledOnce());
  const error = options.onError.mock.calls[0]?.[0];
  expect(error).toBeInstanceOf(CheckoutError);
  expect(error).toMatchObject({ code: 'network', message: 'The PIX step could not load' });
  expect(options.onCharge).not.toHaveBeenCalled();
});
