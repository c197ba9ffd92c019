/**
 * The demo merchant's product catalogue and cart pricing. The merchant server prices a cart from
 * its own catalogue: a page sends SKUs and quantities, never amounts, so a shopper cannot change
 * a price by editing the page's request.
 */
import * as z from 'zod';
import type { ChargeCreateRequest } from '../../src/server';
import { ApiError, badRequest } from '../service/kernel/http/errors';

export interface Product {
  sku: string;
  name: string;
  description: string;
  /** An item type of the API's charge request (the server client's types). */
  type: ChargeCreateRequest['items'][number]['type'];
  /** Exact: prices are integer cents on the server. */
  unitPriceCents: number;
}

export const CATALOGUE_CURRENCY = 'BRL';

export const PRODUCTS: readonly Product[] = [
  {
    sku: 'mug-350ml',
    name: 'Ceramic mug, 350 ml',
    description: 'Stoneware, dishwasher safe',
    type: 'physical',
    unitPriceCents: 12_050,
  },
  {
    sku: 'dripper-sand',
    name: 'Ceramic pour-over dripper',
    description: 'Sand glaze',
    type: 'physical',
    unitPriceCents: 8_990,
  },
  {
    sku: 'beans-250g',
    name: 'Single-origin beans, 250 g',
    description: 'Mantiqueira de Minas',
    type: 'physical',
    unitPriceCents: 4_200,
  },
  {
    sku: 'brewing-guide',
    name: 'Home brewing guide (e-book)',
    description: 'PDF, 48 pages',
    type: 'digital',
    unitPriceCents: 1_990,
  },
  {
    sku: 'barista-class',
    name: 'Online barista class',
    description: 'Live, 90 minutes',
    type: 'service',
    unitPriceCents: 15_000,
  },
  {
    sku: 'shipping-standard',
    name: 'Shipping',
    description: 'Standard, 3–5 business days',
    type: 'service',
    unitPriceCents: 1_200,
  },
];

const BY_SKU = new Map(PRODUCTS.map((product) => [product.sku, product]));

const toUnits = (cents: number): number => cents / 100;

/** What `GET /merchant/catalogue` serves: prices in the currency unit, as the API takes them. */
export const publicCatalogue = () => ({
  currency: CATALOGUE_CURRENCY,
  products: PRODUCTS.map(({ unitPriceCents, ...product }) => ({
    ...product,
    unitPrice: toUnits(unitPriceCents),
  })),
});

export const MAX_QUANTITY = 99;
const QUANTITY = `must be a whole number from 1 to ${MAX_QUANTITY}`;

export const cartSchema = z
  .array(
    z.object({
      sku: z.string().min(1).max(64),
      quantity: z.int({ error: QUANTITY }).min(1, QUANTITY).max(MAX_QUANTITY, QUANTITY),
    }),
  )
  .min(1)
  .max(PRODUCTS.length);

export type Cart = z.output<typeof cartSchema>;

/** One line of the charge's `items`, in the sandbox's documented item shape. */
export interface PricedItem {
  type: Product['type'];
  name: string;
  description: string;
  quantity: number;
  /** Unit price, in the currency unit. */
  amount: number;
}

/** Amount and items of a cart, from the catalogue; 400 naming the first line at fault. */
export function priceCart(cart: Cart): { amount: number; currency: string; items: PricedItem[] } {
  const seen = new Map<string, number>();
  let totalCents = 0;
  const items = cart.map(({ sku, quantity }, index) => {
    const product = BY_SKU.get(sku);
    if (product === undefined) {
      throw new ApiError(badRequest(`cart[${index}].sku "${sku}" is not in the catalogue`));
    }
    const first = seen.get(sku);
    if (first !== undefined) {
      throw new ApiError(
        badRequest(
          `cart[${index}].sku "${sku}" is already in cart[${first}]: one line per product`,
        ),
      );
    }
    seen.set(sku, index);
    totalCents += product.unitPriceCents * quantity;
    return {
      type: product.type,
      name: product.name,
      description: product.description,
      quantity,
      amount: toUnits(product.unitPriceCents),
    };
  });
  return { amount: toUnits(totalCents), currency: CATALOGUE_CURRENCY, items };
}
