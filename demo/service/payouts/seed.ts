import type { Insertable } from 'kysely';
import { SEED_MERCHANT_IDS, seedMerchantRows } from '../accounts/seed';
import type { PayoutRequestsTable, PayoutStatus } from '../kernel/db/schema';
import type { NewBalanceEntry } from '../wallets/ledger';
import { payoutMovement } from '../wallets/rules';
import { payoutFeeCents } from './rules';

/**
 * The seeded payout requests: four sub-merchants, the three statuses, February 2025 to November
 * 2026, amounts from R$ 1,00 (the minimum fee) to R$ 2.500,00 (the maximum), so every filter and
 * ordering of `GET /v1/payout-requests` has something to show. Ids are fixed for tests and docs.
 */

type Sub = 'subAtiva' | 'subInativa' | 'subBloqueada' | 'subDaOutra';

interface SeedPayout {
  id: string;
  sub: Sub;
  amountCents: number;
  status: PayoutStatus;
  createdAt: string;
  /** Approved or rejected: when. */
  processedAt?: string;
  rejectionReason?: string;
}

export const SEED_PAYOUTS: readonly SeedPayout[] = [
  {
    id: 'po_sandbox_ativa_1',
    sub: 'subAtiva',
    amountCents: 150_00,
    status: 'approved',
    createdAt: '2025-02-14T13:20:00.000Z',
    processedAt: '2025-02-15T10:05:00.000Z',
  },
  {
    id: 'po_sandbox_ativa_2',
    sub: 'subAtiva',
    amountCents: 2_500_00,
    status: 'rejected',
    createdAt: '2025-05-20T17:45:00.000Z',
    processedAt: '2025-05-21T09:30:00.000Z',
    rejectionReason: 'Amount above the balance settled on the day of the review',
  },
  {
    id: 'po_sandbox_ativa_3',
    sub: 'subAtiva',
    amountCents: 87_35,
    status: 'approved',
    createdAt: '2025-09-03T08:10:00.000Z',
    processedAt: '2025-09-03T16:00:00.000Z',
  },
  {
    id: 'po_sandbox_ativa_4',
    sub: 'subAtiva',
    amountCents: 320_00,
    status: 'pending',
    createdAt: '2026-03-11T11:00:00.000Z',
  },
  {
    id: 'po_sandbox_ativa_5',
    sub: 'subAtiva',
    amountCents: 1_200_00,
    status: 'approved',
    createdAt: '2026-07-18T14:25:00.000Z',
    processedAt: '2026-07-20T12:00:00.000Z',
  },
  {
    id: 'po_sandbox_ativa_6',
    sub: 'subAtiva',
    amountCents: 45_90,
    status: 'pending',
    createdAt: '2026-11-02T19:40:00.000Z',
  },
  {
    id: 'po_sandbox_inativa_1',
    sub: 'subInativa',
    amountCents: 1_00,
    status: 'approved',
    createdAt: '2025-03-05T10:00:00.000Z',
    processedAt: '2025-03-06T10:00:00.000Z',
  },
  {
    id: 'po_sandbox_inativa_2',
    sub: 'subInativa',
    amountCents: 640_00,
    status: 'rejected',
    createdAt: '2025-09-29T15:15:00.000Z',
    processedAt: '2025-09-30T18:00:00.000Z',
    rejectionReason: 'Sub-merchant inactivated before the review',
  },
  {
    id: 'po_sandbox_bloqueada_1',
    sub: 'subBloqueada',
    amountCents: 999_99,
    status: 'approved',
    createdAt: '2025-04-22T09:50:00.000Z',
    processedAt: '2025-04-23T11:10:00.000Z',
  },
  {
    id: 'po_sandbox_bloqueada_2',
    sub: 'subBloqueada',
    amountCents: 210_50,
    status: 'pending',
    createdAt: '2025-08-01T07:30:00.000Z',
  },
  {
    id: 'po_sandbox_outra_1',
    sub: 'subDaOutra',
    amountCents: 75_25,
    status: 'approved',
    createdAt: '2025-06-10T12:00:00.000Z',
    processedAt: '2025-06-11T08:45:00.000Z',
  },
  {
    id: 'po_sandbox_outra_2',
    sub: 'subDaOutra',
    amountCents: 50_00,
    status: 'rejected',
    createdAt: '2026-01-27T16:20:00.000Z',
    processedAt: '2026-01-28T10:00:00.000Z',
    rejectionReason: 'PIX key does not match the company tax id',
  },
  {
    id: 'po_sandbox_outra_3',
    sub: 'subDaOutra',
    amountCents: 130_00,
    status: 'pending',
    createdAt: '2026-10-15T10:10:00.000Z',
  },
];

export const seedPayoutRows = (): Insertable<PayoutRequestsTable>[] => {
  const merchants = seedMerchantRows();
  return SEED_PAYOUTS.map((p) => {
    const merchantId = SEED_MERCHANT_IDS[p.sub];
    const merchant = merchants.find((m) => m.id === merchantId);
    if (merchant === undefined) throw new Error(`no seeded merchant ${p.sub}`);
    const fee = payoutFeeCents(p.amountCents);
    return {
      id: p.id,
      merchant_id: merchantId,
      amount_cents: p.amountCents,
      currency: 'BRL',
      payout_fee_cents: fee,
      net_amount_cents: p.amountCents - fee,
      status: p.status,
      pix_key: merchant.company_tax_id,
      rejection_reason: p.rejectionReason ?? null,
      processed_at: p.processedAt ?? null,
      created_at: p.createdAt,
      updated_at: p.processedAt ?? p.createdAt,
    };
  });
};

/**
 * A pending seeded request holds its amount in `reserved`, and the seeded wallets' `available`
 * stays as `seed-accounts.ts` says (Sub Ativa: R$ 1.000,00): an opening entry of the amount,
 * settled long ago, then the request's `payout_requested` entry. Reviewed ones need none.
 */
export const seedPayoutEntries = (): NewBalanceEntry[] =>
  SEED_PAYOUTS.filter((p) => p.status === 'pending').flatMap((p) => {
    const base = {
      merchantId: SEED_MERCHANT_IDS[p.sub],
      currency: 'BRL',
      settlesAt: new Date(p.createdAt),
    };
    return [
      { ...base, kind: 'opening' as const, amountCents: p.amountCents, settlesAt: new Date(0) },
      {
        ...base,
        kind: 'payout_requested' as const,
        referenceId: p.id,
        ...payoutMovement('payout_requested', p.amountCents),
      },
    ];
  });
