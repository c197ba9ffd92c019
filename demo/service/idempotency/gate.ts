import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { ApiEnv } from '../accounts/authenticate';
import type { MerchantGate } from '../accounts/merchant-gates';
import type { MerchantClocks } from '../kernel/clock';
import type { Schema } from '../kernel/db/schema';
import { ApiError } from '../kernel/http/errors';
import {
  fingerprint,
  IDEMPOTENCY_HEADER,
  inProgress,
  isKept,
  mustBeValidKey,
  REPLAYED_HEADER,
  repeatOf,
  takesKey,
  usedWithAnotherRequest,
} from './rules';
import type { IdempotencyStore, KeptRow } from './store';

/** Expired keys are purged at most this often per process, a bounded batch each time. */
export const PURGE_EVERY_MS = 60_000;

export interface IdempotencyGateOptions {
  store: IdempotencyStore;
  clocks: MerchantClocks;
  db: Kysely<Schema>;
  log: (line: string) => void;
}

/** The request's bytes, leaving them readable for the route. */
async function bodyOf(c: Context<ApiEnv>): Promise<Uint8Array> {
  // No body: reading `c.req.raw` would build a web Request for nothing (kernel/http/middleware.ts).
  const hasBody =
    c.req.header('Transfer-Encoding') !== undefined ||
    Number(c.req.header('Content-Length') ?? 0) > 0;
  if (!hasBody) return new Uint8Array();
  // A body nobody read yet may be read from the raw request by its route (the plan image's
  // multipart): a copy is read, the original stays whole. One read already (a JSON body, by
  // kernel/http/text-check.ts) is in hono's cache.
  const raw = c.req.raw;
  return new Uint8Array(await (raw.bodyUsed ? c.req.arrayBuffer() : raw.clone().arrayBuffer()));
}

/** The first answer again, byte for byte, marked as a replay. */
function replay(kept: KeptRow): Response {
  const headers = new Headers({ [REPLAYED_HEADER]: 'true' });
  if (kept.contentType !== null) headers.set('Content-Type', kept.contentType);
  const body = kept.body === null || kept.body.length === 0 ? null : new Uint8Array(kept.body);
  return new Response(body, { status: kept.statusCode ?? 200, headers });
}

/**
 * The merchant gate of `Idempotency-Key` (`accounts/merchant-gates.ts`): a `POST`, `PATCH` or
 * `DELETE` under `/v1` with the header claims the key in the database before its operation runs,
 * then keeps the answer; a repeat gets that answer again, 422 with another request, 409 while the
 * first runs (`rules.ts`). The claim is one `INSERT … ON CONFLICT` (`store.ts`), so two
 * connections or two processes never both run a key. A 500 or more, or a thrown error, gives the
 * key back. Requests without the header pass untouched.
 */
export function idempotencyGate({ store, clocks, db, log }: IdempotencyGateOptions): MerchantGate {
  let purgedAt = 0;
  const purgeWhenDue = async (): Promise<void> => {
    const at = Date.now();
    if (at - purgedAt < PURGE_EVERY_MS) return;
    purgedAt = at;
    try {
      await store.purge(new Date(at));
    } catch (error) {
      log(`idempotency: purge of expired keys failed: ${(error as Error).message}`);
    }
  };

  return async (c, next) => {
    const url = new URL(c.req.url);
    const header = c.req.header(IDEMPOTENCY_HEADER);
    const principal = c.get('principal');
    // The administrator is no merchant: its keys would have no owner (it has no gate anyway).
    if (
      header === undefined ||
      principal.role !== 'merchant' ||
      !takesKey(c.req.method, url.pathname)
    ) {
      await next();
      return undefined;
    }
    const key = mustBeValidKey(header);
    const merchantId = principal.merchant.id;
    const print = fingerprint(
      c.req.method,
      url.pathname + url.search,
      await bodyOf(c),
      c.req.header('Content-Type'),
    );
    const claim = randomUUID();
    // A key given back (or purged) between our claim and our read: claim again, a few times.
    for (let tries = 0; tries < 3; tries++) {
      const now = await clocks.now(merchantId, db);
      const claimed = await store.claim({
        merchantId,
        key,
        fingerprint: print,
        claim,
        now,
        at: new Date(),
      });
      if (!claimed) {
        const kept = await store.find(merchantId, key);
        if (kept === undefined) continue;
        const repeat = repeatOf(kept, print);
        if (repeat === 'another_request') throw new ApiError(usedWithAnotherRequest());
        if (repeat === 'in_progress') throw new ApiError(inProgress());
        return replay(kept);
      }
      try {
        await next();
      } catch (error) {
        await store.release(merchantId, key, claim).catch(() => {});
        throw error;
      }
      const answer = c.res;
      if (!isKept(answer.status)) {
        await store.release(merchantId, key, claim);
        return undefined;
      }
      try {
        const body = new Uint8Array(await answer.clone().arrayBuffer());
        const contentType = answer.headers.get('Content-Type');
        await store.keep(merchantId, key, claim, { statusCode: answer.status, contentType, body });
      } catch (error) {
        // The operation ran: its answer goes out. The claim stays (409 until it is stale) rather
        // than let a retry run the operation again.
        log(`idempotency: the answer under a key was not kept: ${(error as Error).message}`);
      }
      await purgeWhenDue();
      return undefined;
    }
    throw new ApiError(inProgress());
  };
}
