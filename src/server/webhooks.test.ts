// @vitest-environment node
import { describe, expect, expectTypeOf, it } from 'vitest';
import { envelope, FAMILIES } from './webhook-fixtures';
import {
  parseWebhook,
  WEBHOOK_EVENTS,
  type WebhookCharge,
  type WebhookEvent,
  WebhookParseError,
  type WebhookParseErrorReason,
  type WebhookPayoutRequest,
} from './webhooks';

const EVERY_KIND = FAMILIES.flatMap((family) =>
  WEBHOOK_EVENTS[family].map((event) => [family, event] as const),
);

describe('parseWebhook: every kind of every family', () => {
  it('knows the kinds the service sends', () => {
    expect(EVERY_KIND).toHaveLength(5 + 7 + 2 + 2 + 1);
  });

  it.each(EVERY_KIND)(
    '%s: %s, from text, bytes, an ArrayBuffer or a parsed body',
    (family, event) => {
      const sent = envelope(event);
      const text = JSON.stringify(sent);
      const bytes = new TextEncoder().encode(text);
      const expected = { family, ...sent };
      expect(parseWebhook(text)).toEqual(expected);
      expect(parseWebhook(bytes)).toEqual(expected);
      expect(parseWebhook(bytes.buffer)).toEqual(expected);
      expect(parseWebhook(Buffer.from(text))).toEqual(expected);
      expect(parseWebhook(structuredClone(sent))).toEqual(expected);
    },
  );

  it('passes the fields of data it does not know, drops those of the envelope', () => {
    const sent = { ...envelope('charge.paid', { acquirer: { nsu: '42' } }), extra: 1 };
    const parsed = parseWebhook(sent);
    expect(parsed.data).toMatchObject({ acquirer: { nsu: '42' } });
    expect(parsed).not.toHaveProperty('extra');
  });

  it('accepts a status the service may add later, a BOM, and an envelope with livemode true', () => {
    const sent = { ...envelope('charge.updated', { status: 'chargeback' }), livemode: true };
    expect(parseWebhook(`\uFEFF${JSON.stringify(sent)}`)).toMatchObject({
      livemode: true,
      data: { status: 'chargeback' },
    });
  });

  it('types data by event and family', () => {
    const webhook = parseWebhook(envelope('charge.paid')) as WebhookEvent;
    if (webhook.event === 'charge.paid') expectTypeOf(webhook.data).toEqualTypeOf<WebhookCharge>();
    if (webhook.family === 'payout') {
      expectTypeOf(webhook.data).toEqualTypeOf<WebhookPayoutRequest>();
      expectTypeOf(webhook).not.toHaveProperty('livemode');
    }
    expect(webhook.family).toBe('charge');
  });
});

const RESOURCE_ID_PAYOUT = { ...envelope('payout.approved'), id: 'po_2' };

