import type { Kysely, Transaction } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import { type AlsoWrite, type CausingChange, recordEvents } from '../kernel/delivery/outbox';
import { ApiError, ownError } from '../kernel/http/errors';
import { expirePix, isPixDue } from '../pix/rules';
import { chargeEntry, refundEntry } from '../wallets/ledger';
import type { Change, Charge, ChargeEvent } from './charge';
import { CLOCK_OFFSET, changedColumns, chargesOf, clockNowOf, toCharge } from './rows';
import { chargeWire } from './wire';

/**
 * How a charge's change is written, whoever makes it (creation, resume-3ds, refund, a PIX payment
 * or expiry): the row, its events and what it moves in the wallet in one statement; and how a
 * change of an existing charge runs (`stepCharge`: its row locked, a due PIX code expired first).
 */

export const chargeNotFound = (id: string) =>
  new ApiError(ownError(404, `charge not found: ${id}`));

/**
 * The tenant's charge, its row locked until the transaction ends, and the merchant's clock now,
 * read by the same statement (exact, for what falls due on it).
 */
export async function lockedCharge(
  trx: Transaction<Schema>,
  tenant: Tenant,
  id: string,
): Promise<{ charge: Charge; now: Date }> {
  const row = await chargesOf(trx, tenant)
    .select(CLOCK_OFFSET)
    .where('charges.id', '=', id)
    .forUpdate('charges')
    .executeTakeFirst();
  if (row === undefined) throw chargeNotFound(id);
  return { charge: toCharge(row), now: clockNowOf(row) };
}

/**
 * Writes the charge's row (`write`), its events and what it moves in the merchant's wallet in
 * one statement. Every charge's events are recorded; a postbackUrl also queues their deliveries
 * (the worker is woken after the commit by the writer, kernel/delivery/outbox.ts).
 */
export async function recordChange(
  trx: Transaction<Schema>,
  tenant: Tenant,
  { charge, events }: Change,
  write: CausingChange<'charges'>,
): Promise<Charge> {
  const postback = charge.postbackUrl === undefined ? {} : { postbackUrl: charge.postbackUrl };
  // A PIX code and its expiry come in the creation's answer only, never in an event
  // (docs/sandbox-pix.md): the event's charge is the rest.
  const { pix: _code, ...data } = chargeWire(charge);
  await recordEvents(
    trx,
    events.map((event) => ({
      merchantId: tenant.merchantId,
      event,
      resourceType: 'charge',
      resourceId: charge.id,
      data,
      occurredAt: charge.updatedAt,
      ...postback,
    })),
    write,
    walletMoves(tenant, charge, events),
  );
  return charge;
}

/** An existing charge's change: its changed columns, with its events. */
export function saveChange(
  trx: Transaction<Schema>,
  tenant: Tenant,
  change: Change,
): Promise<Charge> {
  const columns = changedColumns(change.charge);
  return recordChange(trx, tenant, change, (db) =>
    db
      .updateTable('charges')
      .set(columns)
      .where('id', '=', change.charge.id)
      .where('merchant_id', '=', tenant.merchantId)
      .returning('id'),
  );
}

/** A charge that became paid adds its amount to the wallet; its refund takes it back. */
function walletMoves(tenant: Tenant, charge: Charge, events: readonly ChargeEvent[]): AlsoWrite[] {
  const money = {
    merchantId: tenant.merchantId,
    chargeId: charge.id,
    currency: charge.currency,
    amountCents: charge.amountCents,
  };
  if (events.includes('charge.paid') && charge.paidAt !== undefined) {
    return [chargeEntry({ ...money, paidAt: charge.paidAt })];
  }
  if (events.includes('charge.refunded') && charge.refundedAt !== undefined) {
    return [refundEntry({ ...money, refundedAt: charge.refundedAt })];
  }
  return [];
}

/**
 * One step of an existing charge, given it locked and the merchant's clock now: the change to
 * write, or nothing (a read). It refuses (throws) before it writes anything.
 */
export type Step = (
  trx: Transaction<Schema>,
  charge: Charge,
  now: Date,
) => Promise<Change | undefined>;

export interface StepDeps {
  db: Kysely<Schema>;
  log: (line: string) => void;
}

/**
 * `step` on the charge, in a transaction of its own, its row locked. A PIX code that expired by
 * the merchant's clock is expired first, and that expiry commits even when `step` then refuses
 * (it refuses an expired charge before writing anything). After the commit: the log lines
 * (`what` names the step's change).
 */
export async function stepCharge(
  { db, log }: StepDeps,
  tenant: Tenant,
  id: string,
  step: Step,
  what: (charge: Charge) => string,
): Promise<Charge> {
  let refusal: ApiError | undefined;
  let expired = false;
  let changed = false;
  const done = await inTransaction(db, async (trx): Promise<Charge> => {
    const { charge, now } = await lockedCharge(trx, tenant, id);
    let committed = charge;
    if (isPixDue(charge, now)) {
      committed = await saveChange(trx, tenant, expirePix(charge));
      expired = true;
    }
    let next: Change | undefined;
    try {
      next = await step(trx, charge, now);
    } catch (error) {
      if (!expired || !(error instanceof ApiError)) throw error;
      refusal = error;
      return committed;
    }
    if (next === undefined) return committed;
    changed = true;
    return saveChange(trx, tenant, next);
  });
  if (expired) log(`charge: ${id} expired (its pix code's time ran out)`);
  if (changed) log(`charge: ${id} ${what(done)}`);
  if (refusal !== undefined) throw refusal;
  return done;
}
