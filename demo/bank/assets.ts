import { join } from 'node:path';

/** The bank's pages' scripts and styles, also served by the API's look-alike page. */
export const ASSETS_DIR = join(import.meta.dirname, 'assets');
