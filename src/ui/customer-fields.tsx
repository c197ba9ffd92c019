import { type Signal, useSignal } from '@preact/signals';
import type { InputHTMLAttributes, JSX, TargetedEvent } from 'preact';
import type { CustomerField, CustomerInput, MountOptions } from '../types';
import {
  type CustomerErrors,
  customerErrors,
  customerInput,
  maskCustomerField,
  prefilledValues,
} from './customer-input';
import type { Translator } from './i18n';
import { LabelledInput } from './labelled-input';
import { caretAfter } from './masks';

/** Autocomplete and keyboard of each field; a CNPJ may have letters, so the document's is text. */
const ATTRIBUTES: Record<CustomerField, InputHTMLAttributes> = {
  name: { autoComplete: 'name' },
  email: { autoComplete: 'email', inputMode: 'email' },
  phone: { autoComplete: 'tel', inputMode: 'tel' },
  document: { inputMode: 'text', autoCapitalize: 'characters' },
};

/** The input's id and name: `name` is the card holder's already. */
export const customerFieldId = (field: CustomerField): string => `customer-${field}`;

export interface CustomerFieldsState {
  fields: readonly CustomerField[];
  values: Signal<Record<CustomerField, string>>;
  touched: Signal<ReadonlySet<CustomerField>>;
  /** From the signals as they are now. */
  errors(): CustomerErrors;
  /** Shows every field's error; returns the id of the first invalid field, if any. */
  touchAll(): string | undefined;
  /** The Customer input for onCharge. */
  input(): CustomerInput | undefined;
}

/** The customer fields' state, prefilled from the `customer` option. */
export function useCustomerFields(o: MountOptions): CustomerFieldsState {
  const fields = o.customerFields ?? [];
  const values = useSignal(prefilledValues(o.customer));
  const touched = useSignal<ReadonlySet<CustomerField>>(new Set());
  const errors = () => customerErrors(o.customer, fields, values.value);
  return {
    fields,
    values,
    touched,
    errors,
    touchAll() {
      touched.value = new Set(fields);
      const [first] = Object.keys(errors()) as CustomerField[];
      return first && customerFieldId(first);
    },
    input: () => customerInput(o.customer, fields, values.value),
  };
}

/** The requested customer fields, each with its label and its error beside it. */
export function CustomerFields({
  state,
  tr,
}: {
  state: CustomerFieldsState;
  tr: Translator;
}): JSX.Element {
  const errors = state.errors();
  const onInput = (field: CustomerField) => (event: TargetedEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const typed = input.value;
    const value = maskCustomerField(field, typed);
    if (value !== typed) {
      input.value = value;
      const caret = caretAfter(typed, input.selectionStart ?? typed.length, value, /[\dA-Za-z+]/);
      input.setSelectionRange(caret, caret);
    }
    state.values.value = { ...state.values.value, [field]: value };
  };
  return (
    <>
      {state.fields.map((field) => {
        const id = customerFieldId(field);
        const key = state.touched.value.has(field) && errors[field];
        return (
          <LabelledInput
            key={field}
            id={id}
            label={tr.t(field)}
            error={key ? tr.t(key) : ''}
            input={{
              value: state.values.value[field],
              onInput: onInput(field),
              onBlur: () => (state.touched.value = new Set(state.touched.value).add(field)),
              ...ATTRIBUTES[field],
            }}
          />
        );
      })}
    </>
  );
}
