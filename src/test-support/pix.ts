import type { PixClock, PixModule } from '../pix/pix-module';
import type { PixCode } from '../types';

/** A static BR Code as pix-utils builds it (174 characters, CRC included). */
export const BR_CODE =
  '00020126730014br.gov.bcb.pix0136123e4567-e89b-12d3-a456-4266141740000211Pedido 12345204000053039865406120.505802BR5917LOJA EXEMPLO LTDA6009SAO PAULO62140510CHG7Q2K9X163042951';

/** The tests' "now": 2026-11-24T15:00:00Z. */
export const NOW = Date.parse('2026-11-24T15:00:00Z');

/** A pending PIX charge whose code expires `seconds` after NOW. */
export const pendingPixCharge = (seconds = 15 * 60, pix: Partial<PixCode> = {}) => ({
  id: 'ch_pix_1',
  status: 'pending',
  pix: { qrCode: BR_CODE, expiresAt: new Date(NOW + seconds * 1000).toISOString(), ...pix },
});

/**
 * A clock the test moves by hand: `after` callbacks run, in time order, as `advance` passes their
 * moment, and promises (a poll's answer) settle after each as they would.
 */
export function manualClock(start = NOW) {
  let now = start;
  let order = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: PixClock = {
    now: () => now,
    after(ms, run) {
      const id = ++order;
      timers.set(id, { at: now + Math.max(0, ms), run });
      return () => timers.delete(id);
    },
  };
  const due = (until: number) =>
    [...timers.entries()]
      .filter(([, timer]) => timer.at <= until)
      .sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
  return {
    clock,
    /** Timers still waiting: none once a step or a poll has ended. */
    pending: () => timers.size,
    now: () => now,
    /** Moves time on by `ms`; `around` runs each timer (e.g. inside Preact's act()). */
    async advance(ms: number, around = runAndSettle): Promise<void> {
      const until = now + ms;
      await around(() => {});
      for (let next = due(until); next; next = due(until)) {
        const [id, timer] = next;
        timers.delete(id);
        now = timer.at;
        await around(timer.run);
      }
      now = until;
      await around(() => {});
    },
  };
}

const runAndSettle = async (run: () => void) => {
  run();
  await settle();
};

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** The real PIX module, its steps on `clock`; `shown` counts the steps it showed. */
export function pixModuleOn(clock: PixClock) {
  const loaded = { shown: 0 };
  const load = async (): Promise<PixModule> => {
    const { showPixStep } = await import('../pix/pix-step');
    return {
      showPixStep: (container, input) => {
        loaded.shown++;
        return showPixStep(container, { ...input, clock });
      },
    };
  };
  return Object.assign(loaded, { load });
}
