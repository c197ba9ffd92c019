import { type Signal, useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import type { MountContext } from '../checkout';
import type { MountOptions } from '../types';
import { ApplePayButton } from './apple-pay-button';
import { CardFields, useCardFields } from './card-fields';
import { CustomerFields, useCustomerFields } from './customer-fields';
import { translator } from './i18n';
import { InstallmentSelect } from './installment-select';
import { paymentMethodsOf } from './mount-options';
import { OutcomeNotice, type Phase, useOutcome } from './outcome-notice';
import { pay } from './pay';
import { PaymentMethodChoice } from './payment-method-choice';
import { NEW_CARD, SavedCardChoice } from './saved-card-choice';
import { digitsOf, fullYear, paddedMonth } from './validate-form';

interface Props {
  context: MountContext;
  options: Signal<MountOptions>;
  /** Aborted by destroy(): ends a running payment flow. */
  lifetime: AbortSignal;
  /** Where the payment is; the mount reads it to refuse an amount change while one runs. */
  phase: Signal<Phase>;
}

/**
 * The drop-in form, put together from its parts: the customer fields, Apple Pay, Card or PIX,
 * the saved cards, the card fields, installments, Pay, the PIX step's place and the outcome's
 * message (./outcome-notice.tsx: the payment's start and end, and focus). The submit is here:
 * as a hook of its own, the state it reads and sets (every part's) costs about 110 B gzip to hand
 * over, more than the drop-in's budget leaves (docs/performance.md).
 */
export function CheckoutForm({ context, options, lifetime, phase }: Props): JSX.Element {
  const o = options.value;
  const tr = translator(o.locale ?? context.options.locale);
  const saved = (o.savedCards ?? []).filter((card) => card.status === 'active');
  const choice = useSignal(saved[0]?.id ?? NEW_CARD);
  const card = useCardFields(saved, choice);
  const installments = useSignal(1);
  const customer = useCustomerFields(o);
  const methods = paymentMethodsOf(o);
  const method = useSignal('card');
  /** PIX chosen, or the only way offered besides Apple Pay. */
  const pix = methods.includes('pix') && (method.value === 'pix' || !methods.includes('card'));
  const outcome = useOutcome(phase, tr);
  const form = useRef<HTMLFormElement>(null);
  const payButton = useRef<HTMLButtonElement>(null);
  const pixStep = useRef<HTMLDivElement>(null);

  /** Shows the first invalid field, if any, and says so. */
  const stopAtInvalid = (firstInvalid: string | undefined) => {
    if (firstInvalid) {
      outcome.notice.value = { tone: 'bad', text: tr.t('fixFields') };
      (form.current?.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
    }
    return Boolean(firstInvalid);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (phase.value !== 'idle' || lifetime.aborted) return; // a double click starts one flow
    const firstCardError = pix ? undefined : card.touchAll();
    if (stopAtInvalid(customer.touchAll() ?? firstCardError)) return;
    outcome.start(payButton.current);
    const v = card.values.value;
    const payer = customer.input();
    const result = await pay(
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
        : card.saved
          ? { saved: card.saved, cvv: v.cvv, installments: installments.value, customer: payer }
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
    outcome.end(result);
  };

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
            onStart={outcome.start}
            onEnd={outcome.end}
          />
        )}
        {methods.includes('card') && methods.includes('pix') && (
          <PaymentMethodChoice method={method} pix={pix} tr={tr} />
        )}
        {!pix && <SavedCardChoice saved={saved} choice={choice} tr={tr} />}
        {!pix && <CardFields state={card} tr={tr} />}
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
      <OutcomeNotice
        outcome={outcome}
        tr={tr}
        onRetry={() =>
          // The first field: the number, or a saved card's security code; for PIX, Pay.
          (
            (form.current?.elements.namedItem(card.saved ? 'cvv' : 'number') ??
              payButton.current) as HTMLElement | null
          )?.focus()
        }
      />
    </form>
  );
}
