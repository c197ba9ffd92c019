import { afterEach, expect, it, vi } from 'vitest';
import { createCheckout } from './index';
import { cleanPage, formRoot, mountOptions, payButton } from './test-support/checkout-ui';
import { BR_CODE } from './test-support/pix';

afterEach(cleanPage);

it('the ESM build loads the PIX step as its own chunk when a shopper pays with PIX', async () => {
  const checkout = createCheckout({ publishableKey: 'pk_test_sandbox', baseUrl: 'https://x.test' });
  const container = document.createElement('div');
  document.body.append(container);
  const options = mountOptions({
    paymentMethods: ['pix'],
    onCharge: vi.fn(async () => ({
      status: 'pending',
      pix: { qrCode: BR_CODE, expiresAt: new Date(Date.now() + 15 * 60_000).toISOString() },
    })),
  });
  const form = checkout.mount(container, options);
  await vi.waitFor(() => payButton(formRoot(container)));
  payButton(formRoot(container)).click();
  await vi.waitFor(() =>
    expect(formRoot(container).querySelector('svg[role=img] path')).not.toBeNull(),
  );
  expect(options.onCharge).toHaveBeenCalledExactlyOnceWith({ paymentMethod: { type: 'pix' } });
  expect(options.onError).not.toHaveBeenCalled();
  form.destroy();
  expect(container.childNodes).toHaveLength(0);
});
