export type {
  FormCheckoutOptions,
  FormMountOptions,
  SecureCheckoutFormProps,
} from './form-props';
export { SecureCheckoutForm } from './secure-checkout-form';
export { useSecureCheckout } from './use-secure-checkout';
