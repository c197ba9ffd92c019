/**
 * What the composition root (demo/sandbox.ts) hands each app besides the service registry
 * (`registry.ts`): where the origins are, the log, the API's latency knob and the demo origin's
 * static roots. Settings of the running sandbox, not services: no store is reached through it.
 */

/** The real addresses, filled in once every server listens (ports may be ephemeral). */
export interface SandboxUrls {
  /** `http://127.0.0.1:<apiPort>` */
  api: string;
  /** `http://localhost:<threeDsPort>` */
  threeDs: string;
  /** `http://127.0.0.1:<demoPort>` */
  demo: string;
}

export interface SandboxHost {
  readonly urls: Readonly<SandboxUrls>;
  /** Every line with its control characters escaped (`kernel/log.ts`). */
  readonly log: (line: string) => void;
  /**
   * The latency of a merchant that never set its own (`PUT /sandbox/latency`, per merchant:
   * `latency/`); `X-Sandbox-Latency-Ms` overrides both per request.
   */
  readonly latencyMs: number;
  /** Static roots of the demo origin. */
  readonly pagesDir: string;
  readonly distDir: string;
  /** The framework examples built by Vite (`npm run build:examples`): `<name>/build/`. */
  readonly examplesDir: string;
}
