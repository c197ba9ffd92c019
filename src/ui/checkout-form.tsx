import { type Signal, useSignal } from '@preact/signals';
import type { InputHTMLAttributes, JSX, TargetedEvent } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { PayOutcome } from '../charge-outcome';
import type { MountContext } from '../checkout';
import type { Card, MountOptions } from '../types';
import { ApplePayButton } from './apple-pay-button';
import { BRAND_NAMES, type CardBrand, detectBrand, formatCardNumber } from './card-brand';
import { CustomerFields, useCustomerFields } from './customer-fields';
import { type MessageKey, type Translator, translator } from './i18n';
import { InstallmentSelect } from './installment-select';
import { LabelledInput } from './labelled-input';
import { caretAfter } from './masks';
import { paymentMethodsOf } from './mount-options';
import { pay } from './pay';
import {
  type CardFormValues,
  cardFieldErrors,
  digitsOf,
  type Field,
  type FieldErrors,
  fullYear,
  paddedMonth,
  securityCodeError,
} from './validate-form';

interface Props {
  context: MountContext;
  options: Signal<MountOptions>;
  /** Aborted by destroy(): ends a running payment flow. */
  lifetime: AbortSignal;
}

type Notice = { tone: 'good' | 'bad'; text: string; retry?: boolean } | null;

const EMPTY: CardFormValues = { number: '', name: '', month: '', year: '', cvv: '' };
const NEW_CARD = 'new';

const brandOf = (card: Card): CardBrand | undefined => {
  const brand = card.brand.toLowerCase();
  return Object.hasOwn(BRAND_NAMES, brand) ? (brand as CardBrand) : undefined;
};

/** "Visa •••• 1111, 12/31" */
const describeCard = (card: Card) => {
  const brand = brandOf(card);
  const name = brand ? BRAND_NAMES[brand] : card.brand;
  return `${name} •••• ${digitsOf(card.maskedNumber).slice(-4)}, ${card.expirationMonth}/${card.expirationYear.slice(-2)}`;
};

function noticeFor(outcome: PayOutcome | null, tr: Translator): Notice {
  // null: the shopper canceled the wallet's sheet, or destroy() ended the flow.
  if (!outcome || (outcome.kind === 'error' && outcome.error.code === 'aborted')) return null;
  if (outcome.kind === 'paid') return { tone: 'good', text: tr.t('paid') };
  const code = outcome.kind === 'error' ? outcome.error.code : '';
  const text =
    outcome.kind === 'declined'
      ? tr.t(outcome.message)
      : (outcome.kind === 'charge_rejected' && outcome.message) ||
        tr.t(
          code === 'declined'
            ? 'declined'
            : /^(network|timeout)$/.test(code)
              ? 'network'
              : 'unexpected',
        );
  return { tone: 'bad', text, retry: true };
}

