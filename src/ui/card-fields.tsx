import { type Signal, useSignal } from '@preact/signals';
import type { InputHTMLAttributes, JSX, TargetedEvent } from 'preact';
import type { Card } from '../types';
import { BRAND_NAMES, detectBrand, formatCardNumber } from './card-brand';
import type { MessageKey, Translator } from './i18n';
import { LabelledInput } from './labelled-input';
import { caretAfter } from './masks';
import { brandOf } from './saved-card-choice';
import {
  type CardFormValues,
  cardFieldErrors,
  digitsOf,
  type Field,
  type FieldErrors,
  paddedMonth,
  securityCodeError,
} from './validate-form';

const EMPTY: CardFormValues = { number: '', name: '', month: '', year: '', cvv: '' };

export interface CardFieldsState {
  values: Signal<CardFormValues>;
  /** Fields whose errors show: those the shopper has left; all of them once they tried to pay. */
  touched: Signal<ReadonlySet<Field>>;
  /** The saved card chosen, as this render shows it; `undefined`: a new card. */
  saved: Card | undefined;
  /** From the signals as they are now: a fill and a submit can come in one task, between renders. */
  errors(): FieldErrors;
  /** Shows every field's error; returns the name of the first invalid field, if any. */
  touchAll(): string | undefined;
}

/** The card fields' state: a new card's five fields, or a saved card's security code. */
export function useCardFields(saved: Card[], choice: Signal<string>): CardFieldsState {
  const values = useSignal(EMPTY);
  const touched = useSignal<ReadonlySet<Field>>(new Set());
  const errors = (): FieldErrors => {
    const card = saved.find((c) => c.id === choice.value);
    if (!card) return cardFieldErrors(values.value);
    const cvv = securityCodeError(values.value.cvv, brandOf(card));
    return cvv ? { cvv } : {};
  };
  return {
    values,
    touched,
    saved: saved.find((card) => card.id === choice.value),
    errors,
    touchAll() {
      touched.value = new Set(Object.keys(EMPTY) as Field[]);
      // In the order of the fields; from the errors, not from [aria-invalid]: the DOM shows
      // them only after the next render.
      return Object.keys(errors())[0];
    },
  };
}

/**
 * The card's fields, each with its label and its error beside it: number (with its brand), name,
 * expiry month and year, security code; only the security code for a saved card.
 */
export function CardFields({ state, tr }: { state: CardFieldsState; tr: Translator }): JSX.Element {
  const { values, touched, saved } = state;
  const errors = state.errors();
  const set = (field: Field, value: string) => {
    values.value = { ...values.value, [field]: value };
  };
  /** Keeps what a field takes: the name as typed, digits elsewhere, the number grouped. */
  const onInput = (field: Field) => (event: TargetedEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const typed = input.value;
    const value =
      field === 'name' ? typed : field === 'number' ? formatCardNumber(typed) : digitsOf(typed);
    input.value = value;
    if (field === 'number') {
      // The caret stays behind the digit it followed.
      const caret = caretAfter(typed, input.selectionStart ?? typed.length, value, /\d/);
      input.setSelectionRange(caret, caret);
    }
    set(field, value);
  };
  const field = (
    id: Field,
    label: MessageKey,
    attributes: InputHTMLAttributes,
    extra?: JSX.Element,
  ) => {
    const error = errors[id];
    return (
      <LabelledInput
        id={id}
        label={tr.t(label)}
        error={error && touched.value.has(id) ? tr.t(error.key, error) : ''}
        extra={extra}
        input={{
          value: values.value[id],
          onInput: onInput(id),
          inputMode: id === 'name' ? undefined : 'numeric',
          onBlur: () => {
            if (id === 'month') set('month', paddedMonth(values.value.month));
            touched.value = new Set(touched.value).add(id);
          },
          ...attributes,
        }}
      />
    );
  };
  const brand = detectBrand(values.value.number);
  return (
    <>
      {!saved &&
        field(
          'number',
          'cardNumber',
          { autoComplete: 'cc-number', 'aria-describedby': 'number-error card-brand' },
          <span class="brand" id="card-brand">
            {brand ? BRAND_NAMES[brand] : ''}
          </span>,
        )}
      {!saved && field('name', 'nameOnCard', { autoComplete: 'cc-name' })}
      <div class="row">
        {!saved &&
          field('month', 'month', {
            autoComplete: 'cc-exp-month',
            maxLength: 2,
            placeholder: 'MM',
          })}
        {!saved &&
          field('year', 'year', { autoComplete: 'cc-exp-year', maxLength: 4, placeholder: 'YY' })}
        {field('cvv', 'securityCode', { autoComplete: 'cc-csc', maxLength: 4 })}
      </div>
    </>
  );
}
