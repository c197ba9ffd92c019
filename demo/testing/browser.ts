import type { BrowserInfo } from '../service/kernel/wire-types';

/** A desktop Chrome's browser data, for 3DS requests made by tests and the bench. */
export const BROWSER: BrowserInfo = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  ipAddress: '',
  acceptHeader: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  language: 'en-US',
  timezoneOffset: 180,
  javascriptEnabled: true,
  javaEnabled: false,
  screenWidth: 1280,
  screenHeight: 800,
  colorDepth: 24,
};
