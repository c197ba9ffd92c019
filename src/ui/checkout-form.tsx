import { type Signal, useComputed, useSignal } from '@preact/signals';
import type { JSX, TargetedEvent } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { MountContext } from '../checkout';
import type { Card, MountOptions } from '../types';
import { ApplePayButton } from './apple-pay-button';
import { BRAND_NAMES, type CardBrand, detectBrand, formatCardNumber } from './card-brand';
import { type Translator, translator } from './i18n';
import { type PayOutcome, pay } from './pay';
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

const brandOf = (card: Card): CardBrand | undefined =>
  card.brand.toLowerCase() in BRAND_NAMES ? (card.brand.toLowerCase() as CardBrand) : undefined;

/** "Visa •••• 1111, 12/31" */
const describeCard = (card: Card) => {
  const brand = brandOf(card);
  const name = brand ? BRAND_NAMES[brand] : card.brand;
  return `${name} •••• ${digitsOf(card.maskedNumber).slice(-4)}, ${card.expirationMonth}/${card.expirationYear.slice(-2)}`;
};

/** Where the caret goes after reformatting: behind the same number of digits as before. */
function caretAfter(formatted: string, digits: number): number {
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (seen === digits) return i;
    if (/\d/.test(formatted.charAt(i))) seen++;
  }
  return formatted.length;
}

function noticeFor(outcome: PayOutcome, tr: Translator): Notice {
  switch (outcome.kind) {
    case 'paid':
      return { tone: 'good', text: tr.t('paid') };
    case 'declined':
      return { tone: 'bad', text: tr.t(outcome.message), retry: true };
    case 'charge_rejected':
      return { tone: 'bad', text: outcome.message || tr.t('unexpected'), retry: true };
    case 'error': {
      const { code } = outcome.error;
      if (code === 'aborted') return null;
      return {
        tone: 'bad',
        text: tr.t(code === 'network' || code === 'timeout' ? 'network' : 'unexpected'),
        retry: true,
      };
    }
  }
}

