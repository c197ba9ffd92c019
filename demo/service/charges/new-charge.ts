import type { Kysely } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { CardStore } from '../cards/store';
import type { Customer } from '../customers/schema';
import type { MerchantClocks } from '../kernel/clock';
import type { Schema } from '../kernel/db/schema';
import type { AllowedHosts } from '../kernel/delivery/allowed-hosts';
import { requireDeliveryUrl } from '../kernel/delivery/delivery-url';
import { newId } from '../kernel/ids';
import type { ChallengeResult } from '../kernel/wire-types';
import { type PixPayee, payeeOf } from '../pix/payee';
import type { PaymentMethodSummary } from './charge';
import { amountCentsOf, mustHaveValidItems } from './rules';
import type { NewCharge } from './schema';
import { summarise } from './summary';

/** What a charge is made with, looked up: see `ChargeStore.parties`. */
export interface ChargeParties {
  payment: Awaited<ReturnType<typeof summarise>>;
  customer: Customer;
}

export interface CreateOptions {
  at?: Date;
  merchantInitiated?: boolean;
  parties?: ChargeParties;
  /** A merchant that may not bill (`accounts/rules.ts`): `failed` with this `failureReason`. */
  refusal?: string;
}

/** A new charge, checked and looked up before its writes (`ChargeStore.createIn`). */
export interface PreparedCharge {
  id: string;
  input: NewCharge;
  amountCents: number;
  summary: PaymentMethodSummary;
  cardNumber: string | undefined;
  payee: PixPayee | undefined;
  /** Already looked up by the caller (`parties`); else found or created with the charge. */
  customer: Customer | undefined;
  threeDS: ChallengeResult | undefined;
  managed: boolean;
  at: Date;
  merchantInitiated: boolean;
  refusal: string | undefined;
}

/** What `prepareCharge` reads with. */
export interface PrepareDeps {
  cards: CardStore;
  clocks: MerchantClocks;
  webhookHosts: AllowedHosts;
}

/**
 * What a new charge is made with, checked (`rules.ts`) and looked up in `db`, before its writes:
 * the same checks, in the same order, whether it is made alone or in a subscription's transaction.
 */
export async function prepareCharge(
  deps: PrepareDeps,
  db: Kysely<Schema>,
  tenant: Tenant,
  input: NewCharge,
  { at, merchantInitiated = false, parties, refusal }: CreateOptions,
): Promise<PreparedCharge> {
  if (input.postbackUrl !== undefined) {
    requireDeliveryUrl(deps.webhookHosts, 'postbackUrl', input.postbackUrl);
  }
  mustHaveValidItems(input.items);
  const amountCents = amountCentsOf(input.amount);
  const { summary, cardNumber } =
    parties?.payment ?? (await summarise(deps.cards, tenant, input.paymentMethod, db));
  const payee = summary.type === 'pix' ? await payeeOf(db, tenant.merchantId) : undefined;
  const { method } = input.paymentMethod;
  return {
    id: newId('ch'),
    input,
    amountCents,
    summary,
    cardNumber,
    payee,
    customer: parties?.customer,
    threeDS: 'threeDS' in method ? method.threeDS : undefined,
    managed: 'threeDSMode' in method && method.threeDSMode === 'managed',
    at: at ?? (await deps.clocks.now(tenant.merchantId, db)),
    merchantInitiated,
    refusal,
  };
}
