/**
 * A webhook receiver for the sandbox's tests: records each POST (time, content type, JSON body)
 * and answers it with the next planned status (200 when none is left), or never (`hang`).
 */

import { createServer, type Server } from 'node:http';

export interface ReceivedEvent {
  id: string;
  event: string;
  livemode?: boolean;
  data: { id: string; status: string } & Record<string, unknown>;
}

export interface Received {
  at: number;
  /** The request's path and query (one receiver can stand for several URLs: `/hook?a`). */
  path: string;
  contentType: string | undefined;
  body: ReceivedEvent;
}

export class EventReceiver {
  readonly received: Received[] = [];
  plan: number[] = [];
  hang = false;
  url = '';
  private server: Server | undefined;
  /** Told of each POST as it arrives (`waitFor`). */
  private readonly arrivals = new Set<() => void>();

  /** Listens on a free port of `host` (another loopback address tests allowed hosts). */
  async start(host = '127.0.0.1'): Promise<void> {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      req.on('end', () => {
        this.received.push({
          at: Date.now(),
          path: req.url ?? '',
          contentType: req.headers['content-type'],
          body: JSON.parse(text),
        });
        for (const arrived of this.arrivals) arrived();
        if (this.hang) return;
        res.writeHead(this.plan.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, host, resolve));
    const address = this.server.address();
    this.url = `http://${host}:${typeof address === 'object' && address ? address.port : 0}/hook`;
  }

  /** Forget what arrived; answer the next POSTs with `plan`. */
  reset(plan: number[] = []): void {
    this.received.length = 0;
    this.plan = plan;
    this.hang = false;
  }

  /**
   * The first POST `match` takes, already received or as it arrives (no polling: each arrival is
   * looked at once); rejects, naming what did arrive, when none has after `limitMs`.
   */
  waitFor(match: (delivery: Received) => boolean, limitMs: number): Promise<Received> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const found = this.received.find(match);
        if (found === undefined) return;
        stop();
        resolve(found);
      };
      const timer = setTimeout(() => {
        stop();
        const got = this.received.map((delivery) => delivery.body.event).join(', ') || 'nothing';
        reject(new Error(`no matching delivery within ${limitMs} ms (received: ${got})`));
      }, limitMs);
      const stop = () => {
        clearTimeout(timer);
        this.arrivals.delete(look);
      };
      this.arrivals.add(look);
      look();
    });
  }

  /** The events received for one charge, once `count` have arrived (at most 10 s). */
  async eventsOf(chargeId: string, count: number): Promise<ReceivedEvent[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const events = this.received
        .map((delivery) => delivery.body)
        .filter((event) => event.data.id === chargeId);
      if (events.length >= count || Date.now() > deadline) return events;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }

  /**
   * `eventsOf`, each event once: delivery is at least once, and on a loaded machine an attempt can
   * time out after the receiver got it, so the retry brings it again (same envelope `id`).
   */
  async distinctEventsOf(chargeId: string, count: number): Promise<ReceivedEvent[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const events = distinct(
        this.received
          .map((delivery) => delivery.body)
          .filter((event) => event.data.id === chargeId),
      );
      if (events.length >= count || Date.now() > deadline) return events;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** The first of each envelope `id`, in arrival order. */
export function distinct(events: readonly ReceivedEvent[]): ReceivedEvent[] {
  const seen = new Set<string>();
  return events.filter((event) => {
    if (seen.has(event.id)) return false;
    seen.add(event.id);
    return true;
  });
}
