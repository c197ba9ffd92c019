/**
 * The catalogue of `GET /v1/payment-methods`. `POST /v1/charges` takes `credit_card` (raw, saved,
 * or through Apple Pay) and `pix`; the others are listed as the service lists them.
 */
export const PAYMENT_METHODS = [
  {
    id: 'pm_credit_card',
    name: 'credit_card',
    countries: ['BRA', 'MEX', 'COL', 'CHL', 'PER', 'USA'],
    currencies: ['BRL', 'MXN', 'COP', 'CLP', 'PEN', 'USD'],
    description: 'Credit card',
  },
  {
    id: 'pm_pix',
    name: 'pix',
    countries: ['BRA'],
    currencies: ['BRL'],
    description: 'Pix',
  },
  {
    id: 'pm_apple_pay',
    name: 'apple_pay',
    countries: ['BRA', 'MEX', 'USA'],
    currencies: ['BRL', 'MXN', 'USD'],
    description: 'Apple Pay',
  },
  {
    id: 'pm_boleto',
    name: 'boleto',
    countries: ['BRA'],
    currencies: ['BRL'],
    description: 'Boleto bancário',
  },
  {
    id: 'pm_oxxo',
    name: 'oxxo',
    countries: ['MEX'],
    currencies: ['MXN'],
    description: 'OXXO',
  },
] as const;

/**
 * What `GET /v1/payment-methods` lists for the key of `keyMerchantId`: the catalogue, only the
 * methods taking `currency` when it is given; another merchant's `merchantId` sees nothing.
 */
export function availableMethods(
  keyMerchantId: string,
  query: { merchantId?: string; currency?: string },
): (typeof PAYMENT_METHODS)[number][] {
  const { merchantId, currency } = query;
  if (merchantId !== undefined && merchantId !== keyMerchantId) return [];
  return PAYMENT_METHODS.filter(
    (method) =>
      currency === undefined || (method.currencies as readonly string[]).includes(currency),
  );
}
