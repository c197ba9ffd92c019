// The browser: reads the sandbox's config and the catalogue, then hydrates the markup the Node
// prerender wrote (build.ts). The checkout is made only now, in SecureCheckoutForm's onMounted.
import { createSSRApp } from 'vue';
import { loadCatalogue, loadConfig } from '../shop';
import App from './App.vue';

const [config, catalogue] = await Promise.all([loadConfig(), loadCatalogue()]);
createSSRApp(App, { config, catalogue }).mount('#app');
