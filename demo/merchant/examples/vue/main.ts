// The browser: reads the sandbox's config and the catalogue, then hydrates the markup the Node
// prerender wrote (build.ts). The checkout is made only now, in SecureCheckoutForm's onMounted.
import { createSSRApp } from 'vue';
import App from './App.vue';
import type { Catalogue, ExampleConfig } from './shop';

const json = async <T>(url: string): Promise<T> => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json() as Promise<T>;
};

const [config, catalogue] = await Promise.all([
  json<ExampleConfig>('/demo-config.json'),
  json<Catalogue>('/merchant/catalogue'),
]);
createSSRApp(App, { config, catalogue }).mount('#app');
