// @vitest-environment node
import { PassThrough } from 'node:stream';
import { createElement, StrictMode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SecureCheckoutForm, useSecureCheckout } from './index';

const KEYS = { publishableKey: 'pk_test_ssr', baseUrl: 'https://api.example.com' };
const PLACEHOLDER = '<div data-secure-checkout=""></div>';

const form = () =>
  createElement(
    StrictMode,
    null,
    createElement(SecureCheckoutForm, {
      ...KEYS,
      amount: 185.9,
      currency: 'BRL',
      onCharge: () => ({}),
    }),
  );

/** What a component using the hook saw while the server rendered it. */
const seen: unknown[] = [];
function Headless() {
  seen.push(useSecureCheckout(KEYS));
  return createElement('p', null, 'headless');
}

function streamed(element: ReturnType<typeof form>): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => {
      html += chunk.toString();
    });
    sink.on('end', () => resolve(html));
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

describe('secure-checkout/react on a server (Node, no DOM)', () => {
  it('runs where there is no window nor document', () => {
    expect(typeof globalThis.window).toBe('undefined');
    expect(typeof globalThis.document).toBe('undefined');
  });

  it('imports the entry and the core with no effect on the global scope', async () => {
    vi.resetModules();
    const before = Object.getOwnPropertyNames(globalThis).sort();
    const entry = await import('./index');
    const core = await import('secure-checkout');
    expect(typeof entry.SecureCheckoutForm).toBe('function');
    expect(typeof core.createCheckout).toBe('function');
    expect(Object.getOwnPropertyNames(globalThis).sort()).toEqual(before);
  });

  it('renders the form as its placeholder only, with renderToString and a stream', async () => {
    expect(renderToString(form())).toBe(PLACEHOLDER);
    expect(await streamed(form())).toBe(PLACEHOLDER);
  });

  it('gives the hook no checkout', async () => {
    seen.length = 0;
    expect(renderToString(createElement(Headless))).toBe('<p>headless</p>');
    expect(await streamed(createElement(Headless))).toBe('<p>headless</p>');
    expect(seen).toEqual([null, null]);
  });

  it('passes className and id to the placeholder', () => {
    const html = renderToString(
      createElement(SecureCheckoutForm, {
        ...KEYS,
        amount: 1,
        currency: 'BRL',
        onCharge: () => ({}),
        className: 'pay',
        id: 'checkout',
      }),
    );
    expect(html).toBe('<div data-secure-checkout="" class="pay" id="checkout"></div>');
  });
});
