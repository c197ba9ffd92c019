import type { Insertable } from 'kysely';
import { SEED_MERCHANT_IDS, seedBalanceEntries, seedMerchantRows } from '../accounts/seed';
import { seedCardRows } from '../cards/seed';
import { seedCustomerRows } from '../customers/seed';
import { seedFeeRows } from '../fees/seed';
import type { MerchantsTable, Schema } from '../kernel/db/schema';
import type { Vault } from '../kernel/db/vault';
import { newId } from '../kernel/ids';
import { seedPlanRows } from '../plans/seed';
import { seedSubscriptionRows } from '../subscriptions/seed';
import type { NewBalanceEntry } from '../wallets/ledger';

/**
 * A throwaway merchant's starter data: what the seed gives Loja Exemplo (customers, saved cards,
 * plans, subscriptions, its wallet) and, for its sub-merchant, what it gives Sub Ativa (customers,
 * a plan, fees, a wallet), built by the families' own seed builders and given fresh ids, so two
 * throwaway merchants never share a row and the seed stays the one place its data is written.
 */

/** The new merchants: the master, and its sub-merchant when it has one. */
export interface Owners {
  master: string;
  sub?: string;
}

export interface StarterData {
  customers: Insertable<Schema['customers']>[];
  cards: Insertable<Schema['cards']>[];
  plans: Insertable<Schema['subscription_plans']>[];
  subscriptions: Insertable<Schema['subscriptions']>[];
  fees: Insertable<Schema['fees']>[];
  balance: NewBalanceEntry[];
}

/** The seeded merchant whose rows each new merchant gets. */
function modelsOf(owners: Owners): Map<string, string> {
  const models = new Map([[SEED_MERCHANT_IDS.lojaExemplo as string, owners.master]]);
  if (owners.sub !== undefined) models.set(SEED_MERCHANT_IDS.subAtiva, owners.sub);
  return models;
}

export function starterData(vault: Vault, owners: Owners, now: Date): StarterData {
  const models = modelsOf(owners);
  const owner = (model: string): string => {
    const id = models.get(model);
    if (id === undefined) throw new Error(`no new merchant for seeded merchant ${model}`);
    return id;
  };
  const ours = <R extends { merchant_id: string }>(rows: readonly R[]): R[] =>
    rows.filter((row) => models.has(row.merchant_id));
  // A seeded id → its fresh id, the same wherever the seed names it (a card's customer…).
  const fresh = new Map<string, string>();
  const renew = (seeded: string, prefix: string): string => {
    let id = fresh.get(seeded);
    if (id === undefined) {
      id = newId(prefix);
      fresh.set(seeded, id);
    }
    return id;
  };

  const customers = ours(seedCustomerRows()).map((row) => {
    const id = renew(row.id, 'cus');
    return { ...row, id, merchant_id: owner(row.merchant_id), gateway_id: `gw_${id.slice(4)}` };
  });
  const cards = ours(seedCardRows(vault, now)).map((row) => ({
    ...row,
    id: renew(row.id, 'card'),
    merchant_id: owner(row.merchant_id),
    customer_id: row.customer_id == null ? null : renew(row.customer_id, 'cus'),
  }));
  const plans = ours(seedPlanRows()).map((row) => ({
    ...row,
    id: renew(row.id, 'plan'),
    merchant_id: owner(row.merchant_id),
  }));
  const subscriptions = ours(seedSubscriptionRows(now)).map((row) => ({
    ...row,
    id: renew(row.id, 'sub'),
    merchant_id: owner(row.merchant_id),
    plan_id: renew(row.plan_id, 'plan'),
    customer_id: renew(row.customer_id, 'cus'),
    card_id: renew(row.card_id, 'card'),
  }));
  const fees = ours(seedFeeRows()).map((row) => ({
    ...row,
    id: newId('fee'),
    merchant_id: owner(row.merchant_id),
  }));
  const balance = seedBalanceEntries(now)
    .filter((entry) => models.has(entry.merchantId))
    .map((entry) => ({ ...entry, merchantId: owner(entry.merchantId) }));
  return { customers, cards, plans, subscriptions, fees, balance };
}

/** What a new merchant's row takes from its model's besides the defaults of the seed. */
export interface NewMerchant {
  id: string;
  name: string;
  email: string;
  parentId?: string;
  connect: boolean;
  now: Date;
  expiresAt: Date;
}

/** The merchant's row: its model's (Loja Exemplo's, or Sub Ativa's for the sub) renamed. */
export function merchantRow(model: string, merchant: NewMerchant): Insertable<MerchantsTable> {
  const row = seedMerchantRows().find((candidate) => candidate.id === model);
  if (row === undefined) throw new Error(`no seeded merchant ${model}`);
  return {
    ...row,
    id: merchant.id,
    parent_id: merchant.parentId ?? null,
    status: 'active',
    capabilities: JSON.stringify(merchant.connect ? ['enable_connect'] : []),
    legal_name: merchant.name,
    trade_name: merchant.name,
    contact_email: merchant.email,
    gateway_id: newId('gw'),
    created_at: merchant.now,
    updated_at: merchant.now,
    approved_at: merchant.now,
    rejected_at: null,
    blocked_at: null,
    inactivated_at: null,
    expires_at: merchant.expiresAt,
  };
}
