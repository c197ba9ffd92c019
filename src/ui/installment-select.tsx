import type { Signal } from '@preact/signals';
import type { JSX } from 'preact';
import type { MountOptions } from '../types';
import type { Translator } from './i18n';
import { type InstallmentOption, installmentOptions } from './installments';

/**
 * The whole line, read as it is by screen readers: "1× R$ 129,30 à vista",
 * "3× R$ 43,10 sem juros", "6× R$ 23,08 (total R$ 138,48)".
 */
export function installmentLine(option: InstallmentOption, tr: Translator, currency: string) {
  const { count, amount, total, interestFree } = option;
  const tail =
    count === 1
      ? tr.t('inFull')
      : interestFree
        ? tr.t('interestFree')
        : // "total" in the three locales
          `(total ${tr.money(total, currency)})`;
  return `${count}× ${tr.money(amount, currency)} ${tail}`;
}

/** The installments select, when more than one count is offered; a count no longer offered falls back to 1. */
export function InstallmentSelect({
  o,
  tr,
  count,
}: {
  o: MountOptions;
  tr: Translator;
  count: Signal<number>;
}): JSX.Element | null {
  const options = installmentOptions(o.amount, o.installments);
  if (!options.some((option) => option.count === count.value)) count.value = 1;
  if (options.length < 2) return null;
  return (
    <div class="field">
      <label for="installments">{tr.t('installments')}</label>
      <select
        id="installments"
        name="installments"
        value={count.value}
        onChange={(e) => (count.value = Number(e.currentTarget.value))}
      >
        {options.map((option) => (
          <option key={option.count} value={option.count}>
            {installmentLine(option, tr, o.currency)}
          </option>
        ))}
      </select>
    </div>
  );
}
