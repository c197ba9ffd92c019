/**
 * Webhooks for the merchant's server: `parseWebhook(body)` checks a delivery's envelope and its
 * `data` and answers a typed event, or throws `WebhookParseError`. Events carry no signature:
 * a parsed event is well formed, not authentic; confirm the state through the API before acting
 * (`docs/server.md#webhooks`). Web standards only (no Node built-ins): it runs on edge runtimes.
 */
import {
  checkEnvelope,
  type EnvelopeIssue,
  FAMILY_OF,
  RESOURCE_FAMILIES,
  type WebhookEvent,
  type WebhookFamily,
} from './webhook-schemas';

export * from './webhook-dedup';
export {
  type ChargeEventKind,
  type ChargeWebhook,
  type MerchantEventKind,
  type MerchantWebhook,
  type PayoutEventKind,
  type PayoutWebhook,
  type SubscriptionEventKind,
  type SubscriptionWebhook,
  type TestEventKind,
  type TestWebhook,
  WEBHOOK_EVENTS,
  type WebhookCharge,
  type WebhookChargeStatus,
  type WebhookEvent,
  type WebhookEventKind,
  type WebhookFamily,
  type WebhookMerchant,
  type WebhookMerchantStatus,
  type WebhookPayoutRequest,
  type WebhookPayoutStatus,
  type WebhookSubscription,
  type WebhookSubscriptionStatus,
  type WebhookTest,
} from './webhook-schemas';

/** What `parseWebhook` takes: the request's text or bytes, or a body a framework already parsed. */
export type WebhookBody = string | ArrayBuffer | ArrayBufferView | Record<string, unknown>;

/**
 * What was wrong: `body` (not UTF-8, not JSON, not an object), `event` (missing or unknown),
 * `envelope` (`id`, `livemode`, `data` itself), `data` (a field of the resource).
 */
export type WebhookParseErrorReason = 'body' | 'event' | 'envelope' | 'data';

/** A delivery that is not a well-formed event of a known kind. Answer it with a 400. */
export class WebhookParseError extends Error {
  override readonly name = 'WebhookParseError';

  constructor(
    readonly reason: WebhookParseErrorReason,
    message: string,
    /** The `event` the body named, when it named a known one. */
    readonly event?: string,
  ) {
    super(message);
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * How a value reads in a message: a number or a boolean itself, a text by its type only (it is
 * not repeated), an object by its class.
 */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'object') return `a ${typeof value}`;
  const name = Object.getPrototypeOf(value)?.constructor?.name;
  return name && name !== 'Object' ? `a ${name}` : 'an object';
}

/** A value quoted for a message, cut short: it came from whoever posted the body. */
const quoted = (value: string) =>
  JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);

/** What the resource envelope's `id` names, by family. */
const RESOURCE_NOUN: Partial<Record<WebhookFamily, string>> = {
  payout: 'payout request',
  merchant: 'merchant',
};

/** A request, a response, a stream or a promise: a body not read yet. */
const isUnread = (value: object) =>
  ['text', 'arrayBuffer', 'getReader', 'then'].some(
    (member) => typeof (value as Record<string, unknown>)[member] === 'function',
  );

/** The body as a JSON value: decoded and parsed when text or bytes, as it is otherwise. */
function read(body: unknown): unknown {
  let text: string;
  if (typeof body === 'string') {
    text = body;
  } else if (
    ArrayBuffer.isView(body) ||
    Object.prototype.toString.call(body) === '[object ArrayBuffer]'
  ) {
    try {
      text = decoder.decode(body as ArrayBuffer | ArrayBufferView);
    } catch {
      throw new WebhookParseError('body', 'the webhook body is not UTF-8 text');
    }
  } else {
    if (typeof body === 'object' && body !== null && isUnread(body)) {
      throw new WebhookParseError(
        'body',
        `the webhook body must be its text, its bytes or the parsed JSON, got ${kindOf(body)}: read the body first (await request.text())`,
      );
    }
    return body;
  }
  // A byte order mark: the decoder drops it from bytes, JSON.parse refuses it in text.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  if (text.trim() === '') throw new WebhookParseError('body', 'the webhook body is empty');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new WebhookParseError(
      'body',
      `the webhook body is not JSON (${(error as Error).message})`,
    );
  }
}

/** One issue in the repository's words: `data.amount must be a number, got a string`. */
function describeIssue(issue: EnvelopeIssue): string {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return `${path} is missing`;
    const expected = issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`;
    return `${path} must be ${expected.replace(/^a ([aeiou])/, 'an $1')}, got ${kindOf(issue.input)}`;
  }
  if (issue.code === 'too_small') return `${path} must not be empty`;
  return `${path} is not valid`;
}

/**
 * Checks a webhook delivery and answers it typed: the envelope of its family (standard for
 * charges, subscriptions and test sends; the resource's for payouts and account events), an
 * `event` of a known kind, and its `data`. Throws `WebhookParseError` for anything else, naming
 * every field at fault; it never answers part of a body. Unknown fields of `data` are kept as
 * they came; unknown fields of the envelope are dropped.
 *
 * @param body the request's text, its bytes (`Uint8Array`, `ArrayBuffer`, a Node `Buffer`), or a
 *   JSON body a framework already parsed
 */
export function parseWebhook(body: WebhookBody): WebhookEvent {
  const value = read(body);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WebhookParseError(
      'body',
      `the webhook body must be a JSON object, got ${kindOf(value)}`,
    );
  }
  const { event } = value as Record<string, unknown>;
  if (event === undefined) throw new WebhookParseError('event', 'the webhook has no event');
  if (typeof event !== 'string') {
    throw new WebhookParseError('event', `event must be a string, got ${kindOf(event)}`);
  }
  const family = FAMILY_OF.get(event);
  if (family === undefined) {
    throw new WebhookParseError('event', `unknown event kind ${quoted(event)}`);
  }
  const fail = (reason: WebhookParseErrorReason, problems: readonly string[]) =>
    new WebhookParseError(reason, `invalid ${event} webhook: ${problems.join('; ')}`, event);
  const resource = RESOURCE_FAMILIES.has(family);
  if (resource && (value as Record<string, unknown>).livemode !== undefined) {
    throw fail('envelope', [`livemode is not part of the ${family} envelope`]);
  }
  const checked = checkEnvelope(family, value);
  if (!checked.ok) {
    const { issues } = checked;
    const inData = issues.every((issue) => issue.path[0] === 'data' && issue.path.length > 1);
    throw fail(inData ? 'data' : 'envelope', issues.map(describeIssue));
  }
  const { id, data } = checked.envelope;
  if (resource && id !== data.id) {
    throw fail('envelope', [
      `id ${quoted(id)} must be the ${RESOURCE_NOUN[family]}'s id (data.id ${quoted(String(data.id))})`,
    ]);
  }
  return { family, ...checked.envelope } as WebhookEvent;
}
