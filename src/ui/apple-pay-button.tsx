import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import type { PayOutcome } from '../charge-outcome';
import type { CustomerInput, MountOptions } from '../types';
import { applePayAvailability, startApplePay } from '../wallet/apple-pay';
import type { Translator } from './i18n';

interface Props {
  o: MountOptions;
  tr: Translator;
  disabled: boolean;
  /** Aborted by destroy(): closes the sheet. */
  lifetime: AbortSignal;
  /** Checks the customer fields first; `null` keeps the sheet closed. */
  prepare?(): { customer?: CustomerInput | undefined } | null;
  /** Called in the click handler, as the sheet opens, with the button (focus returns to it). */
  onStart(button: HTMLButtonElement): void;
  /** How the payment ended; `null` when the shopper canceled. */
  onEnd(outcome: PayOutcome | null): void;
}

/**
 * The Apple Pay button and an "or pay by card" divider ("or" when PIX is offered too), when
 * `applePay` is given and Apple Pay can run here; nothing otherwise, and nothing until that is
 * known.
 */
export function ApplePayButton(props: Props): JSX.Element | null {
  const { o, tr } = props;
  const how = useSignal(0);
  useEffect(() => {
    if (o.applePay) applePayAvailability(o).then((value) => (how.value = value));
  }, [!o.applePay]);
  if (!o.applePay || !how.value) return null;
  return (
    <>
      <button
        type="button"
        class="apple-pay"
        lang={tr.locale}
        aria-label={tr.t('applePay')}
        disabled={props.disabled}
        onClick={(event) => {
          const ready = props.prepare ? props.prepare() : {};
          if (!ready) return;
          props.onStart(event.currentTarget);
          // Synchronously, nothing awaited: Apple Pay opens only from the user gesture.
          startApplePay(o, how.value, props.onEnd, props.lifetime, ready.customer);
        }}
      >
        <span>Apple Pay</span>
      </button>
      <p class="or">{tr.t(o.paymentMethods?.includes('pix') ? 'or' : 'orCard')}</p>
    </>
  );
}
