/**
 * What the lazy PIX module (src/pix/pix-step.tsx) offers the form: one function, so it can be
 * a chunk of the ESM build (src/index.ts) or a file of its own beside the script tag
 * (src/global.ts), with its own copy of Preact. Plain data crosses it both ways: no class of
 * ours (a second copy of CheckoutError would fail `instanceof`), so the form makes the errors.
 */
import type { Locale } from '../locale';
import type { MountOptions } from '../types';

/** Time, for the countdown and the polling; tests give their own. */
export interface PixClock {
  now(): number;
  /** Calls `run` once after `ms`; the function returned cancels it. */
  after(ms: number, run: () => void): () => void;
}

export interface PixStepInput {
  /** The `pending` charge onCharge resolved with: its `pix` is checked here. */
  charge: unknown;
  /** The form's language (src/locale.ts). */
  locale: Locale;
  onPixStatus?: MountOptions['onPixStatus'];
  /** Aborted by destroy(): the step ends (`ended`). */
  signal: AbortSignal;
  /** @default Date.now and setTimeout */
  clock?: PixClock;
}

/** How one code's step ended; by then `container` is empty, every timer and listener gone. */
export type PixStepEnd =
  /** onPixStatus read the charge no longer pending (`paid`, `failed`…): judged as onCharge's. */
  | { kind: 'charge'; charge: unknown }
  /** The code expired and the shopper asked for another: onCharge again. */
  | { kind: 'new_code' }
  /** A setup mistake (no valid `pix`, an answer that is no charge), for onError. */
  | { kind: 'invalid'; message: string }
  /** `signal` was aborted. */
  | { kind: 'ended' };

export interface PixModule {
  /**
   * Shows the charge's PIX code in `container` (inside the form's shadow root, whose custom
   * properties it reads) until the step ends; after `new_code`, again with the next charge.
   */
  showPixStep(container: HTMLElement, input: PixStepInput): Promise<PixStepEnd>;
}
