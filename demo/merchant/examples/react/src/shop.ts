/** What this page asks of the demo origin: its config, the catalogue, and charges. */

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

export interface CartLine {
  sku: string;
  quantity: number;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export const loadConfig = () => getJson<ShopConfig>('/demo-config.json');
export const loadCatalogue = () => getJson<Catalogue>('/merchant/catalogue');

/** The cart's total as the merchant server computes it (in cents), so the amounts agree. */
export function totalOf({ products }: Catalogue, cart: CartLine[]): number {
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
 * The merchant server prices the cart and creates the charge with its secret key
 * (`POST /merchant/charges`, demo/merchant/routes.ts); the page hands it the cart, the form's
 * payment method and the customer. Resolves with the charge of any 2xx (a `failed` one too: the
 * form shows the decline), rejects with the server's message otherwise.
 */
export async function createCharge(body: {
  cart: CartLine[];
  paymentMethod: unknown;
  customer?: unknown;
}): Promise<unknown> {
  const response = await fetch('/merchant/charges', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok) return answer;
  const message = (answer as { message?: unknown } | null)?.message;
  throw new Error(
    typeof message === 'string' ? message : `the merchant server answered ${response.status}`,
  );
}
