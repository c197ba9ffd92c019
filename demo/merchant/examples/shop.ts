/**
 * What the React and Vue example pages ask of the demo origin, as a merchant's own app would
 * have it: its config, the catalogue, the cart's total, and charges through the merchant server
 * (demo/merchant/routes.ts). The same on the server (the prerender) and in the browser, so what
 * the server rendered is what the browser hydrates.
 */

/** From /demo-config.json (demo/merchant/app.ts): where the API is, and the publishable key. */
export interface ShopConfig {
  apiUrl: string;
  publishableKey: string;
}

/** `GET /merchant/catalogue` (demo/merchant/catalogue.ts): prices in the currency unit. */
export interface Catalogue {
  currency: string;
  products: { sku: string; name: string; unitPrice: number }[];
}

/** The cart the merchant server prices: SKUs and quantities, never amounts. */
export type Cart = { sku: string; quantity: number }[];

/** The one product the examples sell. */
export const PRODUCT_SKU = 'mug-350ml';

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export const loadConfig = () => getJson<ShopConfig>('/demo-config.json');
export const loadCatalogue = () => getJson<Catalogue>('/merchant/catalogue');

/** The cart's total as the merchant server computes it (integer cents), so 3DS and charge agree. */
export function totalOf({ products }: Catalogue, cart: Cart): number {
  const cents = cart.reduce((sum, { sku, quantity }) => {
    const product = products.find((p) => p.sku === sku);
    if (!product) throw new Error(`${sku} is not in the catalogue`);
    return sum + Math.round(product.unitPrice * 100) * quantity;
  }, 0);
  return cents / 100;
}

/** Formatted the same on the server and in the browser (a fixed locale), for hydration. */
export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

/**
 * `POST /merchant/charges` as demo/merchant/pages/checkout.js sends it: the cart, the widget's
 * paymentMethod, the customer fields if any. The merchant server prices the cart and calls the
 * API with its secret key. Resolves with the charge of any 2xx (a `failed` one too: the form
 * shows the decline), rejects with the server's message otherwise.
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
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok) return answer;
  const message = (answer as { message?: unknown } | null)?.message;
  throw new Error(
    typeof message === 'string' ? message : `the merchant server answered ${response.status}`,
  );
}
