import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * The tables, as Kysely sees them (the DDL is in `migrations/`). Every resource row carries
 * `merchant_id`: tenancy is a `where`, never a convention. Money columns are integer cents
 * (`*_cents`, bigint): exact, summed and compared in SQL without rounding; the API shows them as
 * decimals in the currency unit (`money.ts`).
 */

/** timestamptz: read as Date, written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** jsonb: written as a JSON string (`pg` would turn a JS array into a PostgreSQL array). */
type Json<T> = ColumnType<T, string, string>;

export type MerchantKind = 'master' | 'sub';
export type MerchantStatus = 'active' | 'inactive' | 'pending' | 'rejected' | 'blocked';
export type Capability = 'enable_connect';

export interface MerchantsTable {
  /** KSUID (27 base62 characters). */
  id: string;
  kind: MerchantKind;
  /** The master of a sub-merchant; null for a master. */
  parent_id: string | null;
  status: MerchantStatus;
  capabilities: Json<Capability[]>;
  legal_name: string;
  trade_name: string;
  company_tax_id: string;
  contact_email: string;
  website: string;
  product_type: string;
  product_description: string;
  soft_descriptor: string | null;
  /** Operating currency (ISO 4217). */
  currency: string;
  average_monthly_revenue_cents: number;
  average_order_value_cents: number;
  gateway_id: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
  approved_at: Timestamp | null;
  rejected_at: Timestamp | null;
  blocked_at: Timestamp | null;
  inactivated_at: Timestamp | null;
  /** A throwaway merchant's end (real time, migration 0012); null: a seeded account, kept. */
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type Role = 'admin' | 'merchant';

/** Dashboard logins: e-mail and scrypt hash; a merchant login belongs to one merchant. */
export interface LoginsTable {
  id: string;
  email: string;
  password_hash: string;
  role: Role;
  merchant_id: string | null;
  created_at: CreatedAt;
}

export type KeyKind = 'publishable' | 'secret';

/** API keys, stored as SHA-256 (a key is shown once); `hint` is what a dashboard may show. */
export interface ApiKeysTable {
  id: string;
  merchant_id: string;
  kind: KeyKind;
  key_hash: string;
  hint: string;
  created_at: CreatedAt;
  revoked_at: Timestamp | null;
}

/** Each merchant's clock: the real time plus `offset_ms` (`POST /sandbox/clock/advance`). */
export interface MerchantClocksTable {
  merchant_id: string;
  offset_ms: number;
  updated_at: Timestamp;
}

export type BalanceEntryKind =
  | 'opening'
  | 'charge'
  | 'refund'
  | 'payout_requested'
  | 'payout_approved'
  | 'payout_rejected';

/**
 * The wallets' ledger: a movement of money per row. On the merchant's clock, `amount_cents` is
 * pending before `settles_at` and available from then on; `reserved_cents` is held for payouts.
 */
export interface BalanceEntriesTable {
  id: string;
  merchant_id: string;
  currency: string;
  kind: BalanceEntryKind;
  /** The charge or payout request that moved the money. */
  reference_id: string | null;
  amount_cents: number;
  reserved_cents: ColumnType<number, number | undefined, number>;
  settles_at: Timestamp;
  created_at: CreatedAt;
}

export type PayoutStatus = 'pending' | 'approved' | 'rejected';

/** A sub-merchant's payout request (withdrawal to its PIX key), reviewed by the administrator. */
export interface PayoutRequestsTable {
  id: string;
  /** The sub-merchant that requested it. */
  merchant_id: string;
  amount_cents: number;
  currency: string;
  payout_fee_cents: number;
  net_amount_cents: number;
  status: PayoutStatus;
  /** The sub-merchant's company tax id when it asked. */
  pix_key: string;
  rejection_reason: string | null;
  processed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type FeeType = 'tx_spread' | 'anticipation';

/**
 * A sub-merchant's fee: the default of a payment method and currency (`brand` null) or a brand's
 * override; `percentages` holds one percentage per installment count.
 */
export interface FeesTable {
  id: string;
  merchant_id: string;
  fee_type: FeeType;
  payment_method: string;
  currency_code: string;
  brand: string | null;
  fixed_cents: number;
  percentages: Json<number[]>;
  /** The order `fees-info` lists them in. */
  position: number;
}

export interface CustomersTable {
  id: string;
  merchant_id: string;
  gateway_id: string;
  name: string;
  email: string;
  document_id: string;
  document_type: string;
  phone_number: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CardsTable {
  id: string;
  merchant_id: string;
  customer_id: string | null;
  token: string;
  masked_number: string;
  brand: string;
  expiration_month: string;
  expiration_year: string;
  status: 'pending_validation' | 'active' | 'inactive';
  /** The card number sealed by the vault (`db/vault.ts`): never stored in clear. */
  number_sealed: string;
  /** The validation transaction of `validateCard` while pending. */
  validation_cents: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A 3DS authentication: the 3DS server's and the ACS's state. */
export interface AuthenticationsTable {
  id: string;
  merchant_id: string;
  scenario: string;
  amount_cents: number;
  currency: string;
  brand: string;
  last4: string;
  /** HMAC of the card number: a charge's `threeDS` must come from the same card. */
  card_fingerprint: string;
  language: string;
  status: string;
  outcome: string | null;
  /** Flow progress (submits, challenge, calls…): the store's own shape. */
  flow_state: Json<Record<string, unknown>>;
  ds_transaction_id: string;
  three_ds_server_transaction_id: string;
  acs_transaction_id: string;
  cryptogram: string;
  /** Set once a charge used this authentication's result: a result is used once. */
  used_by_charge_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ChargesTable {
  id: string;
  merchant_id: string;
  customer_id: string;
  amount_cents: number;
  currency: string;
  status: string;
  payment_method: Json<Record<string, unknown>>;
  items: Json<unknown[]>;
  three_ds: Json<Record<string, unknown>> | null;
  next_action: Json<Record<string, unknown>> | null;
  failure_reason: string | null;
  postback_url: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  refunded_at: Timestamp | null;
  /** A PIX charge's BR Code and its expiry on the merchant's clock (migration 0011). */
  pix_qr_code: string | null;
  pix_expires_at: Timestamp | null;
}

/** Every event the sandbox emitted, with the envelope exactly as sent. */
export interface EventsTable {
  id: string;
  merchant_id: string;
  event: string;
  resource_type: string;
  resource_id: string;
  envelope: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  /** The order events were recorded in (identity): events of one change share `created_at`. */
  seq: ColumnType<number, never, never>;
}

export interface WebhookEndpointsTable {
  id: string;
  merchant_id: string;
  url: string;
  events: Json<string[]>;
  enabled: boolean;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type DeliveryChannel = 'endpoint' | 'postback' | 'payout';
export type DeliveryStatus = 'queued' | 'delivered' | 'failed';

/** The delivery queue: one row per event × destination, taken with FOR UPDATE SKIP LOCKED. */
export interface WebhookDeliveriesTable {
  id: string;
  merchant_id: string;
  event_id: string;
  endpoint_id: string | null;
  channel: DeliveryChannel;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  max_attempts: number;
  next_attempt_at: Timestamp;
  /** Deliveries of one resource go out in order. */
  order_key: string;
  /** Insertion order (identity): the order within one `order_key`. */
  seq: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: string;
  merchant_id: string;
  attempt: number;
  http_status: number | null;
  error: string | null;
  delivered: boolean;
  duration_ms: number;
  at: Timestamp;
}

/** Secrets that must survive a restart (token signing key, vault key); a reset keeps them. */
export type RecurrenceType = 'weekly' | 'biweekly' | 'monthly' | 'custom';
export type PlanStatus = 'active' | 'inactive';
export type PlanPaymentMethod = 'credit_card' | 'pix';

/** A merchant's subscription plan (`plans/`); `recurrence_interval` (months) iff `custom`. */
export interface SubscriptionPlansTable {
  id: string;
  merchant_id: string;
  name: string;
  price_cents: number;
  currency: string;
  recurrence_type: RecurrenceType;
  recurrence_interval: number | null;
  end_date: Timestamp | null;
  buyer_message: string;
  payment_methods: Json<PlanPaymentMethod[]>;
  status: PlanStatus;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A plan's image: the bytes as uploaded, judged PNG or JPEG by their magic bytes. */
export interface PlanImagesTable {
  plan_id: string;
  merchant_id: string;
  content_type: 'image/png' | 'image/jpeg';
  bytes: ColumnType<Buffer, Uint8Array, Uint8Array>;
  byte_size: number;
  /** Hex SHA-256 of the bytes: its prefix names the image's URL, so a new image is a new URL. */
  sha256: string;
  created_at: CreatedAt;
}

/** A pending deactivation of a plan with active subscriptions; the token only as its hash. */
export interface PlanConfirmationsTable {
  token_hash: string;
  plan_id: string;
  merchant_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export type SubscriptionStatus =
  | 'pending_activation'
  | 'active'
  | 'cancelled'
  | 'paused'
  | 'expired';
export type CancellationType = 'requested' | 'plan_deactivated' | 'payment_failed';

/** A customer on a plan (`subscriptions/`), charged on `card_id`; times on the merchant's clock. */
export interface SubscriptionsTable {
  id: string;
  merchant_id: string;
  plan_id: string;
  customer_id: string;
  card_id: string;
  status: SubscriptionStatus;
  billing_day: number;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  /** When the next renewal falls due; null while nothing is scheduled (not active). */
  next_billing_at: Timestamp | null;
  failed_attempts: ColumnType<number, number | undefined, number>;
  cancelled_at: Timestamp | null;
  cancellation_type: CancellationType | null;
  paused_at: Timestamp | null;
  refunded: ColumnType<boolean, boolean | undefined, boolean>;
  metadata: Json<Record<string, string>>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The charge of the latest payment attempt (first period, renewal or retry). */
  latest_charge_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SandboxSettingsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/**
 * A merchant's idempotency key (`idempotency/`, migration 0013): the claim of the request that
 * runs it, then its answer for replays. Times on the merchant's clock but `claimed_at`.
 */
export interface IdempotencyKeysTable {
  merchant_id: string;
  key: string;
  /** Method, path and body of the request that claimed the key (`idempotency/rules.ts`). */
  fingerprint: string;
  /** Names the claiming request: only it stores or releases the row. */
  claim: string;
  /** Real time: a claim left running this long by a process that died is taken over. */
  claimed_at: Timestamp;
  /** The answer's status; null while the request runs. */
  status_code: number | null;
  content_type: string | null;
  body: Uint8Array | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** What a fault rule does to a request it matches (`faults/`, migration 0014). */
export type FaultAction = { status: number; body?: unknown } | { delayMs: number } | { drop: true };

/**
 * A merchant's fault rule. `seen`: the requests it was tried on (its seeded draws are a function
 * of the count, `faults/rules.ts`); `hits`: those it answered.
 */
export interface SandboxFaultsTable {
  id: string;
  merchant_id: string;
  method: string | null;
  path: string;
  action: Json<FaultAction>;
  probability: ColumnType<number, number | undefined, number>;
  times: number | null;
  seed: string | null;
  hits: ColumnType<number, number | undefined, number>;
  seen: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  /** Creation order: rules are tried in it. */
  seq: ColumnType<number, never, never>;
}

/** One request of a merchant to `/v1` or `/sandbox`, redacted (`requests/`, migration 0014). */
export interface SandboxRequestsTable {
  id: string;
  merchant_id: string;
  /** Real time, when the request arrived. */
  at: Timestamp;
  method: string;
  path: string;
  query: Json<Record<string, string | string[]>>;
  /** Null: no answer was sent (a dropped connection). */
  status: number | null;
  duration_ms: number;
  fault_id: string | null;
  idempotent_replayed: boolean;
  request_body: ColumnType<unknown, string | null, string | null>;
  response_body: ColumnType<unknown, string | null, string | null>;
  seq: ColumnType<number, never, never>;
}

/** A merchant's own API latency (`latency/`); no row: the host's default. */
export interface MerchantLatencyTable {
  merchant_id: string;
  ms: number;
}

export interface Schema {
  merchants: MerchantsTable;
  merchant_latency: MerchantLatencyTable;
  logins: LoginsTable;
  api_keys: ApiKeysTable;
  merchant_clocks: MerchantClocksTable;
  balance_entries: BalanceEntriesTable;
  payout_requests: PayoutRequestsTable;
  fees: FeesTable;
  subscription_plans: SubscriptionPlansTable;
  plan_images: PlanImagesTable;
  plan_confirmations: PlanConfirmationsTable;
  subscriptions: SubscriptionsTable;
  customers: CustomersTable;
  cards: CardsTable;
  authentications: AuthenticationsTable;
  charges: ChargesTable;
  events: EventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  sandbox_settings: SandboxSettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  sandbox_faults: SandboxFaultsTable;
  sandbox_requests: SandboxRequestsTable;
}

/** Tables whose rows belong to one merchant. */
export type TenantTable = {
  [K in keyof Schema]: Schema[K] extends { merchant_id: string } ? K : never;
}[keyof Schema];

export type MerchantRow = Selectable<MerchantsTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type PayoutRequestRow = Selectable<PayoutRequestsTable>;
export type PlanRow = Selectable<SubscriptionPlansTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewCustomerRow = Insertable<CustomersTable>;
export type CardRow = Selectable<CardsTable>;
export type NewCardRow = Insertable<CardsTable>;
export type AuthenticationRow = Selectable<AuthenticationsTable>;
