import type { Migration, MigrationProvider } from 'kysely';
import * as platform from './0001-platform';
import * as customerLookup from './0002-customer-lookup';
import * as eventOrder from './0003-event-order';
import * as webhookQueue from './0004-webhook-queue';
import * as walletLedger from './0005-wallet-ledger';
import * as payoutRequests from './0006-payout-requests';
import * as fees from './0007-fees';
import * as subscriptionPlans from './0008-subscription-plans';
import * as subscriptions from './0009-subscriptions';
import * as subscriptionRenewals from './0010-subscription-renewals';
import * as pixCharges from './0011-pix-charges';
import * as throwawayMerchants from './0012-throwaway-merchants';
import * as idempotencyKeys from './0013-idempotency-keys';
import * as faultsAndRequestLog from './0014-faults-and-request-log';
import * as merchantLatency from './0016-merchant-latency';

/** Every migration, in order; names sort as they run. Add a file and a line here. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-platform': platform,
  '0002-customer-lookup': customerLookup,
  '0003-event-order': eventOrder,
  '0004-webhook-queue': webhookQueue,
  '0005-wallet-ledger': walletLedger,
  '0006-payout-requests': payoutRequests,
  '0007-fees': fees,
  '0008-subscription-plans': subscriptionPlans,
  '0009-subscriptions': subscriptions,
  '0010-subscription-renewals': subscriptionRenewals,
  '0011-pix-charges': pixCharges,
  '0012-throwaway-merchants': throwawayMerchants,
  '0013-idempotency-keys': idempotencyKeys,
  '0014-faults-and-request-log': faultsAndRequestLog,
  '0016-merchant-latency': merchantLatency,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
