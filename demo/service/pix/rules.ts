import type { Change, Charge, ChargeEvent } from '../charges/charge';
import { ApiError, badRequest } from '../kernel/http/errors';
import { brCode, txidOf } from './br-code';
import type { PixPayee } from './payee';

/**
 * The PIX rules of a charge, pure (the charge and the merchant's clock now in; its change out, or
 * a 400 naming why not). A PIX charge's life: created `pending` with its code, then `paid` (QA
 * pays it) or `expired` (its code's time ran out on the merchant's clock). Each is a change of the
 * charge, written by `charges/changes.ts` with its events.
 *
 * | from | to | when | events |
 * |---|---|---|---|
 * | (new) | pending | `POST /v1/charges` with `type: "pix"` | `charge.created`, `charge.pending` |
 * | pending | paid | `POST /sandbox/charges/{id}/pix/pay` before `expiresAt` | `charge.paid` |
 * | pending | expired | at `expiresAt`, however it is noticed | `charge.updated` (legacy) |
 */

/**
 * A new PIX charge, made at its `createdAt` on the merchant's clock: pending, with its BR Code and
 * its expiry. Answers the events it emits, in order.
 */
export function startPix(charge: Charge, payee: PixPayee, expiresInSeconds: number): ChargeEvent[] {
  charge.status = 'pending';
  charge.pix = {
    qrCode: brCode({
      key: payee.key,
      amountCents: charge.amountCents,
      merchantName: payee.name,
      merchantCity: payee.city,
      txid: txidOf(charge.id),
    }),
    expiresAt: new Date(charge.createdAt.getTime() + expiresInSeconds * 1000),
  };
  return ['charge.created', 'charge.pending'];
}

/** A pending PIX charge whose code has expired by `now` (the merchant's clock). */
export const isPixDue = (charge: Charge, now: Date): boolean =>
  charge.status === 'pending' &&
  charge.pix !== undefined &&
  charge.pix.expiresAt.getTime() <= now.getTime();

/**
 * The expiry of a due charge. It is timed at `expiresAt`, whenever it is noticed (a read, the
 * sweep, a clock advance), so the record says when it expired rather than when someone looked.
 */
export function expirePix(charge: Charge): Change {
  if (charge.pix === undefined) throw new Error(`charge ${charge.id} has no pix code`);
  charge.status = 'expired';
  charge.updatedAt = charge.pix.expiresAt;
  return { charge, events: ['charge.updated'] };
}

/** The charge's code, when it is a pending PIX charge; else 400 naming why `action` cannot be done. */
function pendingCode(charge: Charge, action: string): NonNullable<Charge['pix']> {
  const { id, status } = charge;
  if (charge.paymentMethod.type !== 'pix' || charge.pix === undefined) {
    throw new ApiError(
      badRequest(
        `charge ${id} is not a pix charge (its payment method is ${charge.paymentMethod.type})`,
      ),
    );
  }
  if (status === 'expired') {
    throw new ApiError(
      badRequest(
        `charge ${id} is expired: its pix code expired at ${charge.pix.expiresAt.toISOString()} and can no longer be ${action}`,
      ),
    );
  }
  if (status !== 'pending') {
    throw new ApiError(
      badRequest(
        `charge ${id} is not pending (status ${status}); only a pending pix charge can be ${action}`,
      ),
    );
  }
  return charge.pix;
}

/**
 * QA's payment of the charge's code at `now` on the merchant's clock: `paid`, with `charge.paid`
 * (the wallet's entry follows from it). 400 naming why the charge cannot be paid.
 */
export function payPix(charge: Charge, now: Date): Change {
  pendingCode(charge, 'paid');
  charge.status = 'paid';
  charge.paidAt = now;
  charge.updatedAt = now;
  return { charge, events: ['charge.paid'] };
}

/**
 * QA ends a pending code at `now` instead of waiting for it (`POST /sandbox/charges/{id}/pix/
 * expire`): its `expiresAt` becomes now, and it expires as it would have then.
 */
export function expirePixNow(charge: Charge, now: Date): Change {
  pendingCode(charge, 'expired').expiresAt = now;
  return expirePix(charge);
}
