import type { Page } from '@playwright/test';
import { SANDBOX } from './sandbox-urls';

/** Where a test's own pages live on the demo origin (the browser sees them as the demo's). */
export const ROUTED = '/e2e-routed/';

let demoPolicy: string | undefined;

/** The demo origin's Content-Security-Policy (`script-src 'self'`, no inline script). */
async function demoCsp(): Promise<string> {
  demoPolicy ??= (await fetch(`${SANDBOX.demo}/widget.html`)).headers.get(
    'content-security-policy',
  ) as string;
  return demoPolicy;
}

/**
 * Serves `files` (name → text; `.html` or `.js`) at `/e2e-routed/<name>` on the demo origin,
 * under the demo's own CSP, so a test page loads `/dist/secure-checkout.js` from the sandbox
 * like any demo page. Scripts go in `.js` files: the policy runs no inline script.
 */
export async function routePages(page: Page, files: Record<string, string>): Promise<void> {
  const policy = await demoCsp();
  // A fulfilled page came over no connection, so Chromium does not count it as loopback and
  // asks before it calls the sandbox's loopback API; the demo's real pages need no such grant.
  await page.context().grantPermissions(['local-network-access'], { origin: SANDBOX.demo });
  await page.route(`${SANDBOX.demo}${ROUTED}**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(ROUTED.length);
    const body = Object.hasOwn(files, name) ? files[name] : undefined;
    if (body === undefined) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({
      status: 200,
      contentType: name.endsWith('.js') ? 'text/javascript' : 'text/html',
      headers: { 'Content-Security-Policy': policy },
      body,
    });
  });
}

/** A page around `head` and `body`, in English. */
export const html = (head: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>e2e</title>${head}</head><body><main>${body}</main></body></html>`;
