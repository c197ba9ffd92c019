/**
 * The example shop's data and its calls to the demo merchant server (demo/merchant/routes.ts), as
 * a merchant's own Vue app would have them: the same on the server (the prerender) and in the
 * browser, so what the server rendered is what the browser hydrates.
 */

/** What `GET /merchant/catalogue` serves (demo/merchant/catalogue.ts). */
export interface Catalogue {
  currency: string;
  products: { sku: string; name: string; unitPrice: number }[];
}

/** What the page needs of /demo-config.json (demo/merchant/app.ts). */
export interface ExampleConfig {
  publishableKey: string;
  apiUrl: string;
}

/** The cart the merchant server prices: SKUs and quantities, never amounts. */
export type Cart = { sku: string; quantity: number }[];

export const PRODUCT_SKU = 'mug-350ml';

/** The cart's total as the server computes it (integer cents), so 3DS and charge agree. */
export function totalOf(catalogue: Catalogue, cart: Cart): number {
  const cents = cart.reduce((sum, { sku, quantity }) => {
    const product = catalogue.products.find((p) => p.sku === sku);
    if (!product) throw new Error(`${sku} is not in the catalogue`);
    return sum + Math.round(product.unitPrice * 100) * quantity;
  }, 0);
  return cents / 100;
}

/** One locale on the server and in the browser: the same text, so hydration matches. */
export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

/**
 * POST /merchant/charges as demo/merchant/pages/checkout.js sends it (demo-helpers.js
 * createCharge): the cart, the widget's paymentMethod, the customer fields if any. The merchant
 * server prices the cart and calls the API with its secret key. Resolves with the charge of any
 * 2xx (a `failed` one too: the form shows the decline); rejects with the server's message.
 */
export async function createCharge(
  cart: Cart,
  { paymentMethod, customer }: { paymentMethod: unknown; customer?: unknown },
): Promise<unknown> {
  const response = await fetch('/merchant/charges', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ cart, paymentMethod, ...(customer ? { customer } : {}) }),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body;
  const message = (body as { message?: unknown } | undefined)?.message;
  throw new Error(
    typeof message === 'string' ? message : `the merchant server answered ${response.status}`,
  );
}
