// The server side of the example: the app rendered to HTML in Node (no DOM), by build.ts.
import { createSSRApp } from 'vue';
import { renderToString } from 'vue/server-renderer';
import type { Catalogue, ShopConfig } from '../shop';
import App from './App.vue';

/**
 * The page's app as HTML. The sandbox's ports are not known when the page is prerendered: the
 * config's values are placeholders, which change nothing in the markup (SecureCheckoutForm reads
 * its props in the browser only); the browser hydrates with the real ones (main.ts).
 */
export function render(catalogue: Catalogue): Promise<string> {
  const config: ShopConfig = { publishableKey: 'pk_prerender', apiUrl: 'http://localhost' };
  return renderToString(createSSRApp(App, { config, catalogue }));
}
