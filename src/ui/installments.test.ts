import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { installmentAmount, installmentOptions, toCents } from './installments';

describe('installmentAmount (Price formula)', () => {
  it.each([
    // 129.30 at 1.99 %/month over 6: 1.0199^6 = 1.1255001; PMT = 129.30 × 0.0199 × 1.1255001
    // / 0.1255001 = 2.895992 / 0.1255001 = 23.0756 → 23.08 (total 6 × 23.08 = 138.48).
    [129.3, 0.0199, 6, 23.08],
    // 100 at 2 % over 2: 100 × 0.02 × 1.0404 / 0.0404 = 2.0808 / 0.0404 = 51.5049 → 51.50.
    [100, 0.02, 2, 51.5],
    // The textbook loan: 1000 at 1 %/month over 12 is 88.85 a month.
    [1000, 0.01, 12, 88.85],
    // One installment at a rate is the amount plus a month's interest: 100 × 1.02.
    [100, 0.02, 1, 102],
  ])('%d at %d over %d months: %d', (principal, rate, count, amount) => {
    expect(installmentAmount(principal, rate, count)).toBe(amount);
  });

  it('without a rate splits equally, rounded half up to the cent', () => {
    expect(installmentAmount(120.5, 0, 3)).toBe(40.17); // 40.1666…
    expect(installmentAmount(100, 0, 3)).toBe(33.33); // 33.333…
    expect(toCents(1.005)).toBe(1.01); // 1.00499999… in binary without the epsilon
  });
});

describe('installmentOptions', () => {
  it('a plain number: 1..max, all interest-free, the total the amount itself', () => {
    expect(installmentOptions(120.5, 3)).toEqual([
      { count: 1, amount: 120.5, total: 120.5, interestFree: true },
      { count: 2, amount: 60.25, total: 120.5, interestFree: true },
      // 40.17 × 3 would be 120.51: the charge stays 120.50, one installment is 40.16.
      { count: 3, amount: 40.17, total: 120.5, interestFree: true },
    ]);
  });

  it('nothing given: one option, in full', () => {
    expect(installmentOptions(50)).toEqual([
      { count: 1, amount: 50, total: 50, interestFree: true },
    ]);
  });

  it('interest above interestFree, by the Price formula, with the total the shopper pays', () => {
    const options = installmentOptions(129.3, { max: 6, interestFree: 3, monthlyRate: 0.0199 });
    expect(options.map((o) => [o.count, o.amount, o.total, o.interestFree])).toEqual([
      [1, 129.3, 129.3, true],
      [2, 64.65, 129.3, true],
      [3, 43.1, 129.3, true],
      // 129.30 × 0.0199 / (1 − 1.0199^−4) = 2.57307 / 0.0757922 = 33.949 → 33.95; ×4 = 135.80
      [4, 33.95, 135.8, false],
      // 2.57307 / (1 − 1.0199^−5) = 2.57307 / 0.0938251 = 27.424 → 27.42; ×5 = 137.10
      [5, 27.42, 137.1, false],
      [6, 23.08, 138.48, false],
    ]);
  });

  it('with a rate and no interestFree, only 1× is free (never 1× with interest)', () => {
    const [first, second] = installmentOptions(100, { max: 2, monthlyRate: 0.02 });
    expect(first).toEqual({ count: 1, amount: 100, total: 100, interestFree: true });
    expect(second).toEqual({ count: 2, amount: 51.5, total: 103, interestFree: false });
  });

  it('counts whose installment is below minAmount are not offered; 1× always is', () => {
    const counts = (amount: number, minAmount: number) =>
      installmentOptions(amount, { max: 12, minAmount }).map((o) => o.count);
    // 100 / 4 = 25 is offered at a minimum of 25; 100 / 5 = 20 is not.
    expect(counts(100, 25)).toEqual([1, 2, 3, 4]);
    expect(counts(10, 25)).toEqual([1]);
  });

  it('minAmount is compared with the installment including its interest', () => {
    // 6× at 1.99 % is 23.08: offered at 23.08, not at 23.09.
    const plan = { max: 6, monthlyRate: 0.0199, minAmount: 23.08 };
    expect(installmentOptions(129.3, plan).map((o) => o.count)).toContain(6);
    expect(
      installmentOptions(129.3, { ...plan, minAmount: 23.09 }).map((o) => o.count),
    ).not.toContain(6);
  });
});

describe('the server function in docs/server.md', () => {
  it('computes what the form shows, for every count of several plans', async () => {
    const docs = readFileSync(join(process.cwd(), 'docs/server.md'), 'utf8');
    const code = /```ts\n((?:(?!```)[\s\S])*export function installmentCost[\s\S]*?)```/.exec(
      docs,
    )?.[1];
    expect(code).toBeDefined();
    const { code: js } = transformSync(code ?? '', { loader: 'ts', format: 'cjs' });
    const module: {
      exports: {
        installmentCost?(
          amount: number,
          count: number,
          plan: { interestFree?: number; monthlyRate?: number },
        ): { installment: number; total: number };
      };
    } = { exports: {} };
    new Function('module', 'exports', js)(module, module.exports);
    const { installmentCost } = module.exports;
    if (!installmentCost) return expect.unreachable('docs/server.md exports no installmentCost');
    const plans = [
      { max: 12 },
      { max: 6, interestFree: 3, monthlyRate: 0.0199 },
      { max: 12, monthlyRate: 0.0349 },
      { max: 10, interestFree: 10, monthlyRate: 0.02 },
    ];
    for (const amount of [1, 99.99, 120.5, 129.3, 1000, 4321.87]) {
      for (const plan of plans) {
        for (const option of installmentOptions(amount, plan)) {
          expect(installmentCost(amount, option.count, plan)).toEqual({
            installment: option.amount,
            total: option.total,
          });
        }
      }
    }
  });
});
