/** @jsxImportSource react */
import { renderToString } from 'react-dom/server';
import type { Catalogue } from '../../shop';
import { Page } from './app';

/** The page's markup, for build.ts to write into index.html (no config: the browser reads it). */
export const render = (catalogue: Catalogue): string =>
  renderToString(<Page catalogue={catalogue} config={null} />);
