// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_NAME, RENEW_BEFORE_MS, type RenewalTimer } from './demo-merchant';
import { startSandbox } from './sandbox';
import { rawCard } from './testing/charges';
import { openTestDatabase } from './testing/database';
import { KEYS, SANDBOX_START_TIMEOUT_MS, useSandbox } from './testing/sandbox';
import { until } from './testing/until';

/** The real time the throwaway merchants' expiry is judged by, moved forward by the test. */
let offsetMs = 0;
const now = () => Date.now() + offsetMs;
/** The renewal's timers, fired by the test instead of waiting hours. */
interface FakeTimer {
  ms: number;
  state: 'armed' | 'fired' | 'cancelled';
  fire(): void;
}
const timers: FakeTimer[] = [];
const timer: RenewalTimer = (run, ms) => {
  const entry: FakeTimer = {
    ms,
    state: 'armed',
    fire() {
      entry.state = 'fired';
      run();
    },
  };
  timers.push(entry);
  return () => {
    if (entry.state === 'armed') entry.state = 'cancelled';
  };
};
const armed = () => timers.filter((entry) => entry.state === 'armed');

const lines: string[] = [];
const t = useSandbox({
  demoMerchant: 'throwaway',
  throwaway: { now },
  demoMerchantTimer: timer,
  log: (line) => lines.push(line),
});

const demoMerchant = () => {
  const merchant = t.sandbox.demoMerchant();
  if (merchant === undefined) throw new Error('the demo holds no throwaway merchant');
  return merchant;
};
const configKey = async () =>
  (await t.demo<{ publishableKey: string }>('/demo-config.json')).body.publishableKey;
const pay = () =>
  t.demo<{ id: string; status: string }>('/merchant/charges', {
    body: { cart: [{ sku: 'mug-350ml', quantity: 1 }], paymentMethod: rawCard() },
  });
const chargeStatus = async (id: string, key: string) =>
  (await t.api(`/v1/charges/${id}`, { key })).status;

describe("startSandbox({ demoMerchant: 'throwaway' })", () => {
  it('the merchant server and the pages hold a throwaway merchant: its charges are its own', async () => {
    const merchant = demoMerchant();
    expect(merchant.name).toBe(DEMO_MERCHANT_NAME);
    expect(merchant.secretKey).not.toBe(KEYS.secret);
    expect(await configKey()).toBe(merchant.publishableKey);

    const charge = await pay();
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    expect(charge.body.status).toBe('paid');
    expect(await chargeStatus(charge.body.id, merchant.secretKey)).toBe(200);
    // The seeded merchant's key does not see it: another merchant's charge.
    expect(await chargeStatus(charge.body.id, KEYS.secret)).toBe(404);
    // The QA routes pass the same key on: the charge's events are the throwaway merchant's.
    const events = await t.demo<{ data: unknown[] }>(`/merchant/charges/${charge.body.id}/events`);
    expect(events.status).toBe(200);
    expect(events.body.data.length).toBeGreaterThan(0);
  });

  it('is renewed an hour before it expires; the next one takes over without a restart', async () => {
    const first = demoMerchant();
    const [pending, ...others] = armed();
    expect(others).toEqual([]);
    if (pending === undefined) throw new Error('no renewal armed');
    const due = Date.parse(first.expiresAt) - RENEW_BEFORE_MS - now();
    expect(Math.abs(pending.ms - due)).toBeLessThan(5_000);
    expect(pending.ms).toBeGreaterThan(22 * 3_600_000);

    // The clock reaches the renewal, which runs.
    offsetMs += pending.ms;
    pending.fire();
    const key = await until(configKey, (value) => value !== first.publishableKey);
    const second = demoMerchant();
    expect(second.id).not.toBe(first.id);
    expect(key).toBe(second.publishableKey);
    expect(lines.some((line) => line.includes(`renewed as throwaway merchant ${second.id}`))).toBe(
      true,
    );

    // The one it replaced still works until it expires (a page loaded before may be paying).
    expect((await t.api('/v1/customers', { key: first.secretKey })).status).toBe(200);

    // The next renewal is armed for the new one.
    const next = armed();
    expect(next).toHaveLength(1);
    expect(next[0]?.ms).toBeGreaterThan(22 * 3_600_000);

    // Past the first one's expiry: its key answers 401, the demo's charges land on the second.
    offsetMs += RENEW_BEFORE_MS + 1_000;
    expect((await t.api('/v1/customers', { key: first.secretKey })).status).toBe(401);
    const charge = await pay();
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    expect(await chargeStatus(charge.body.id, second.secretKey)).toBe(200);
    expect(await chargeStatus(charge.body.id, KEYS.secret)).toBe(404);
  });

  it('takes a new one when a reset removed it, before the reset answers', async () => {
    const before = demoMerchant();
    const reset = await t.as('admin@sandbox.test', '/sandbox/reset', { method: 'POST' });
    expect(reset.status, reset.text).toBe(200);
    const after = demoMerchant();
    expect(after.id).not.toBe(before.id);
    expect(await configKey()).toBe(after.publishableKey);
    expect((await t.api('/v1/customers', { key: before.secretKey })).status).toBe(401);
    const charge = await pay();
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    expect(await chargeStatus(charge.body.id, after.secretKey)).toBe(200);
    // One renewal armed, for the new one.
    expect(armed()).toHaveLength(1);
  });
});

describe('closing a sandbox with a throwaway demo merchant', () => {
  it(
    'cancels the renewal and deletes the merchants it made; the default holds Loja Exemplo',
    async () => {
      const database = await openTestDatabase();
      const own: Array<{ cancelled: boolean }> = [];
      const sandbox = await startSandbox({
        apiPort: 0,
        threeDsPort: 0,
        demoPort: 0,
        database,
        demoMerchant: 'throwaway',
        demoMerchantTimer: (_run, _ms) => {
          const entry = { cancelled: false };
          own.push(entry);
          return () => {
            entry.cancelled = true;
          };
        },
      });
      const id = sandbox.demoMerchant()?.id ?? '';
      const rows = () =>
        database.db.selectFrom('merchants').select('id').where('parent_id', '=', id).execute();
      expect(await rows()).toHaveLength(1);
      await sandbox.close();
      expect(own.map((entry) => entry.cancelled)).toEqual([true]);
      const left = await database.db
        .selectFrom('merchants')
        .select('id')
        .where('id', '=', id)
        .execute();
      expect(left).toEqual([]);
      expect(await rows()).toEqual([]);

      // Without the option, on the same database: Loja Exemplo's keys, as before.
      const seeded = await startSandbox({ apiPort: 0, threeDsPort: 0, demoPort: 0, database });
      try {
        expect(seeded.demoMerchant()).toBeUndefined();
        const config = await (await fetch(`${seeded.demoUrl}/demo-config.json`)).json();
        expect(config.publishableKey).toBe(KEYS.publishable);
      } finally {
        await seeded.close();
        await database.close();
      }
    },
    SANDBOX_START_TIMEOUT_MS,
  );
});
