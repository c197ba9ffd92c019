// @vitest-environment happy-dom
/** In a browser (window and document exist) the server client refuses a secret key. */
import { expect, it } from 'vitest';
import { createServerClient, ServerClientError } from './index';

it('a secret key is refused in a browser, saying why', () => {
  expect(typeof window).toBe('object');
  let error: unknown;
  try {
    createServerClient({ secretKey: 'sk_test_sandbox', baseUrl: 'https://api.example.test' });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ServerClientError);
  expect(error).toMatchObject({ code: 'secret_key_in_browser' });
  expect((error as Error).message).toMatch(/anyone who loads the page could read it/);
});

it('without a secret key the client can be made (Bearer operations, after login)', () => {
  const client = createServerClient({ baseUrl: 'https://api.example.test' });
  expect(typeof client.login).toBe('function');
});
