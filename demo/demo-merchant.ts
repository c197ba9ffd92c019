import type { MerchantSettings } from './merchant/routes';
import type { ThrowawayMerchant } from './service/merchants/schema';
import type { ThrowawayMerchantStore } from './service/merchants/store';

/**
 * The demo shop on a throwaway merchant of its own (`startSandbox({ demoMerchant: 'throwaway' })`,
 * `SANDBOX_DEMO_MERCHANT=throwaway`): made at start through the same store as
 * `POST /sandbox/merchants`, replaced an hour before its 24 hours run out, deleted on close. The
 * merchant server reads the keys on each request, so a renewal needs no restart.
 */

/** How long before its expiry the next merchant takes over. */
export const RENEW_BEFORE_MS = 60 * 60 * 1000;
/** After a failed renewal, the next try (the current merchant still has up to an hour). */
export const RETRY_MS = 60 * 1000;
/** What closing waits for at most: a renewal under way, the deletions. */
export const CLOSE_LIMIT_MS = 5_000;
/** Node fires a longer timeout at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const DEMO_MERCHANT_NAME = 'Demo shop (throwaway)';

/** Runs `run` once after `ms`; answers its cancel. Tests give their own. */
export type RenewalTimer = (run: () => void, ms: number) => () => void;

const realTimer: RenewalTimer = (run, ms) => {
  const handle = setTimeout(run, ms);
  // The servers keep the process alive; the renewal alone must not.
  handle.unref();
  return () => clearTimeout(handle);
};

export interface DemoMerchantOptions {
  log: (line: string) => void;
  /** The real time its expiry is judged by: the store's (`throwaway.now`), default `Date.now`. */
  now?: () => number;
  timer?: RenewalTimer;
}

/** Settles with `work`, or after `ms` whatever `work` does; the timer is cleared either way. */
async function within(ms: number, work: Promise<unknown>): Promise<void> {
  let cancel = () => {};
  const limit = new Promise<void>((resolve) => {
    const handle = setTimeout(resolve, ms);
    cancel = () => clearTimeout(handle);
  });
  try {
    await Promise.race([work.then(() => undefined), limit]);
  } finally {
    cancel();
  }
}

export class ThrowawayDemoMerchant {
  private current: ThrowawayMerchant;
  /** Made and not deleted yet: the current one and the one it replaced, until close. */
  private readonly made: ThrowawayMerchant[];
  private cancel: () => void = () => {};
  private renewing: Promise<void> | undefined;
  private closed = false;
  private readonly now: () => number;
  private readonly timer: RenewalTimer;

  private constructor(
    private readonly store: ThrowawayMerchantStore,
    first: ThrowawayMerchant,
    private readonly options: DemoMerchantOptions,
  ) {
    this.current = first;
    this.made = [first];
    this.now = options.now ?? Date.now;
    this.timer = options.timer ?? realTimer;
  }

  static async start(
    store: ThrowawayMerchantStore,
    options: DemoMerchantOptions,
  ): Promise<ThrowawayDemoMerchant> {
    const demo = new ThrowawayDemoMerchant(
      store,
      await store.create({ name: DEMO_MERCHANT_NAME }),
      options,
    );
    options.log(
      `demo merchant: throwaway merchant ${demo.current.id} until ${demo.current.expiresAt}`,
    );
    demo.schedule();
    return demo;
  }

  /** The merchant whose keys the demo holds now. */
  get merchant(): ThrowawayMerchant {
    return this.current;
  }

  /** The merchant server's settings, its keys read at each use (a renewal changes them). */
  settings(accounts: MerchantSettings['accounts']): MerchantSettings {
    const demo = this;
    return {
      get publishableKey() {
        return demo.current.publishableKey;
      },
      get secretKey() {
        return demo.current.secretKey;
      },
      accounts,
    };
  }

  private schedule(): void {
    this.arm(Date.parse(this.current.expiresAt) - RENEW_BEFORE_MS - this.now());
  }

  private arm(ms: number): void {
    this.cancel = this.timer(
      () => {
        this.renewing = this.renew().finally(() => {
          this.renewing = undefined;
        });
      },
      Math.min(Math.max(ms, 0), MAX_TIMER_MS),
    );
  }

  /**
   * The next merchant takes over. The one it replaces lives on to its expiry (a page loaded
   * before may still be paying with its publishable key) and is deleted on close or swept.
   */
  private async renew(): Promise<void> {
    let next: ThrowawayMerchant;
    try {
      next = await this.store.create({ name: DEMO_MERCHANT_NAME });
    } catch (error) {
      this.options.log(
        `demo merchant: renewal failed (${String(error)}); next try in ${RETRY_MS / 1000} s`,
      );
      if (!this.closed) this.arm(RETRY_MS);
      return;
    }
    const now = this.now();
    // Expired ones are the sweep's (each creation removes some): not ours to delete any more.
    for (const old of [...this.made]) {
      if (Date.parse(old.expiresAt) <= now) this.made.splice(this.made.indexOf(old), 1);
    }
    this.made.push(next);
    if (this.closed) return;
    const old = this.current;
    this.current = next;
    this.options.log(
      `demo merchant: renewed as throwaway merchant ${next.id} until ${next.expiresAt} (${old.id} expires at ${old.expiresAt})`,
    );
    this.schedule();
  }

  /**
   * After `POST /sandbox/reset`, which removed every throwaway merchant: a new one at once, so
   * the demo's keys never stay refused. Answers once it holds the new keys (or gave up for now).
   */
  async afterReset(): Promise<void> {
    if (this.closed) return;
    this.cancel();
    await this.renewing;
    this.made.splice(0);
    await this.renew();
  }

  /** Stops renewing and deletes what it made; settles within `CLOSE_LIMIT_MS` whatever happens. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cancel();
    const work = (async () => {
      await this.renewing;
      for (const merchant of this.made.splice(0)) {
        try {
          await this.store.remove(merchant.id, merchant.id);
        } catch (error) {
          this.options.log(`demo merchant: ${merchant.id} not deleted (${String(error)})`);
        }
      }
    })();
    await within(CLOSE_LIMIT_MS, work);
  }
}
