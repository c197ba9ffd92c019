// secure-checkout/react: the drop-in form as a React component, and the checkout as a hook
// (docs/react.md). The core is imported by its package name: one copy in a merchant's app.
export { SecureCheckoutForm, type SecureCheckoutFormProps } from './secure-checkout-form';
export { useSecureCheckout } from './use-secure-checkout';
