import type { Signal } from '@preact/signals';
import type { JSX } from 'preact';
import type { Translator } from './i18n';

/** "Card" or "PIX", as two toggle buttons, when both are offered. */
export function PaymentMethodChoice({
  method,
  pix,
  tr,
}: {
  /** 'card' or 'pix': the shopper's choice. */
  method: Signal<string>;
  /** PIX is what the form takes now. */
  pix: boolean;
  tr: Translator;
}): JSX.Element {
  return (
    <fieldset class="methods">
      {['card', 'pix'].map((name) => (
        <button
          type="button"
          class="choice"
          key={name}
          aria-pressed={(name === 'pix') === pix}
          onClick={() => (method.value = name)}
        >
          {name === 'pix' ? 'PIX' : tr.t('card')}
        </button>
      ))}
    </fieldset>
  );
}
