import { newId, nowIso, sleep } from '../ids';

/** The spec's standard envelope (charges). */
export interface EventEnvelope<T = unknown> {
  id: string;
  event: string;
  livemode: false;
  data: T;
}

/** One delivery attempt, as `GET /sandbox/deliveries` lists it. */
export interface DeliveryAttempt {
  eventId: string;
  event: string;
  url: string;
  attempt: number;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why the attempt failed without a status (network, timeout) or was refused. */
  error?: string;
  delivered: boolean;
  at: string;
  durationMs: number;
}

export interface WebhookOptions {
  /** Back-off before attempt n+1 is `backoffMs * 2^(n-1)`: 1 s, 2 s (4 s) by default. */
  backoffMs: number;
  /** An attempt that takes longer fails as a timeout. */
  timeoutMs: number;
  /** The spec's legacy postback: up to 3 attempts. */
  maxAttempts: number;
  log: (line: string) => void;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The sandbox never sends traffic off this machine: http(s) on loopback hosts only. */
export function isLoopbackUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      LOOPBACK_HOSTS.has(url.hostname) &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * Delivers events by HTTP POST with the spec's retry rule: a status >= 400, a network error or a
 * timeout is retried, up to `maxAttempts` in all, with exponential back-off. Events of one key
 * (a charge) are delivered in order.
 */
export class WebhookDispatcher {
  readonly attempts: DeliveryAttempt[] = [];
  private readonly queues = new Map<string, Promise<void>>();
  private readonly controller = new AbortController();

  constructor(private readonly options: WebhookOptions) {}

  send<T>(url: string, event: string, data: T, orderKey: string): EventEnvelope<T> {
    const envelope: EventEnvelope<T> = { id: newId('evt'), event, livemode: false, data };
    const previous = this.queues.get(orderKey) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(url, envelope));
    this.queues.set(orderKey, next);
    void next.finally(() => {
      if (this.queues.get(orderKey) === next) this.queues.delete(orderKey);
    });
    return envelope;
  }

  /** Resolves when every queued delivery (retries included) has ended. */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  /** Stops retries and in-flight attempts. */
  close(): void {
    this.controller.abort();
  }

  private async deliver(url: string, envelope: EventEnvelope): Promise<void> {
    const { maxAttempts, backoffMs } = this.options;
    if (!isLoopbackUrl(url)) {
      this.record(envelope, url, 1, Date.now(), {
        error: 'refused: the sandbox only delivers to http(s) URLs on 127.0.0.1 or localhost',
      });
      return;
    }
    const body = JSON.stringify(envelope);
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (this.controller.signal.aborted) return;
      const started = Date.now();
      const delivered = await this.attempt(url, body, envelope, attempt, started);
      if (delivered || attempt === maxAttempts) return;
      await sleep(backoffMs * 2 ** (attempt - 1), this.controller.signal);
    }
  }

  private async attempt(
    url: string,
    body: string,
    envelope: EventEnvelope,
    attempt: number,
    started: number,
  ): Promise<boolean> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'payments-sandbox-webhooks' },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([this.controller.signal, timeout]),
      });
      await response.arrayBuffer().catch(() => undefined);
      return this.record(envelope, url, attempt, started, { status: response.status });
    } catch (error) {
      if (this.controller.signal.aborted) return true;
      const message = timeout.aborted
        ? `timeout after ${this.options.timeoutMs} ms`
        : `network error: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
      return this.record(envelope, url, attempt, started, { error: message });
    }
  }

  private record(
    envelope: EventEnvelope,
    url: string,
    attempt: number,
    started: number,
    outcome: { status: number } | { error: string },
  ): boolean {
    const delivered = 'status' in outcome && outcome.status < 400;
    this.attempts.push({
      eventId: envelope.id,
      event: envelope.event,
      url,
      attempt,
      ...outcome,
      delivered,
      at: nowIso(),
      durationMs: Date.now() - started,
    });
    const result = 'status' in outcome ? `HTTP ${outcome.status}` : outcome.error;
    this.options.log(`webhook: ${envelope.event} ${envelope.id} attempt ${attempt} → ${result}`);
    return delivered;
  }
}