export function CheckoutForm({ context, options, lifetime }: Props): JSX.Element {
  const o = options.value;
  const tr = translator(o.locale ?? context.options.locale);
  const saved = (o.savedCards ?? []).filter((card) => card.status === 'active');
  const values = useSignal(EMPTY);
  const touched = useSignal<ReadonlySet<Field>>(new Set());
  const submitted = useSignal(false);
  const choice = useSignal(saved[0]?.id ?? NEW_CARD);
  const installments = useSignal(1);
  const phase = useSignal<'idle' | 'paying' | 'paid'>('idle');
  const notice = useSignal<Notice>(null);
  const form = useRef<HTMLFormElement>(null);
  const running = useRef<AbortController | null>(null);
  const payButton = useRef<HTMLButtonElement>(null);
  useEffect(() => () => running.current?.abort(), []);
  // The button was disabled during the flow, so focus had nowhere to return: bring it back.
  const refocus = useRef(false);
  useEffect(() => {
    if (refocus.current && phase.value === 'idle') payButton.current?.focus();
    refocus.current = false;
  });

  const savedCard = saved.find((card) => card.id === choice.value);
  const brand = savedCard ? brandOf(savedCard) : detectBrand(digitsOf(values.value.number));
  const errors = useComputed<FieldErrors>(() => {
    const card = saved.find((c) => c.id === choice.value);
    if (!card) return cardFieldErrors(values.value);
    const cvv = securityCodeError(values.value.cvv, brandOf(card));
    return cvv ? { cvv } : {};
  });
  const maxInstallments = o.installments ?? 1;
  if (installments.value > maxInstallments) installments.value = 1;

  const set = (field: Field, value: string) => {
    values.value = { ...values.value, [field]: value };
  };
  const shown = (field: Field) => {
    const error = errors.value[field];
    return error && (submitted.value || touched.value.has(field))
      ? tr.t(error.key, { digits: error.digits ?? '' })
      : '';
  };
  const leave = (field: Field) => () => {
    if (field === 'month') set('month', paddedMonth(values.value.month));
    touched.value = new Set(touched.value).add(field);
  };
  const onNumber = (event: TargetedEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const digitsBefore = digitsOf(
      input.value.slice(0, input.selectionStart ?? input.value.length),
    ).length;
    const formatted = formatCardNumber(input.value);
    input.value = formatted;
    input.setSelectionRange(
      caretAfter(formatted, digitsBefore),
      caretAfter(formatted, digitsBefore),
    );
    set('number', formatted);
  };
  const onText =
    (field: Field, digitsOnly = true) =>
    (event: TargetedEvent<HTMLInputElement>) => {
      const value = digitsOnly ? digitsOf(event.currentTarget.value) : event.currentTarget.value;
      event.currentTarget.value = value;
      set(field, value);
    };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (phase.value !== 'idle' || lifetime.aborted) return; // a double click starts one flow
    submitted.value = true;
    const invalid = errors.value;
    if (Object.keys(invalid).length > 0) {
      notice.value = { tone: 'bad', text: tr.t('fixFields') };
      // From the errors, not from [aria-invalid]: the DOM shows them only after the next render.
      const inputs = form.current?.querySelectorAll<HTMLInputElement>('input:not([type=radio])');
      [...(inputs ?? [])].find((input) => input.name in invalid)?.focus();
      return;
    }
    phase.value = 'paying';
    notice.value = null;
    const controller = new AbortController();
    const stop = () => controller.abort();
    lifetime.addEventListener('abort', stop, { once: true });
    running.current = controller;
    const v = values.value;
    const outcome = await pay(
      context,
      options.value,
      savedCard
        ? { saved: savedCard, cvv: v.cvv, installments: installments.value }
        : {
            card: {
              number: digitsOf(v.number),
              holderName: v.name.trim(),
              expirationMonth: paddedMonth(v.month),
              expirationYear: fullYear(v.year),
              cvv: v.cvv,
            },
            installments: installments.value,
          },
      controller.signal,
    );
    lifetime.removeEventListener('abort', stop);
    if (controller.signal.aborted) return;
    running.current = null;
    refocus.current = outcome.kind !== 'paid';
    phase.value = outcome.kind === 'paid' ? 'paid' : 'idle';
    notice.value = noticeFor(outcome, tr);
  };

  const field = (id: Field, label: string, input: JSX.Element, extra?: JSX.Element) => (
    <div class={`field ${id}`}>
      <label for={id}>{label}</label>
      {input}
      {extra}
      <p class="error" id={`${id}-error`}>
        {shown(id)}
      </p>
    </div>
  );
  const a11y = (id: Field, describedBy = '') => ({
    id,
    name: id,
    'aria-invalid': Boolean(shown(id)),
    'aria-describedby': `${id}-error ${describedBy}`.trim(),
    onBlur: leave(id),
  });
  const amount = tr.money(o.amount, o.currency);

  return (
    <form ref={form} noValidate onSubmit={submit} aria-busy={phase.value === 'paying'}>
      <fieldset disabled={phase.value !== 'idle'}>
        <ApplePayButton
          o={o}
          tr={tr}
          disabled={phase.value !== 'idle'}
          lifetime={lifetime}
          onStart={() => {
            phase.value = 'paying';
            notice.value = null;
          }}
          onEnd={(outcome) => {
            phase.value = outcome?.kind === 'paid' ? 'paid' : 'idle';
            notice.value = outcome && noticeFor(outcome, tr);
          }}
        />
        {saved.length > 0 && (
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
        {!savedCard &&
          field(
            'number',
            tr.t('cardNumber'),
            <input
              {...a11y('number', 'card-brand')}
              value={values.value.number}
              onInput={onNumber}
              inputMode="numeric"
              autoComplete="cc-number"
            />,
            <span class="brand" id="card-brand">
              {brand ? BRAND_NAMES[brand] : ''}
            </span>,
          )}
        {!savedCard &&
          field(
            'name',
            tr.t('nameOnCard'),
            <input
              {...a11y('name')}
              value={values.value.name}
              onInput={onText('name', false)}
              autoComplete="cc-name"
            />,
          )}
        <div class="row">
          {!savedCard &&
            field(
              'month',
              tr.t('month'),
              <input
                {...a11y('month')}
                value={values.value.month}
                onInput={onText('month')}
                inputMode="numeric"
                autoComplete="cc-exp-month"
                maxLength={2}
                placeholder="MM"
              />,
            )}
          {!savedCard &&
            field(
              'year',
              tr.t('year'),
              <input
                {...a11y('year')}
                value={values.value.year}
                onInput={onText('year')}
                inputMode="numeric"
                autoComplete="cc-exp-year"
                maxLength={4}
                placeholder="YY"
              />,
            )}
          {field(
            'cvv',
            tr.t('securityCode'),
            <input
              {...a11y('cvv')}
              value={values.value.cvv}
              onInput={onText('cvv')}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
            />,
          )}
        </div>
        {maxInstallments > 1 && (
          <div class="field">
            <label for="installments">{tr.t('installments')}</label>
            <select
              id="installments"
              name="installments"
              value={installments.value}
              onChange={(e) => (installments.value = Number(e.currentTarget.value))}
            >
              {Array.from({ length: maxInstallments }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {`${n}× ${tr.money(Math.round((o.amount / n) * 100) / 100, o.currency)}${n === 1 ? ` ${tr.t('inFull')}` : ''}`}
                </option>
              ))}
            </select>
          </div>
        )}
        {phase.value !== 'paid' && (
          <button type="submit" ref={payButton} disabled={phase.value === 'paying'}>
            {phase.value === 'paying' ? tr.t('paying') : tr.t('pay', { amount })}
          </button>
        )}
      </fieldset>
      <div role="status" aria-live="polite" class={`notice ${notice.value?.tone ?? ''}`}>
        {notice.value?.text}
        {notice.value?.retry && (
          <button
            type="button"
            class="link"
            onClick={() => {
              notice.value = null;
              form.current?.querySelector<HTMLElement>('input:not([type=radio]),select')?.focus();
            }}
          >
            {tr.t('tryAgain')}
          </button>
        )}
      </div>
    </form>
  );
}
