/** @jsxImportSource react */
import { renderToString } from 'react-dom/server';
import { Page } from './app';
import type { Catalogue } from './shop';

/** The page's markup, for build.ts to write into index.html (no config: the browser reads it). */
export const render = (catalogue: Catalogue): string =>
  renderToString(<Page catalogue={catalogue} config={null} />);
