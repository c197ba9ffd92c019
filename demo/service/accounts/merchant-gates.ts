import type { Context } from 'hono';
import type { ApiEnv } from './api-env';

/**
 * A step every request of a merchant goes through once its credentials are checked and before
 * the operation runs (a fault that answers instead, an idempotent replay). It calls `next` to go
 * on, or answers a `Response` without calling it: then the operation does not run (anything
 * else it resolves to is ignored).
 */
export type MerchantGate = (c: Context<ApiEnv>, next: () => Promise<void>) => Promise<unknown>;

/**
 * The gates `requireKey` and `requireToken` run, in the order they were added, between a
 * request's authentication and its operation: the one place a per-merchant test tool hooks in,
 * so no route has to remember it.
 */
export class MerchantGates {
  private readonly gates: MerchantGate[] = [];

  add(gate: MerchantGate): void {
    this.gates.push(gate);
  }

  async run(c: Context<ApiEnv>, next: () => Promise<void>): Promise<void> {
    const step = async (index: number): Promise<void> => {
      const gate = this.gates[index];
      if (gate === undefined) return next();
      const answer = await gate(c, () => step(index + 1));
      // An answer instead of the operation: Hono sends what `c.res` holds.
      if (answer instanceof Response) c.res = answer;
    };
    await step(0);
  }
}
