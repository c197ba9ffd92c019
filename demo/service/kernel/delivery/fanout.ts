import { type RawBuilder, sql } from 'kysely';
import { ENDPOINT_MAX_ATTEMPTS, EVENT_KINDS, isPayoutEvent, PAYOUT_MAX_ATTEMPTS } from './kinds';

/** An event of a recording, as the endpoints' fan-out needs it. */
export interface FanoutEvent {
  eventId: string;
  merchantId: string;
  event: string;
  /** The resource whose deliveries go out in order (per endpoint). */
  resourceId: string;
}

const KINDS: ReadonlySet<string> = new Set(EVENT_KINDS);

/** Only the kinds endpoints subscribe to fan out (a test event goes to its endpoint alone). */
export const fansOut = (event: string): boolean => KINDS.has(event);

/**
 * One delivery per event × enabled endpoint of its merchant that takes its kind (or `*`), queued
 * now: an `INSERT … SELECT` over `webhook_endpoints`, run as a common table expression of the
 * recording's statement, so the endpoints are read in the same snapshot as the events are
 * written, with no round trip. Payout events get their channel's one attempt. Per endpoint, the
 * deliveries of one resource keep their order (`order_key`, and `seq` in the order of the events).
 */
export function endpointFanout(events: readonly FanoutEvent[], at: Date): RawBuilder<unknown> {
  const rows = events.map(
    (e, n) =>
      sql`(${n}::int, ${e.eventId}::text, ${e.merchantId}::text, ${e.event}::text, ${e.resourceId}::text, ${isPayoutEvent(e.event) ? 'payout' : 'endpoint'}::text, ${isPayoutEvent(e.event) ? PAYOUT_MAX_ATTEMPTS : ENDPOINT_MAX_ATTEMPTS}::int)`,
  );
  return sql`insert into webhook_deliveries
      (id, merchant_id, event_id, endpoint_id, channel, url, status, attempts, max_attempts,
       next_attempt_at, order_key, created_at, updated_at)
    select 'whd_' || substr(md5(random()::text || v.event_id || e.id), 1, 24), e.merchant_id,
      v.event_id, e.id, v.channel, e.url, 'queued', 0, v.max_attempts, ${at}, e.id || ':' || v.resource_id,
      ${at}, ${at}
    from webhook_endpoints e
    join (values ${sql.join(rows)}) as v(n, event_id, merchant_id, kind, resource_id, channel, max_attempts)
      on e.merchant_id = v.merchant_id
    where e.enabled
      and (e.events @> jsonb_build_array(v.kind) or e.events @> '["*"]'::jsonb)
    order by e.id, v.n
    returning id`;
}