export function CheckoutForm({ context, options, lifetime }: Props): JSX.Element {
  const o = options.value;
  const tr = translator(o.locale ?? context.options.locale);
  const saved = (o.savedCards ?? []).filter((card) => card.status === 'active');
  const values = useSignal(EMPTY);
  /** Fields whose errors show: those the shopper has left; all of them once they tried to pay. */
  const touched = useSignal<ReadonlySet<Field>>(new Set());
  const choice = useSignal(saved[0]?.id ?? NEW_CARD);
  const installments = useSignal(1);
  const customer = useCustomerFields(o);
  const methods = paymentMethodsOf(o);
  const method = useSignal('card');
  /** PIX chosen, or the only way offered besides Apple Pay. */
  const pix = methods.includes('pix') && (method.value === 'pix' || !methods.includes('card'));
  /** `pix`: a PIX code is showing, in `pixStep`. */
  const phase = useSignal<'idle' | 'paying' | 'pix' | 'paid'>('idle');
  const notice = useSignal<Notice>(null);
  const form = useRef<HTMLFormElement>(null);
  const payButton = useRef<HTMLButtonElement>(null);
  const pixStep = useRef<HTMLDivElement>(null);
  const noticeBox = useRef<HTMLDivElement>(null);
  /** The button that started the payment: Pay, or Apple Pay's. */
  const invoker = useRef<HTMLButtonElement | null>(null);
  // The fieldset was disabled during the flow (and Pay may be gone), so focus fell to the page:
  // once the outcome has rendered, bring it where end() says. Judged on what this render shows:
  // Preact runs an earlier render's effect late, before the next render, when end() may already
  // have decided but the outcome is not on screen yet.
  const focusAfter = useRef<'notice' | 'invoker' | null>(null);
  const rendered = { notice: notice.value !== null, idle: phase.value === 'idle' };
  useEffect(() => {
    const target = focusAfter.current;
    if (target === 'notice' ? !rendered.notice : target !== 'invoker' || !rendered.idle) return;
    focusAfter.current = null;
    (target === 'notice' ? noticeBox : invoker).current?.focus();
  });

  const savedCard = saved.find((card) => card.id === choice.value);
  const brand = savedCard ? brandOf(savedCard) : detectBrand(values.value.number);
  /** From the signals as they are now: a fill and a submit can come in one task, between renders. */
  const currentErrors = (): FieldErrors => {
    const card = saved.find((c) => c.id === choice.value);
    if (!card) return cardFieldErrors(values.value);
    const cvv = securityCodeError(values.value.cvv, brandOf(card));
    return cvv ? { cvv } : {};
  };
  const errors = currentErrors();

  const set = (field: Field, value: string) => {
    values.value = { ...values.value, [field]: value };
  };
  const shown = (field: Field) => {
    const error = errors[field];
    return error && touched.value.has(field) ? tr.t(error.key, error) : '';
  };
  const leave = (field: Field) => () => {
    if (field === 'month') set('month', paddedMonth(values.value.month));
    touched.value = new Set(touched.value).add(field);
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

  const start = (button: HTMLButtonElement | null) => {
    invoker.current = button;
    phase.value = 'paying';
    notice.value = null;
  };
  const end = (outcome: PayOutcome | null) => {
    phase.value = outcome?.kind === 'paid' ? 'paid' : 'idle';
    notice.value = noticeFor(outcome, tr);
    // The outcome's message takes focus, so a keyboard or screen-reader user hears it and keeps
    // their place. Closing the bank's window or the wallet's sheet is the shopper's own step
    // back: focus returns to the button that opened it, as a dialog returns it to its opener.
    const steppedBack =
      !notice.value || (outcome?.kind === 'declined' && outcome.message === 'canceled');
    focusAfter.current = steppedBack ? 'invoker' : 'notice';
  };

  /** Shows the first invalid field, if any, and says so. */
  const stopAtInvalid = (firstInvalid: string | undefined) => {
    if (firstInvalid) {
      notice.value = { tone: 'bad', text: tr.t('fixFields') };
      (form.current?.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
    }
    return Boolean(firstInvalid);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (phase.value !== 'idle' || lifetime.aborted) return; // a double click starts one flow
    if (!pix) touched.value = new Set(Object.keys(EMPTY) as Field[]);
    // The errors come in the order of the fields; from them, not from [aria-invalid]: the DOM
    // shows them only after the next render.
    const firstCardError = pix ? undefined : Object.keys(currentErrors())[0];
    if (stopAtInvalid(customer.touchAll() ?? firstCardError)) return;
    start(payButton.current);
    const v = values.value;
    const payer = customer.input();
    const outcome = await pay(
      context,
      options.value,
      pix
        ? {
            async pix(module, charge) {
              phase.value = 'pix';
              const end = await module.showPixStep(pixStep.current as HTMLElement, {
                charge,
                locale: tr.locale,
                onPixStatus: options.value.onPixStatus,
                signal: lifetime,
              });
              // Processing again: a new code, or the outcome, on its way.
              phase.value = 'paying';
              return end;
            },
            customer: payer,
          }
        : savedCard
          ? { saved: savedCard, cvv: v.cvv, installments: installments.value, customer: payer }
          : {
              card: {
                number: digitsOf(v.number),
                holderName: v.name.trim(),
                expirationMonth: paddedMonth(v.month),
                expirationYear: fullYear(v.year),
                cvv: v.cvv,
              },
              installments: installments.value,
              customer: payer,
            },
      lifetime,
    );
    if (lifetime.aborted) return;
    end(outcome);
  };

  const cardField = (
    id: Field,
    label: MessageKey,
    attributes: InputHTMLAttributes,
    extra?: JSX.Element,
  ) => (
    <LabelledInput
      id={id}
      label={tr.t(label)}
      error={shown(id)}
      extra={extra}
      input={{
        value: values.value[id],
        onInput: onInput(id),
        inputMode: id === 'name' ? undefined : 'numeric',
        onBlur: leave(id),
        ...attributes,
      }}
    />
  );

  return (
    <form ref={form} noValidate onSubmit={submit} aria-busy={phase.value === 'paying'}>
      <fieldset disabled={phase.value !== 'idle'}>
        <CustomerFields state={customer} tr={tr} />
        {methods.includes('apple_pay') && (
          <ApplePayButton
            o={o}
            tr={tr}
            disabled={phase.value !== 'idle'}
            lifetime={lifetime}
            prepare={() =>
              stopAtInvalid(customer.touchAll()) ? null : { customer: customer.input() }
            }
            onStart={start}
            onEnd={end}
          />
        )}
        {methods.includes('card') && methods.includes('pix') && (
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
        )}
        {!pix && saved.length > 0 && (
          <fieldset class="cards">
            <legend>{tr.t('savedCards')}</legend>
            {[
              ...saved.map((card) => [card.id, describeCard(card)]),
              [NEW_CARD, tr.t('newCard')],
            ].map(([id, text]) => (
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
            ))}
          </fieldset>
        )}
        {!pix &&
          !savedCard &&
          cardField(
            'number',
            'cardNumber',
            {
              autoComplete: 'cc-number',
              'aria-describedby': 'number-error card-brand',
            },
            <span class="brand" id="card-brand">
              {brand ? BRAND_NAMES[brand] : ''}
            </span>,
          )}
        {!pix && !savedCard && cardField('name', 'nameOnCard', { autoComplete: 'cc-name' })}
        {!pix && (
          <div class="row">
            {!savedCard &&
              cardField('month', 'month', {
                autoComplete: 'cc-exp-month',
                maxLength: 2,
                placeholder: 'MM',
              })}
            {!savedCard &&
              cardField('year', 'year', {
                autoComplete: 'cc-exp-year',
                maxLength: 4,
                placeholder: 'YY',
              })}
            {cardField('cvv', 'securityCode', { autoComplete: 'cc-csc', maxLength: 4 })}
          </div>
        )}
        {!pix && <InstallmentSelect o={o} tr={tr} count={installments} />}
        {phase.value !== 'paid' && phase.value !== 'pix' && (
          <button type="submit" ref={payButton} disabled={phase.value === 'paying'}>
            {tr.t(phase.value === 'paying' ? 'paying' : 'pay', {
              amount: tr.money(o.amount, o.currency),
            })}
          </button>
        )}
      </fieldset>
      {pix && <div class="pix" ref={pixStep} />}
      <div
        role="status"
        aria-live="polite"
        class={`notice ${notice.value?.tone ?? ''}`}
        ref={noticeBox}
        tabIndex={-1}
      >
        {notice.value?.text}
        {notice.value?.retry && (
          <button
            type="button"
            class="link"
            onClick={() => {
              notice.value = null;
              // The first field: the number, or a saved card's security code; for PIX, Pay.
              (
                (form.current?.elements.namedItem(savedCard ? 'cvv' : 'number') ??
                  payButton.current) as HTMLElement | null
              )?.focus();
            }}
          >
            {tr.t('tryAgain')}
          </button>
        )}
      </div>
    </form>
  );
}
