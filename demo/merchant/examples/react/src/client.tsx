/** @jsxImportSource react */
import { hydrateRoot } from 'react-dom/client';
import { loadCatalogue, loadConfig } from '../../shop';
import { Page } from './app';

// The server rendered the page from the same catalogue; the config (the sandbox's address and
// key) is read here, before hydrating, and used by effects only, so the markup matches.
const root = document.getElementById('root');
if (!root) throw new Error('#root is not on this page');
const [config, catalogue] = await Promise.all([loadConfig(), loadCatalogue()]);
hydrateRoot(root, <Page catalogue={catalogue} config={config} />);
