import { seedKeys, seedLogins, seedMerchantRows } from './seed';

/** A seeded login as the Platform QA page offers it (password `sandbox`). */
export interface DemoLogin {
  label: string;
  email: string;
  role: 'admin' | 'merchant';
  merchantId?: string;
  /** The account's seeded secret key, for the operations that take Basic credentials. */
  secretKey?: string;
}

/** A seeded merchant, so the page can name merchants in its selects (status changes at run time). */
export interface DemoMerchant {
  id: string;
  tradeName: string;
  kind: 'master' | 'sub';
  parentId: string | null;
}

export interface DemoAccounts {
  logins: DemoLogin[];
  merchants: DemoMerchant[];
}

/** The seed's accounts, read from the seed itself so the page never drifts from it. */
export function demoAccounts(): DemoAccounts {
  const merchants = seedMerchantRows().map((row) => ({
    id: row.id,
    tradeName: row.trade_name,
    kind: row.kind,
    parentId: row.parent_id ?? null,
  }));
  const keys = seedKeys();
  const logins = seedLogins().map(({ email, merchantId }): DemoLogin => {
    if (merchantId === null) return { label: 'Administrator', email, role: 'admin' };
    const secretKey = keys.find((k) => k.merchantId === merchantId && k.key.startsWith('sk_'))?.key;
    return {
      label: merchants.find((m) => m.id === merchantId)?.tradeName ?? email,
      email,
      role: 'merchant',
      merchantId,
      ...(secretKey === undefined ? {} : { secretKey }),
    };
  });
  return { logins, merchants };
}
