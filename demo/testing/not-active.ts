/** Helpers of the tests of the rule "a sub-merchant that is not active may not bill". */

import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { ADMIN_EMAIL } from '../service/accounts/seed';
import type { Schema } from '../service/kernel/db/schema';
import { answerErrors } from './openapi-answers';
import type { Reply, TestSandbox } from './sandbox';

export const NOT_ACTIVE = {
  statusCode: 422,
  message: 'sub-merchant is not active',
  error: 'Unprocessable Entity',
};

/**
 * Every table, checked by the compiler: a new table must be added here to be compared (false:
 * not compared; the request log records every request of a merchant, refused ones included).
 */
const TABLES: Record<keyof Schema, boolean> = {
  merchants: true,
  merchant_latency: true,
  logins: true,
  api_keys: true,
  merchant_clocks: true,
  balance_entries: true,
  payout_requests: true,
  fees: true,
  subscription_plans: true,
  plan_images: true,
  plan_confirmations: true,
  subscriptions: true,
  customers: true,
  cards: true,
  authentications: true,
  charges: true,
  events: true,
  webhook_endpoints: true,
  webhook_deliveries: true,
  webhook_attempts: true,
  sandbox_settings: true,
  idempotency_keys: true,
  sandbox_faults: true,
  sandbox_requests: false,
};

/** Every row of every table, each table's rows sorted: equal dumps mean nothing was written. */
export async function dumpDatabase(db: Kysely<Schema>): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of (Object.keys(TABLES) as Array<keyof Schema>).filter((t) => TABLES[t])) {
    const rows = await db.selectFrom(table).selectAll().execute();
    dump[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return dump;
}

/** The administrator sets a sub-merchant's status (`POST /sandbox/submerchants/{id}/status`). */
export async function setSubMerchantStatus(t: TestSandbox, id: string, status: string) {
  const reply = await t.as(ADMIN_EMAIL, `/sandbox/submerchants/${id}/status`, {
    body: { status },
  });
  if (reply.status !== 200) throw new Error(`status not set: ${reply.status} ${reply.text}`);
}

/** Replies of refused requests, each with its operation ("POST /v1/charges"). */
export type Refusals = Array<[operation: string, reply: Reply<unknown>]>;

/**
 * Each reply is the 422 `sub-merchant is not active`, as `/openapi.json` documents it for its
 * operation. Compared all at once, so a failure lists every operation that was not refused.
 */
export async function expectNotActive(t: TestSandbox, refusals: Refusals) {
  expect(refusals.map(([operation, reply]) => [operation, reply.status, reply.body])).toEqual(
    refusals.map(([operation]) => [operation, 422, NOT_ACTIVE]),
  );
  for (const [operation, reply] of refusals) {
    expect(await answerErrors(t, operation, 422, reply.body), operation).toEqual([]);
  }
}
