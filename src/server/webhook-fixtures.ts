/** Webhook envelopes as the sandbox sends them, for the tests of src/server/webhook*.ts. */
import { WEBHOOK_EVENTS, type WebhookEventKind, type WebhookFamily } from './webhooks';

// `data` of each family, as the sandbox sends it (webhooks-sandbox.test.ts parses real ones).
export const DATA: Record<WebhookFamily, Record<string, unknown>> = {
  charge: {
    id: 'ch_1',
    status: 'paid',
    amount: 120.5,
    currency: 'BRL',
    livemode: false,
    customer: { id: 'cus_1', name: 'Ana Souza', email: 'ana@example.com', documentId: '' },
    paymentMethod: { type: 'credit_card', brand: 'visa', last4: '1111', installments: 1 },
    items: [{ type: 'physical', name: 'Mug', quantity: 1, amount: 120.5 }],
    createdAt: '2026-11-27T10:20:42.558Z',
    updatedAt: '2026-11-27T10:20:42.558Z',
    paidAt: '2026-11-27T10:20:42.558Z',
  },
  subscription: {
    id: 'sub_1',
    status: 'active',
    planId: 'plan_1',
    customerId: 'cus_1',
    merchantId: '2aBcDeFgHiJkLmNoPqRsTuVwXyZ',
    plan: { name: 'Plano', price: 29.9, currency: 'BRL' },
    customer: { name: 'Ana Souza', email: 'ana@example.com' },
    billingDay: 27,
    currentPeriodStart: '2026-11-27T10:20:42.558Z',
    currentPeriodEnd: '2026-12-27T10:20:42.558Z',
    nextBillingAt: '2026-12-27T10:20:42.558Z',
    pausedAt: null,
    cancelledAt: null,
    cancellationType: null,
    refunded: false,
    failedAttempts: 0,
    latestChargeId: 'ch_1',
    metadata: { order: '42' },
    createdAt: '2026-11-27T10:20:42.558Z',
    updatedAt: '2026-11-27T10:20:42.558Z',
  },
  payout: {
    id: 'po_1',
    merchantId: '2aBcDeFgHiJkLmNoPqRsTuVwXyZ',
    amount: 10,
    currency: 'BRL',
    payoutFee: 2,
    netAmount: 8,
    status: 'approved',
    externalAccountDetails: { type: 'pix', pixKey: '11222333000181' },
    rejectionReason: null,
    processedAt: '2026-11-27T10:20:42.558Z',
    createdAt: '2026-11-27T10:20:42.558Z',
    updatedAt: '2026-11-27T10:20:42.558Z',
    merchantLegalName: 'Sub Ativa Ltda',
    merchantEmail: 'sub@sandbox.test',
  },
  merchant: {
    id: '2aBcDeFgHiJkLmNoPqRsTuVwXyZ',
    status: 'active',
    tradeName: 'Sub Ativa',
    legalName: 'Sub Ativa Ltda',
    companyTaxId: '11222333000181',
    approvedAt: '2026-11-27T10:20:42.558Z',
    inactivatedAt: null,
    metrics: { totalVolume: 0, splitBalance: 0, splitRate: 0 },
    createdAt: '2026-11-27T10:20:42.558Z',
  },
  test: { endpointId: 'we_1', url: 'https://shop.example/hook', message: 'a test' },
};

export const FAMILIES = Object.keys(WEBHOOK_EVENTS) as WebhookFamily[];
const RESOURCE: ReadonlySet<WebhookFamily> = new Set(['payout', 'merchant']);

/** An envelope of `event` as the service sends it: the resource's id, or an event id. */
export function envelope(event: WebhookEventKind, data: Record<string, unknown> = {}) {
  const family = FAMILIES.find((f) => (WEBHOOK_EVENTS[f] as readonly string[]).includes(event));
  if (family === undefined) throw new Error(`no family for ${event}`);
  const merged = { ...DATA[family], ...data };
  return RESOURCE.has(family)
    ? { id: merged.id as string, event, data: merged }
    : { id: 'evt_0123456789abcdef01234567', event, livemode: false, data: merged };
}
