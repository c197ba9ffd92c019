/**
 * What each webhook family carries in `data`, checked with zod/mini: the fields a receiver needs
 * to find the resource and judge the event are required, the others the service documents are
 * typed and checked when present, and any further field is passed through as it came (the service
 * may add fields). Types are written out so that an editor shows them plainly; each schema is
 * checked against its type when this file compiles. The parsed event's type (`WebhookEvent`: each
 * family's envelope around its `data`) is here too, so webhook-dedup.ts, which webhooks.ts
 * re-exports, takes it from here, not from webhooks.ts.
 */
import * as z from 'zod/mini';

/** The event kinds of each family, as the service sends them (`docs/server.md#webhooks`). */
export const WEBHOOK_EVENTS = {
  charge: ['charge.created', 'charge.pending', 'charge.paid', 'charge.refunded', 'charge.updated'],
  subscription: [
    'subscription.created',
    'subscription.activated',
    'subscription.renewed',
    'subscription.payment_failed',
    'subscription.cancelled',
    'subscription.paused',
    'subscription.expired',
  ],
  payout: ['payout.approved', 'payout.rejected'],
  merchant: ['merchant.approved', 'merchant.updated'],
  /** A dashboard's test send to one endpoint. */
  test: ['webhook.test'],
} as const;

export type WebhookFamily = keyof typeof WEBHOOK_EVENTS;
export type ChargeEventKind = (typeof WEBHOOK_EVENTS.charge)[number];
export type SubscriptionEventKind = (typeof WEBHOOK_EVENTS.subscription)[number];
export type PayoutEventKind = (typeof WEBHOOK_EVENTS.payout)[number];
export type MerchantEventKind = (typeof WEBHOOK_EVENTS.merchant)[number];
export type TestEventKind = (typeof WEBHOOK_EVENTS.test)[number];
export type WebhookEventKind = (typeof WEBHOOK_EVENTS)[WebhookFamily][number];

/**
 * A status the service documents, or another one it may add later: compare with the known ones
 * and treat any other as "not final".
 */
type Open<Known extends string> = Known | (string & {});

export type WebhookChargeStatus = Open<
  'paid' | 'authentication_required' | 'pending' | 'expired' | 'failed' | 'refunded'
>;
export type WebhookSubscriptionStatus = Open<
  'pending_activation' | 'active' | 'cancelled' | 'paused' | 'expired'
>;
export type WebhookPayoutStatus = Open<'pending' | 'approved' | 'rejected' | 'processing'>;
export type WebhookMerchantStatus = Open<
  'active' | 'inactive' | 'pending' | 'rejected' | 'blocked'
>;

/** `data` of a charge event: the whole charge. Other fields of the record come through as sent. */
export interface WebhookCharge {
  id: string;
  status: WebhookChargeStatus;
  /** In currency units, not cents. */
  amount: number;
  currency: string;
  livemode?: boolean;
  customer?: { id?: string; name?: string; email?: string };
  paymentMethod?: { type: string };
  failureReason?: string;
  postbackUrl?: string;
  createdAt?: string;
  updatedAt?: string;
  paidAt?: string;
  refundedAt?: string;
}

/** `data` of a subscription event: the subscription after the change. */
export interface WebhookSubscription {
  id: string;
  status: WebhookSubscriptionStatus;
  planId?: string;
  customerId?: string;
  merchantId?: string;
  plan?: { name?: string; price?: number; currency?: string };
  customer?: { name?: string; email?: string };
  billingDay?: number;
  currentPeriodStart?: string;
  currentPeriodEnd?: string;
  nextBillingAt?: string | null;
  pausedAt?: string | null;
  cancelledAt?: string | null;
  cancellationType?: string | null;
  refunded?: boolean;
  failedAttempts?: number;
  latestChargeId?: string | null;
  metadata?: Record<string, string>;
  createdAt?: string;
  updatedAt?: string;
}

