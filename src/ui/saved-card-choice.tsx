import type { Signal } from '@preact/signals';
import type { JSX } from 'preact';
import type { Card } from '../types';
import { BRAND_NAMES, type CardBrand } from './card-brand';
import type { Translator } from './i18n';
import { digitsOf } from './validate-form';

/** The choice's value for "New card": a saved card's is its id. */
export const NEW_CARD = 'new';

/** A saved card's brand, when the form knows it (its security code's length depends on it). */
export const brandOf = (card: Card): CardBrand | undefined => {
  const brand = card.brand.toLowerCase();
  return Object.hasOwn(BRAND_NAMES, brand) ? (brand as CardBrand) : undefined;
};

/** "Visa •••• 1111, 12/31" */
const describeCard = (card: Card) => {
  const brand = brandOf(card);
  const name = brand ? BRAND_NAMES[brand] : card.brand;
  return `${name} •••• ${digitsOf(card.maskedNumber).slice(-4)}, ${card.expirationMonth}/${card.expirationYear.slice(-2)}`;
};

/** The shopper's active saved cards and "New card", as radio buttons; nothing without a saved card. */
export function SavedCardChoice({
  saved,
  choice,
  tr,
}: {
  saved: Card[];
  /** A saved card's id, or NEW_CARD. */
  choice: Signal<string>;
  tr: Translator;
}): JSX.Element | null {
  if (!saved.length) return null;
  return (
    <fieldset class="cards">
      <legend>{tr.t('savedCards')}</legend>
      {[...saved.map((card) => [card.id, describeCard(card)]), [NEW_CARD, tr.t('newCard')]].map(
        ([id, text]) => (
          <label class="choice" key={id}>
            <input
              type="radio"
              name="card"
              value={id}
              checked={choice.value === id}
              onChange={() => (choice.value = id as string)}
            />
            {text}
          </label>
        ),
      )}
    </fieldset>
  );
}
