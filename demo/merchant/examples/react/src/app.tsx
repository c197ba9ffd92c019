/** @jsxImportSource react */
import { type ReactElement, StrictMode, useState } from 'react';
import type { ChargePayload, CheckoutError } from 'secure-checkout';
import { SecureCheckoutForm } from 'secure-checkout/react';
import {
  type Cart,
  type Catalogue,
  createCharge,
  money,
  PRODUCT_SKU,
  type ShopConfig,
  totalOf,
} from '../../shop';

interface Props {
  catalogue: Catalogue;
  /** Null on the server: the page reads it in the browser, and only effects use it. */
  config: ShopConfig | null;
}

/** The page's app, as the server renders it and the browser hydrates it. */
export const Page = (props: Props): ReactElement => (
  <StrictMode>
    <Shop {...props} />
  </StrictMode>
);

interface Charge {
  id?: string;
  status?: string;
  amount?: number;
}

function Shop({ catalogue, config }: Props): ReactElement {
  const [quantity, setQuantity] = useState(1);
  const [showForm, setShowForm] = useState(true);
  const [message, setMessage] = useState('');
  const [charge, setCharge] = useState<Charge | null>(null);
  const cart: Cart = [{ sku: PRODUCT_SKU, quantity }];
  const amount = totalOf(catalogue, cart);
  const product = catalogue.products.find((p) => p.sku === PRODUCT_SKU);

  // This render's cart. While a payment runs the form keeps its amount (a new one is refused,
  // `busy`) and calls the onCharge of the props with that amount: the charge is for the cart the
  // bank authenticated, not a newer one.
  const onCharge = async ({ paymentMethod, customer }: ChargePayload) => {
    const answer = (await createCharge(cart, { paymentMethod, customer })) as Charge;
    setCharge(answer);
    return answer;
  };

  return (
    <main className="shop">
      <section className="summary" aria-labelledby="order-title">
        <h1 id="order-title">Your order</h1>
        <ul className="lines">
          <li>
            <span>{product?.name}</span>
            <label>
              Quantity{' '}
              <select
                id="quantity"
                value={quantity}
                onChange={(event) => setQuantity(Number(event.target.value))}
              >
                {[1, 2, 3, 4, 5].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </li>
        </ul>
        <p className="total">
          <span>Total</span>
          <strong id="total">{money(amount, catalogue.currency)}</strong>
        </p>
        <p className="hint">
          Changing the quantity updates the form (no remount); while a payment runs the form keeps
          its amount and says so (<code>busy</code>), then takes the new one. Code in the bank's
          window: 1234.
        </p>
        <p>
          <button type="button" id="toggle-form" onClick={() => setShowForm((shown) => !shown)}>
            {showForm ? 'Remove the form' : 'Show the form'}
          </button>
        </p>
      </section>
      <section className="pay" aria-labelledby="pay-title">
        <h2 id="pay-title">Payment</h2>
        {showForm && (
          <SecureCheckoutForm
            publishableKey={config?.publishableKey ?? ''}
            baseUrl={config?.apiUrl ?? ''}
            amount={amount}
            currency={catalogue.currency}
            paymentMethods={['card']}
            onCharge={onCharge}
            onError={(error: CheckoutError) => setMessage(`${error.code}: ${error.message}`)}
            onCancel={() => setMessage('canceled')}
          />
        )}
        <p id="checkout-message" role="status">
          {message}
        </p>
        {charge && (
          <p id="charge">
            Charge <code id="charge-id">{charge.id}</code>:{' '}
            <strong id="charge-status">{charge.status}</strong> for{' '}
            <span id="charge-amount">{money(charge.amount ?? 0, catalogue.currency)}</span>
          </p>
        )}
      </section>
    </main>
  );
}
