// @vitest-environment node
/**
 * The timeout-then-retry path against a real sandbox: the service carries out a POST but its
 * answer never reaches the client (lost on the way, or too late); the client sends it again
 * under the same `Idempotency-Key` and gets the first answer, replayed. One charge.
 */
import { describe, expect, it } from 'vitest';
import { KEYS, useSandbox } from '../../demo/testing/sandbox';
import type { ChargeCreateRequest } from './api-types';
import { createServerClient, ServerApiError } from './index';

const t = useSandbox();

const chargeFor = (email: string): ChargeCreateRequest => ({
  amount: 42,
  currency: 'BRL',
  customer: { name: 'Retry Buyer', email },
  paymentMethod: {
    type: 'credit_card',
    number: '4111111111111111',
    holderName: 'Retry Buyer',
    expirationMonth: '12',
    expirationYear: '2030',
    cvv: '123',
    installments: 1,
  },
  items: [{ type: 'physical', name: 'Mug', quantity: 1, amount: 42 }],
});

/** How many charges the customer of `email` has, read in the sandbox's database. */
async function chargesOf(email: string): Promise<number> {
  const rows = await t.sandbox.database.db
    .selectFrom('charges')
    .innerJoin('customers', 'customers.id', 'charges.customer_id')
    .select('charges.id')
    .where('customers.email', '=', email)
    .execute();
  return rows.length;
}

interface Seen {
  key: string | null;
  status: number;
  replayed: string | null;
}

/**
 * The real fetch, but the first answer is lost after the service has carried the request out:
 * `lose: 'network'` throws as a reset connection would, `lose: 'late'` never settles (the
 * client's timeout ends the attempt). Each answer the service gave is recorded.
 */
function losingFetch(lose: 'network' | 'late') {
  const seen: Seen[] = [];
  const impl: typeof fetch = async (input, init) => {
    // The first request is carried out whatever the client's timeout does to it.
    const response = await fetch(input, seen.length === 0 ? { ...init, signal: null } : init);
    const headers = new Headers(init?.headers);
    seen.push({
      key: headers.get('Idempotency-Key'),
      status: response.status,
      replayed: response.headers.get('Idempotent-Replayed'),
    });
    if (seen.length > 1) return response;
    await response.arrayBuffer();
    if (lose === 'network') throw new TypeError('fetch failed: connection reset');
    return new Promise<Response>(() => {});
  };
  return { impl, seen };
}

const clientOn = (impl: typeof fetch, timeoutMs = 10_000) =>
  createServerClient({ secretKey: KEYS.secret, baseUrl: t.sandbox.apiUrl, fetch: impl, timeoutMs });

describe('a POST whose answer is lost is retried and acts once', () => {
  it.each([
    ['network', 'the connection fails after the service answered'],
    ['late', 'the answer comes after the timeout'],
  ] as const)('%s: %s: one charge, the retry replayed', async (lose, _why) => {
    const email = `lost-${lose}@example.com`;
    const { impl, seen } = losingFetch(lose);
    const charge = await clientOn(impl, lose === 'late' ? 3_000 : 10_000).charges.create(
      chargeFor(email),
    );
    expect(charge).toMatchObject({ status: 'paid', amount: 42 });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ status: 201, replayed: null });
    expect(seen[1]).toMatchObject({ status: 201, replayed: 'true', key: seen[0]?.key });
    expect(seen[0]?.key).toBeTruthy();
    expect(await chargesOf(email)).toBe(1);
  });

  it("the caller's key: a second call for the same order gets the same charge", async () => {
    const email = 'order-8812@example.com';
    const client = clientOn(fetch);
    const first = await client.charges.create(chargeFor(email), { idempotencyKey: 'order-8812' });
    const again = await client.charges.create(chargeFor(email), { idempotencyKey: 'order-8812' });
    expect(again).toEqual(first);
    expect(await chargesOf(email)).toBe(1);
  });

  it('the same key for another charge: the service refuses it (422)', async () => {
    const client = clientOn(fetch);
    await client.charges.create(chargeFor('order-9000@example.com'), { idempotencyKey: 'o-9000' });
    const error = await client.charges
      .create({ ...chargeFor('order-9000@example.com'), amount: 43 }, { idempotencyKey: 'o-9000' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerApiError);
    expect(error).toMatchObject({
      statusCode: 422,
      message: 'Idempotency-Key was used with another request',
    });
  });
});
