import { ApiError, badRequest, type ErrorBody, ownError } from '../kernel/http/errors';

/**
 * Throwaway merchants' decisions: how long one lives, how many may live at once, who may delete
 * which, and in what order a merchant's rows leave the tables.
 */

/** A throwaway merchant lives 24 hours (real time, not its clock: a clock advance keeps it). */
export const THROWAWAY_TTL_MS = 24 * 60 * 60 * 1000;
/** Live throwaway masters at once: a hosted sandbox stays bounded. */
export const MAX_LIVE_THROWAWAYS = 1_000;
/** Expired throwaway merchants removed by each creation (the sweep; see `store.ts`). */
export const SWEEP_PER_CREATION = 2;

export const expiresAtOf = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + THROWAWAY_TTL_MS);

export const isExpired = (expiresAt: Date | null, now: Date): boolean =>
  expiresAt !== null && expiresAt.getTime() <= now.getTime();

export const capReached = (cap: number): ErrorBody => ({
  statusCode: 429,
  message: `at most ${cap} throwaway merchants may be live at once: delete one (DELETE /sandbox/merchants/{id}) or wait until one expires`,
  error: 'Too Many Requests',
});

/** One more may be made while fewer than `cap` are live. */
export function mustHaveRoom(live: number, cap: number): void {
  if (live >= cap) throw new ApiError(capReached(cap));
}

export const merchantNotFound = (): ErrorBody => ownError(404, 'merchant not found');

/** What deleting needs to know of the merchant named in the path. */
export interface DeletionTarget {
  id: string;
  kind: 'master' | 'sub';
  expiresAt: Date | null;
}

/**
 * Only the merchant itself deletes itself: another merchant's key gets the 404 of a resource it
 * does not own (whether or not the id exists). A seeded account is kept (400), and a throwaway
 * merchant's sub-merchant goes with its master.
 */
export function mustBeDeletable(callerId: string, id: string, target?: DeletionTarget): void {
  if (callerId !== id || target === undefined) throw new ApiError(merchantNotFound());
  if (target.expiresAt === null) {
    throw new ApiError(
      badRequest(
        `merchant ${id} is a seeded account and cannot be deleted: only throwaway merchants (POST /sandbox/merchants) can`,
      ),
    );
  }
  if (target.kind === 'sub') {
    throw new ApiError(
      badRequest(
        `merchant ${id} is a throwaway merchant's sub-merchant: it is deleted with its master`,
      ),
    );
  }
}

/** A foreign key: rows of `child` name rows of `parent`. */
export interface Reference {
  child: string;
  parent: string;
}

/**
 * The order to empty `tables` of a merchant's rows: a table before every table it references,
 * so no foreign key is broken on the way. A table naming itself (a sub-merchant's master) is
 * emptied in one statement; tables caught in a cycle, if any, come last in their given order.
 */
export function deletionOrder(
  tables: readonly string[],
  references: readonly Reference[],
): string[] {
  const pending = new Set(tables);
  const edges = references.filter(
    (r) => r.child !== r.parent && pending.has(r.child) && pending.has(r.parent),
  );
  const order: string[] = [];
  for (;;) {
    // A table nobody still pending references may go now.
    const free = [...pending].filter(
      (table) => !edges.some((r) => r.parent === table && pending.has(r.child)),
    );
    if (free.length === 0) break;
    for (const table of free.sort()) {
      order.push(table);
      pending.delete(table);
    }
  }
  return [...order, ...pending];
}
