/**
 * The sandbox's fixed exchange rates for `usdBalance`: US dollars per unit of each currency
 * (R$ 5,00 = US$ 1,00). A currency not listed converts at par. Written as micro-dollars per
 * unit so the conversion is integer arithmetic, exact before its one rounding.
 */
export const USD_RATES_MICROS: Readonly<Record<string, bigint>> = {
  BRL: 200_000n,
  USD: 1_000_000n,
  EUR: 1_080_000n,
  GBP: 1_270_000n,
  ARS: 1_000n,
  MXN: 58_000n,
  CLP: 1_100n,
  COP: 250n,
  PEN: 270_000n,
  UYU: 25_000n,
};

const MICROS = 1_000_000n;

/** `cents` of `currency` in US cents, rounded half-up (halves away from zero) to the cent. */
export function toUsdCents(cents: number, currency: string): number {
  const rate = USD_RATES_MICROS[currency] ?? MICROS;
  const micros = BigInt(cents) * rate;
  const magnitude = micros < 0n ? -micros : micros;
  const rounded = (magnitude + MICROS / 2n) / MICROS;
  return Number(micros < 0n ? -rounded : rounded);
}
