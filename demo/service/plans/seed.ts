import type { Insertable } from 'kysely';
import { SEED_MERCHANT_IDS } from '../accounts/seed';
import type { SubscriptionPlansTable } from '../kernel/db/schema';

/**
 * The seeded subscription plans: four of Loja Exemplo (weekly, monthly, every 3 months, and an
 * inactive biweekly one) and one of Sub Ativa; no images. Ids are fixed for tests and docs.
 */
export const SEED_PLAN_IDS = {
  weekly: 'plan_sandbox_weekly',
  monthly: 'plan_sandbox_monthly',
  quarterly: 'plan_sandbox_quarterly',
  inactive: 'plan_sandbox_inactive',
  subAtiva: 'plan_sandbox_sub_ativa',
} as const;

export function seedPlanRows(): Insertable<SubscriptionPlansTable>[] {
  const loja = SEED_MERCHANT_IDS.lojaExemplo;
  const plan = (
    row: Omit<Insertable<SubscriptionPlansTable>, 'updated_at' | 'buyer_message'> & {
      buyer_message?: string;
    },
  ): Insertable<SubscriptionPlansTable> => ({
    buyer_message: '',
    ...row,
    updated_at: row.created_at ?? new Date(),
  });
  return [
    plan({
      id: SEED_PLAN_IDS.weekly,
      merchant_id: loja,
      name: 'Cesta semanal',
      price_cents: 49_90,
      currency: 'BRL',
      recurrence_type: 'weekly',
      recurrence_interval: null,
      end_date: null,
      buyer_message: 'Entregas toda segunda-feira.',
      payment_methods: JSON.stringify(['credit_card', 'pix']),
      status: 'active',
      created_at: '2025-03-02T12:00:00.000Z',
    }),
    plan({
      id: SEED_PLAN_IDS.monthly,
      merchant_id: loja,
      name: 'Clube do livro',
      price_cents: 89_00,
      currency: 'BRL',
      recurrence_type: 'monthly',
      recurrence_interval: null,
      end_date: null,
      payment_methods: JSON.stringify(['credit_card']),
      status: 'active',
      created_at: '2025-06-15T09:30:00.000Z',
    }),
    plan({
      id: SEED_PLAN_IDS.quarterly,
      merchant_id: loja,
      name: 'Revista trimestral',
      price_cents: 120_00,
      currency: 'BRL',
      recurrence_type: 'custom',
      recurrence_interval: 3,
      end_date: '2030-12-31T23:59:59.000Z',
      buyer_message: 'Uma edição a cada três meses.',
      payment_methods: JSON.stringify(['credit_card', 'pix']),
      status: 'active',
      created_at: '2025-10-01T15:00:00.000Z',
    }),
    plan({
      id: SEED_PLAN_IDS.inactive,
      merchant_id: loja,
      name: 'Café quinzenal (descontinuado)',
      price_cents: 35_50,
      currency: 'BRL',
      recurrence_type: 'biweekly',
      recurrence_interval: null,
      end_date: null,
      payment_methods: JSON.stringify(['pix']),
      status: 'inactive',
      created_at: '2024-11-20T18:45:00.000Z',
    }),
    plan({
      id: SEED_PLAN_IDS.subAtiva,
      merchant_id: SEED_MERCHANT_IDS.subAtiva,
      name: 'Assinatura mensal Sub Ativa',
      price_cents: 19_99,
      currency: 'BRL',
      recurrence_type: 'monthly',
      recurrence_interval: null,
      end_date: null,
      payment_methods: JSON.stringify(['credit_card']),
      status: 'active',
      created_at: '2026-01-10T10:00:00.000Z',
    }),
  ];
}
