import { afterEach, expect, it, vi } from 'vitest';
import { createCheckout } from './index';
import { validRequest } from './test-support/fixtures';
import { HOST_TAG } from './threeds/shadow-host';

// The ESM build's own import() of the dialog chunk fails, as when the network drops after the
// page loaded: the module cannot be evaluated.
vi.mock('./threeds/challenge-dialog', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

it('the dialog chunk failing to load fails a challenge with `network`, nothing left', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        authenticationId: 'auth_1',
        status: 'requires_challenge',
        challengeUrl: 'https://acs.example/ch',
      }),
    ),
  );
  const checkout = createCheckout({
    publishableKey: 'pk_test_sandbox',
    baseUrl: 'https://api.example',
  });
  await expect(checkout.authenticate(validRequest())).rejects.toMatchObject({
    code: 'network',
    message: 'The challenge dialog could not load',
  });
  expect(document.querySelector(HOST_TAG)).toBeNull();
});