/** `data` of a payout event: the payout request after its review. */
export interface WebhookPayoutRequest {
  id: string;
  /** The sub-merchant that asked for it. */
  merchantId: string;
  /** Gross, in BRL. */
  amount: number;
  currency: string;
  status: WebhookPayoutStatus;
  payoutFee?: number;
  netAmount?: number;
  externalAccountDetails?: { type: string; pixKey?: string };
  rejectionReason?: string | null;
  processedAt?: string | null;
  merchantLegalName?: string;
  merchantEmail?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** `data` of an account event: the (sub-)merchant after the change. */
export interface WebhookMerchant {
  id: string;
  status: WebhookMerchantStatus;
  tradeName?: string;
  legalName?: string;
  companyTaxId?: string;
  contactEmail?: string;
  approvedAt?: string | null;
  inactivatedAt?: string | null;
  createdAt?: string;
}

/** `data` of a test send. */
export interface WebhookTest {
  endpointId?: string;
  url?: string;
  message?: string;
}

/** The standard envelope: `id` is the event's own id (`evt_…`), kept by every resend. */
interface StandardEnvelope<F extends WebhookFamily, E extends string, D> {
  /** Not sent by the service: which family the event is of, to `switch` on. */
  family: F;
  id: string;
  event: E;
  /** `false` for test-mode (sandbox) events. */
  livemode: boolean;
  data: D;
}

/** The resource envelope: `id` is the resource's id (`data.id`), not an event id; no `livemode`. */
interface ResourceEnvelope<F extends WebhookFamily, E extends string, D> {
  /** Not sent by the service: which family the event is of, to `switch` on. */
  family: F;
  id: string;
  event: E;
  data: D;
}

export type ChargeWebhook = StandardEnvelope<'charge', ChargeEventKind, WebhookCharge>;
export type SubscriptionWebhook = StandardEnvelope<
  'subscription',
  SubscriptionEventKind,
  WebhookSubscription
>;
export type PayoutWebhook = ResourceEnvelope<'payout', PayoutEventKind, WebhookPayoutRequest>;
export type MerchantWebhook = ResourceEnvelope<'merchant', MerchantEventKind, WebhookMerchant>;
export type TestWebhook = StandardEnvelope<'test', TestEventKind, WebhookTest>;

/** A parsed delivery: narrowing on `event` (or `family`) types its `data`. */
export type WebhookEvent =
  | ChargeWebhook
  | SubscriptionWebhook
  | PayoutWebhook
  | MerchantWebhook
  | TestWebhook;

const id = z.string().check(z.minLength(1));
const text = z.optional(z.string());
const amount = z.number();
const textOrNull = z.optional(z.nullable(z.string()));
/** What every resource's `data` has: its id and status. */
const identity = { id, status: id };
const stamps = { createdAt: text, updatedAt: text };

const chargeData = z.looseObject({
  ...identity,
  amount,
  currency: id,
  livemode: z.optional(z.boolean()),
  customer: z.optional(z.looseObject({ id: text, name: text, email: text })),
  paymentMethod: z.optional(z.looseObject({ type: z.string() })),
  failureReason: text,
  postbackUrl: text,
  ...stamps,
  paidAt: text,
  refundedAt: text,
}) satisfies z.ZodMiniType<WebhookCharge>;

const subscriptionData = z.looseObject({
  ...identity,
  planId: text,
  customerId: text,
  merchantId: text,
  plan: z.optional(z.looseObject({ name: text, price: z.optional(amount), currency: text })),
  customer: z.optional(z.looseObject({ name: text, email: text })),
  billingDay: z.optional(z.int()),
  currentPeriodStart: text,
  currentPeriodEnd: text,
  nextBillingAt: textOrNull,
  pausedAt: textOrNull,
  cancelledAt: textOrNull,
  cancellationType: textOrNull,
  refunded: z.optional(z.boolean()),
  failedAttempts: z.optional(z.int()),
  latestChargeId: textOrNull,
  metadata: z.optional(z.record(z.string(), z.string())),
  ...stamps,
}) satisfies z.ZodMiniType<WebhookSubscription>;

const payoutData = z.looseObject({
  ...identity,
  merchantId: id,
  amount,
  currency: id,
  payoutFee: z.optional(amount),
  netAmount: z.optional(amount),
  externalAccountDetails: z.optional(z.looseObject({ type: z.string(), pixKey: text })),
  rejectionReason: textOrNull,
  processedAt: textOrNull,
  merchantLegalName: text,
  merchantEmail: text,
  ...stamps,
}) satisfies z.ZodMiniType<WebhookPayoutRequest>;

const merchantData = z.looseObject({
  ...identity,
  tradeName: text,
  legalName: text,
  companyTaxId: text,
  contactEmail: text,
  approvedAt: textOrNull,
  inactivatedAt: textOrNull,
  createdAt: text,
}) satisfies z.ZodMiniType<WebhookMerchant>;

const testData = z.looseObject({
  endpointId: text,
  url: text,
  message: text,
}) satisfies z.ZodMiniType<WebhookTest>;

/**
 * The two envelopes. Standard (charges, subscriptions, test sends): `id` is the event's own id,
 * with `livemode`. Resource (payouts, account events): `id` is the resource's id, no `livemode`.
 */
const standard = <T extends z.ZodMiniType>(data: T) =>
  z.object({ id, event: z.string(), livemode: z.boolean(), data });
const resource = <T extends z.ZodMiniType>(data: T) => z.object({ id, event: z.string(), data });

const ENVELOPE_SCHEMAS = {
  charge: standard(chargeData),
  subscription: standard(subscriptionData),
  payout: resource(payoutData),
  merchant: resource(merchantData),
  test: standard(testData),
} as const;

/** A problem zod found, as much of it as the messages use. */
export interface EnvelopeIssue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  input?: unknown;
}

/** A checked envelope, before its type is narrowed by its event. */
export interface CheckedEnvelope {
  id: string;
  event: string;
  livemode?: boolean;
  data: { id: string } & Record<string, unknown>;
}

/**
 * Checks `value` as an envelope of `family`. Its own result type, not zod's, so the published
 * declarations need no zod (it is bundled into dist/server.mjs, not a dependency).
 */
export function checkEnvelope(
  family: WebhookFamily,
  value: unknown,
): { ok: true; envelope: CheckedEnvelope } | { ok: false; issues: EnvelopeIssue[] } {
  const parsed = ENVELOPE_SCHEMAS[family].safeParse(value, { reportInput: true });
  return parsed.success
    ? { ok: true, envelope: parsed.data as CheckedEnvelope }
    : { ok: false, issues: parsed.error.issues as EnvelopeIssue[] };
}

/** The families whose envelope names the resource (`id` = `data.id`) and has no `livemode`. */
export const RESOURCE_FAMILIES: ReadonlySet<WebhookFamily> = new Set(['payout', 'merchant']);

/** The family of each event kind. */
export const FAMILY_OF: ReadonlyMap<string, WebhookFamily> = new Map(
  (Object.keys(WEBHOOK_EVENTS) as WebhookFamily[]).flatMap((family) =>
    WEBHOOK_EVENTS[family].map((kind) => [kind, family] as const),
  ),
);
