/**
 * Installment options and their cost. Counts up to `interestFree` split the amount equally;
 * counts above it carry interest at `monthlyRate` by the Price formula (fixed installments):
 * PMT = P·i / (1 − (1 + i)^−n). Installments are rounded to cents; with interest the total is
 * the rounded installment times the count. An interest-free line shows amount / count rounded,
 * and the charge stays the amount (the issuer puts the odd cent on one installment).
 * `docs/server.md` has the same computation for the merchant's server.
 */
import type { InstallmentPlan } from '../types';

export interface InstallmentOption {
  count: number;
  /** Each installment, rounded to cents. */
  amount: number;
  /** What the shopper pays: the amount when interest-free, else the installment × count. */
  total: number;
  interestFree: boolean;
}

/** Half-up to the cent; the epsilon keeps 1.005 from becoming 1.00 in binary floating point. */
export const toCents = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;

/** One installment of `principal` over `count` months at `monthlyRate` (0.0199 = 1.99 %/month). */
export const installmentAmount = (principal: number, monthlyRate: number, count: number): number =>
  toCents(
    monthlyRate > 0
      ? (principal * monthlyRate) / (1 - (1 + monthlyRate) ** -count)
      : principal / count,
  );

/**
 * The options offered for `amount`, from 1 up to the plan's `max`. A plain number is the max,
 * every count interest-free. With a `monthlyRate`, only 1× is interest-free unless `interestFree`
 * says more. Counts whose installment is below `minAmount` are left out; 1× always stays.
 */
export function installmentOptions(
  amount: number,
  installments: number | InstallmentPlan = 1,
): InstallmentOption[] {
  const plan = typeof installments === 'number' ? { max: installments } : installments;
  const rate = plan.monthlyRate ?? 0;
  const free = rate > 0 ? Math.max(plan.interestFree ?? 1, 1) : plan.max;
  const options: InstallmentOption[] = [];
  for (let count = 1; count <= plan.max; count++) {
    const interestFree = count <= free;
    const each = installmentAmount(amount, interestFree ? 0 : rate, count);
    if (count > 1 && each < (plan.minAmount ?? 0)) continue;
    options.push({
      count,
      amount: each,
      total: interestFree ? amount : toCents(each * count),
      interestFree,
    });
  }
  return options;
}
