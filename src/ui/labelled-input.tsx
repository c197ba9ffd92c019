import type { InputHTMLAttributes, JSX } from 'preact';

interface Props {
  id: string;
  label: string;
  /** Shown beside the input and announced through aria-describedby; '' when none. */
  error: string;
  input: InputHTMLAttributes;
  /** After the input, e.g. the card's brand. */
  extra?: JSX.Element | undefined;
}

/** A labelled input whose error shows beside it: every field of the form, card and customer. */
export const LabelledInput = ({ id, label, error, input, extra }: Props): JSX.Element => (
  <div class={`field ${id}`}>
    <label for={id}>{label}</label>
    <input
      id={id}
      name={id}
      aria-invalid={Boolean(error)}
      aria-describedby={`${id}-error`}
      {...input}
    />
    {extra}
    <p class="error" id={`${id}-error`}>
      {error}
    </p>
  </div>
);
