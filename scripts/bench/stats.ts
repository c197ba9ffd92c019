/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** One decimal place: the page's clock is coarsened, more would be noise. */
export const round1 = (value: number): number => Math.round(value * 10) / 10;

export const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The only value of a list where every element should agree, or an error naming them. */
export function theOne<T>(values: readonly T[], what: string): T {
  const distinct = [...new Set(values.map((v) => JSON.stringify(v)))];
  if (distinct.length !== 1)
    throw new Error(`${what} differed between runs: ${distinct.join(', ')}`);
  return values[0] as T;
}

/** The p-th percentile (nearest rank) of some numbers; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}
