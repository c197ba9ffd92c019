/** A webhook receiver for the sandbox's tests: records each POST's JSON body, answers 200. */

import { createServer, type Server } from 'node:http';

export interface ReceivedEvent {
  id: string;
  event: string;
  livemode?: boolean;
  data: { id: string; status: string } & Record<string, unknown>;
}

export class EventReceiver {
  readonly received: ReceivedEvent[] = [];
  url = '';
  private server: Server | undefined;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      req.on('end', () => {
        this.received.push(JSON.parse(text));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  }

  /** The events received for one charge, once `count` have arrived (at most 10 s). */
  async eventsOf(chargeId: string, count: number): Promise<ReceivedEvent[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const events = this.received.filter((event) => event.data.id === chargeId);
      if (events.length >= count || Date.now() > deadline) return events;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