/** Each rejection: what was sent, the reason, the message. */
const REJECTIONS: Array<[string, unknown, WebhookParseErrorReason, string | RegExp]> = [
  ['an empty body', '', 'body', 'the webhook body is empty'],
  ['white space', new TextEncoder().encode(' \n'), 'body', 'the webhook body is empty'],
  ['text that is not JSON', 'event=charge.paid', 'body', /^the webhook body is not JSON \(/],
  [
    'bytes that are not UTF-8',
    new Uint8Array([0x7b, 0xff, 0x7d]),
    'body',
    'the webhook body is not UTF-8 text',
  ],
  ['a JSON array', '[]', 'body', 'the webhook body must be a JSON object, got an array'],
  ['JSON null', 'null', 'body', 'the webhook body must be a JSON object, got null'],
  ['a JSON number', '42', 'body', 'the webhook body must be a JSON object, got 42'],
  [
    'a JSON string',
    '"charge.paid"',
    'body',
    'the webhook body must be a JSON object, got a string',
  ],
  [
    'a Request not read',
    new Request('https://shop.example/hook', { method: 'POST', body: '{}' }),
    'body',
    'the webhook body must be its text, its bytes or the parsed JSON, got a Request: read the body first (await request.text())',
  ],
  ['no event', { id: 'evt_1', livemode: false, data: {} }, 'event', 'the webhook has no event'],
  ['an event that is not a string', { event: 7 }, 'event', 'event must be a string, got 7'],
  [
    'an unknown event kind',
    { event: 'charge.captured' },
    'event',
    'unknown event kind "charge.captured"',
  ],
  ['an event in capitals', { event: 'CHARGE.PAID' }, 'event', 'unknown event kind "CHARGE.PAID"'],
  [
    'a long unknown event, cut short',
    { event: 'x'.repeat(100) },
    'event',
    `unknown event kind "${'x'.repeat(60)}…"`,
  ],
  [
    'a missing id',
    { ...envelope('charge.paid'), id: undefined },
    'envelope',
    'invalid charge.paid webhook: id is missing',
  ],
  [
    'an empty id',
    { ...envelope('subscription.renewed'), id: '' },
    'envelope',
    'invalid subscription.renewed webhook: id must not be empty',
  ],
  [
    'an id that is a number',
    { ...envelope('payout.rejected'), id: 12 },
    'envelope',
    'invalid payout.rejected webhook: id must be a string, got 12',
  ],
  [
    'livemode missing on a charge event',
    { ...envelope('charge.paid'), livemode: undefined },
    'envelope',
    'invalid charge.paid webhook: livemode is missing',
  ],
  [
    'livemode missing on a subscription event',
    { ...envelope('subscription.created'), livemode: undefined },
    'envelope',
    'invalid subscription.created webhook: livemode is missing',
  ],
  [
    'livemode a string',
    { ...envelope('webhook.test'), livemode: 'false' },
    'envelope',
    'invalid webhook.test webhook: livemode must be a boolean, got a string',
  ],
  [
    'livemode on a payout event',
    { ...envelope('payout.approved'), livemode: false },
    'envelope',
    'invalid payout.approved webhook: livemode is not part of the payout envelope',
  ],
  [
    'livemode on an account event',
    { ...envelope('merchant.updated'), livemode: false },
    'envelope',
    'invalid merchant.updated webhook: livemode is not part of the merchant envelope',
  ],
  [
    'a payout envelope whose id is not the request’s',
    RESOURCE_ID_PAYOUT,
    'envelope',
    'invalid payout.approved webhook: id "po_2" must be the payout request\'s id (data.id "po_1")',
  ],
  [
    'an account envelope with an event id',
    { ...envelope('merchant.approved'), id: 'evt_1' },
    'envelope',
    /must be the merchant's id \(data\.id "2aBcDeFgHiJkLmNoPqRsTuVwXyZ"\)$/,
  ],
  [
    'no data',
    { ...envelope('charge.created'), data: undefined },
    'envelope',
    'invalid charge.created webhook: data is missing',
  ],
  [
    'data an array',
    { ...envelope('merchant.updated'), data: [] },
    'envelope',
    'invalid merchant.updated webhook: data must be an object, got an array',
  ],
  [
    'a charge without its id',
    envelope('charge.refunded', { id: undefined }),
    'data',
    'invalid charge.refunded webhook: data.id is missing',
  ],
  [
    'a charge whose amount is text',
    envelope('charge.pending', { amount: '120.50' }),
    'data',
    'invalid charge.pending webhook: data.amount must be a number, got a string',
  ],
  [
    'a charge without status and currency',
    envelope('charge.updated', { status: undefined, currency: undefined }),
    'data',
    'invalid charge.updated webhook: data.status is missing; data.currency is missing',
  ],
  [
    'a subscription with a billing day of 1.5 and a metadata number',
    envelope('subscription.paused', { billingDay: 1.5, metadata: { order: 42 } }),
    'data',
    'invalid subscription.paused webhook: data.billingDay must be a whole number, got 1.5; data.metadata.order must be a string, got 42',
  ],
  [
    'a subscription without status',
    envelope('subscription.expired', { status: undefined }),
    'data',
    'invalid subscription.expired webhook: data.status is missing',
  ],
  [
    'a payout request without its merchant',
    envelope('payout.approved', { merchantId: undefined }),
    'data',
    'invalid payout.approved webhook: data.merchantId is missing',
  ],
  [
    'a merchant whose status is null',
    envelope('merchant.approved', { status: null }),
    'data',
    'invalid merchant.approved webhook: data.status must be a string, got null',
  ],
  [
    'problems in the envelope and in data, every one named',
    { ...envelope('charge.paid', { amount: null }), livemode: undefined },
    'envelope',
    'invalid charge.paid webhook: livemode is missing; data.amount must be a number, got null',
  ],
];

describe('parseWebhook: what it refuses', () => {
  it.each(REJECTIONS)('%s', (_name, body, reason, message) => {
    let thrown: unknown;
    try {
      parseWebhook(body as string);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WebhookParseError);
    const error = thrown as WebhookParseError;
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('WebhookParseError');
    expect(error.reason).toBe(reason);
    expect(error.message).toMatch(message);
  });

  it('names the event when it knew the kind, not otherwise', () => {
    const named = () => parseWebhook({ ...envelope('payout.rejected'), data: {} });
    expect(named).toThrow(expect.objectContaining({ event: 'payout.rejected', reason: 'data' }));
    expect(() => parseWebhook({ event: 'nope' })).toThrow(
      expect.objectContaining({ event: undefined, reason: 'event' }),
    );
  });
});
