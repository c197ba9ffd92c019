import type { CardStore } from './cards/store';
import type { ChargeStore } from './charges/store';
import type { CustomerStore } from './customers/store';
import type { DeliveryWorker } from './kernel/delivery/worker';
import type { SubscriptionStore } from './subscriptions/store';
import type { AuthenticationStore } from './three-ds/store';
import type { EndpointStore } from './webhooks/endpoints-store';

/** The real addresses, filled in once every server listens (ports may be ephemeral). */
export interface SandboxUrls {
  /** `http://127.0.0.1:<apiPort>` */
  api: string;
  /** `http://localhost:<threeDsPort>` */
  threeDs: string;
  /** `http://127.0.0.1:<demoPort>` */
  demo: string;
}

/** Everything the three apps share; the stores of `platform.ts` keep their state in the database. */
export interface SandboxContext {
  readonly urls: SandboxUrls;
  readonly log: (line: string) => void;
  /**
   * Default delay of every API response; `X-Sandbox-Latency-Ms` overrides it per request.
   * Changed at runtime by `PUT /sandbox/latency`.
   */
  latencyMs: number;
  readonly customers: CustomerStore;
  readonly cards: CardStore;
  readonly authentications: AuthenticationStore;
  readonly charges: ChargeStore;
  readonly subscriptions: SubscriptionStore;
  /** The webhook delivery queue's worker: `wake()` it after a commit that queued deliveries. */
  readonly webhooks: DeliveryWorker;
  /** The dashboard's webhook endpoints. */
  readonly webhookEndpoints: EndpointStore;
  /** Static roots of the demo origin. */
  readonly pagesDir: string;
  readonly distDir: string;
}
