// @vitest-environment node
/**
 * Server rendering in Node, no DOM: the component renders its placeholder only, and neither the
 * entry, the core it imports nor the render reads `window` or `document`. Vue itself is loaded
 * first: its DOM runtime asks `typeof window` as it loads, which is not ours to judge.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSSRApp, defineComponent, h } from 'vue';
import { renderToString } from 'vue/server-renderer';

const touched: string[] = [];
const GLOBALS = ['window', 'document', 'navigator', 'location', 'customElements'] as const;

beforeAll(() => {
  for (const name of GLOBALS) {
    const own = Object.getOwnPropertyDescriptor(globalThis, name);
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        touched.push(name);
        return own?.get ? own.get.call(globalThis) : own?.value;
      },
    });
  }
});
afterAll(() => {
  for (const name of GLOBALS) {
    if (name === 'navigator') continue; // Node's own: left as the trap forwards it
    delete (globalThis as Record<string, unknown>)[name];
  }
});

const PROPS = {
  publishableKey: 'pk_test_sandbox',
  baseUrl: 'https://api.example',
  amount: 120.5,
  currency: 'BRL',
  onCharge: async () => ({ status: 'paid' }),
};

describe('secure-checkout/vue on the server', () => {
  it('imports with no DOM: the entry and the core have no side effect on window or document', async () => {
    expect(typeof globalThis.document).toBe('undefined');
    touched.length = 0;
    const entry = await import('./index');
    await import('secure-checkout');
    expect(Object.keys(entry).sort()).toEqual(['SecureCheckoutForm', 'useSecureCheckout']);
    expect(touched).toEqual([]);
  });

  it('renders exactly the placeholder, with no warning and without touching window', async () => {
    const { SecureCheckoutForm } = await import('./index');
    const warnings: string[] = [];
    const app = createSSRApp({ render: () => h(SecureCheckoutForm, PROPS) });
    app.config.warnHandler = (message) => void warnings.push(message);
    touched.length = 0;
    // `<div data-secure-checkout="">`: Vue writes an empty attribute without its `=""`.
    expect(await renderToString(app)).toBe('<div data-secure-checkout></div>');
    expect(touched).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('useSecureCheckout is null during server rendering', async () => {
    const { useSecureCheckout } = await import('./index');
    const seen: unknown[] = [];
    const Page = defineComponent({
      setup() {
        const checkout = useSecureCheckout({ publishableKey: 'pk_test', baseUrl: PROPS.baseUrl });
        return () => {
          seen.push(checkout.value);
          return h('p', 'headless');
        };
      },
    });
    touched.length = 0;
    expect(await renderToString(createSSRApp(Page))).toBe('<p>headless</p>');
    expect(seen).toEqual([null]);
    expect(touched).toEqual([]);
  });
});
