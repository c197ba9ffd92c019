import type { DeliveryChannel } from '../kernel/db/schema';
import { TEST_EVENT } from '../kernel/delivery/kinds';
import { ApiError, badRequest } from '../kernel/http/errors';

/**
 * A resend's decisions. An event goes again to every enabled endpoint that takes its kind now
 * (`requeueEvent`, kernel/delivery/outbox.ts, finds them); of its earlier deliveries, these
 * channels are copied too: its postback URL, and for a test event the one endpoint it was for.
 */
export const resentChannels = (event: string): readonly DeliveryChannel[] =>
  event === TEST_EVENT ? ['postback', 'endpoint'] : ['postback'];

/** A resend that queued nothing: 400 saying there is nowhere to send it. */
export function mustHaveSomewhereToGo(queued: number, id: string, event: string): void {
  if (queued === 0) {
    throw new ApiError(
      badRequest(
        `event ${id} has nowhere to go: no enabled endpoint takes ${event}, and it had no postback`,
      ),
    );
  }
}
