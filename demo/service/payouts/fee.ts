/**
 * The sandbox's payout fee (the spec leaves the rule to the service): 1 % of the amount, rounded
 * half up to the cent, at least R$ 0,01 and at most R$ 10,00. In cents, so it is exact.
 */
export const PAYOUT_FEE_MIN_CENTS = 1;
export const PAYOUT_FEE_MAX_CENTS = 10_00;

export function payoutFeeCents(amountCents: number): number {
  const onePercent = Math.floor((amountCents + 50) / 100);
  return Math.min(PAYOUT_FEE_MAX_CENTS, Math.max(PAYOUT_FEE_MIN_CENTS, onePercent));
}
