import type { Insertable } from 'kysely';
import { SEED_MERCHANT_IDS } from '../accounts/seed';
import type { FeesTable, FeeType } from '../kernel/db/schema';

/**
 * The seeded sub-merchants' fees (`GET /v1/connect/sub-accounts/{id}/fees-info`). Every
 * sub-merchant has a default credit-card spread (12 percentages, one per installment count), a
 * PIX spread (one percentage; BRL merchants) and an anticipation fee; Sub Ativa also has Visa,
 * Mastercard and Elo overrides. Percentages are in hundredths here, so the series stay exact.
 */

type SubMerchant = Exclude<keyof typeof SEED_MERCHANT_IDS, 'lojaExemplo' | 'outraLoja'>;

interface SeedFee {
  feeType: FeeType;
  paymentMethod: 'credit_card' | 'pix';
  brand?: string;
  fixedCents: number;
  /** Percentages in hundredths of a percent (299 = 2.99 %). */
  hundredths: number[];
}

/** `count` percentages from `first`, `step` apart (hundredths). */
const series = (first: number, step: number, count = 12): number[] =>
  Array.from({ length: count }, (_, index) => first + index * step);

/** The usual set: credit-card spread, PIX spread (BRL only) and anticipation. */
function usual(card: number, step: number, pix: number | undefined, anticipation: number) {
  const fees: SeedFee[] = [
    {
      feeType: 'tx_spread',
      paymentMethod: 'credit_card',
      fixedCents: 49,
      hundredths: series(card, step),
    },
  ];
  if (pix !== undefined) {
    fees.push({ feeType: 'tx_spread', paymentMethod: 'pix', fixedCents: 0, hundredths: [pix] });
  }
  fees.push({
    feeType: 'anticipation',
    paymentMethod: 'credit_card',
    fixedCents: 0,
    hundredths: series(anticipation, 50),
  });
  return fees;
}

const FEES: Readonly<Record<SubMerchant, { currency: string; fees: readonly SeedFee[] }>> = {
  subAtiva: {
    currency: 'BRL',
    fees: [
      {
        feeType: 'tx_spread',
        paymentMethod: 'credit_card',
        fixedCents: 49,
        hundredths: series(299, 30),
      },
      {
        feeType: 'tx_spread',
        paymentMethod: 'credit_card',
        brand: 'visa',
        fixedCents: 39,
        hundredths: series(279, 30),
      },
      {
        feeType: 'tx_spread',
        paymentMethod: 'credit_card',
        brand: 'mastercard',
        fixedCents: 39,
        hundredths: series(289, 30),
      },
      {
        feeType: 'tx_spread',
        paymentMethod: 'credit_card',
        brand: 'elo',
        fixedCents: 59,
        hundredths: series(349, 35),
      },
      { feeType: 'tx_spread', paymentMethod: 'pix', fixedCents: 0, hundredths: [99] },
      {
        feeType: 'anticipation',
        paymentMethod: 'credit_card',
        fixedCents: 0,
        hundredths: series(199, 50),
      },
    ],
  },
  subInativa: { currency: 'BRL', fees: usual(349, 35, 119, 229) },
  subPendente: { currency: 'BRL', fees: usual(319, 30, 99, 199) },
  subRecusada: { currency: 'BRL', fees: usual(399, 40, 149, 249) },
  subBloqueada: { currency: 'BRL', fees: usual(329, 30, 109, 209) },
  subDaOutra: { currency: 'BRL', fees: usual(279, 25, 89, 189) },
  subExporta: { currency: 'USD', fees: usual(459, 45, undefined, 259) },
  subCafe: { currency: 'BRL', fees: usual(309, 30, 79, 199) },
  subJardim: { currency: 'BRL', fees: usual(339, 30, 99, 219) },
  subPet: { currency: 'BRL', fees: usual(359, 35, 129, 239) },
};

export const seedFeeRows = (): Insertable<FeesTable>[] =>
  Object.entries(FEES).flatMap(([name, { currency, fees }]) =>
    fees.map((fee, index) => ({
      id: `fee_${name}_${index + 1}`,
      merchant_id: SEED_MERCHANT_IDS[name as SubMerchant],
      fee_type: fee.feeType,
      payment_method: fee.paymentMethod,
      currency_code: currency,
      brand: fee.brand ?? null,
      fixed_cents: fee.fixedCents,
      percentages: JSON.stringify(fee.hundredths.map((h) => h / 100)),
      position: index + 1,
    })),
  );
