/** Helpers of the subscriptions' tests: a creation body, a subscription made, its events. */

import type { Subscription } from '../service/subscriptions/schema';
import { rawCard } from './charges';
import { KEYS, type TestSandbox } from './sandbox';

export const PATH = '/v1/subscriptions';

/** The issuer declines a charge on this test card (after a frictionless authentication). */
export const DECLINED_CARD = '4000000000000150';

/** A valid creation body on `planId`; `overrides` replace fields (`undefined` removes one). */
export const subscriptionBody = (planId: string, overrides: Record<string, unknown> = {}) =>
  Object.fromEntries(
    Object.entries({
      planId,
      customer: { name: 'Assinante Teste', email: 'assinante@example.com' },
      paymentMethod: rawCard(),
      ...overrides,
    }).filter(([, value]) => value !== undefined),
  );

/** Subscribes (Loja Exemplo unless `key` says otherwise); fails unless 201. */
export async function createSubscription(
  t: TestSandbox,
  planId: string,
  overrides: Record<string, unknown> = {},
  key: string = KEYS.secret,
): Promise<Subscription> {
  const reply = await t.api<Subscription>(PATH, {
    key,
    body: subscriptionBody(planId, overrides),
  });
  if (reply.status !== 201) throw new Error(`not subscribed: ${reply.status} ${reply.text}`);
  return reply.body;
}

/** A subscription's events as stored, in order: names and envelopes. */
export async function subscriptionEvents(t: TestSandbox, id: string) {
  const rows = await t.sandbox.database.db
    .selectFrom('events')
    .select(['event', 'resource_type', 'envelope'])
    .where('resource_id', '=', id)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    event: row.event,
    resourceType: row.resource_type,
    envelope: (typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope) as {
      id: string;
      event: string;
      livemode: boolean;
      data: Subscription;
    },
  }));
}
