// @vitest-environment node
import type { Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CEILINGS, DROP_IN_ENTRY, HEADLESS_ENTRY, measure } from './bundle-size';

/**
 * src/challenge-container.ts as if there were no inline challenge: the same exports, doing
 * nothing (every flow takes the modal; no option is checked).
 */
const withoutInlineChecks: Plugin = {
  name: 'without-inline-checks',
  setup(plugin) {
    plugin.onLoad({ filter: /src[\\/]challenge-container\.ts$/ }, () => ({
      contents: `export const CHALLENGE_IN = Symbol();
export const containerRule = (value) => value;
export const findChallengeContainer = () => undefined;`,
      loader: 'js',
    }));
  },
};

const verdict = (size: number, ceiling: number) =>
  `${size} B gzip ${size <= ceiling ? 'within' : 'OVER'} the ceiling of ${ceiling} B`;

describe('size budgets (esbuild, minified, gzip -9)', () => {
  it('the headless engine stays within its ceiling', async () => {
    const { gzip } = await measure(HEADLESS_ENTRY);
    expect(verdict(gzip, CEILINGS.headless)).toBe(
      `${gzip} B gzip within the ceiling of ${CEILINGS.headless} B`,
    );
  });

  it('the headless engine has no Preact; the UI and the challenge dialog are lazy chunks', async () => {
    const { inputs, lazy } = await measure(HEADLESS_ENTRY);
    // No validation library: src/checks.ts does the checking.
    expect(inputs.filter((path) => path.includes('node_modules/'))).toEqual([]);
    expect(
      inputs.filter((path) =>
        /node_modules\/(preact|@preact)\/|src\/ui\/|challenge-(dialog|styles)|dialog-labels/.test(
          path,
        ),
      ),
    ).toEqual([]);
    expect(lazy).toEqual(['./ui/mount', './threeds/challenge-dialog', './pix/pix-step']);
  });

  it('the whole drop-in stays within its ceiling', async () => {
    const { gzip, inputs } = await measure(DROP_IN_ENTRY);
    // The script tag carries the form up front; the challenge dialog and PIX come from files
    // of their own (below).
    expect(inputs).toContain('src/ui/checkout-form.tsx');
    expect(verdict(gzip, CEILINGS.dropIn)).toBe(
      `${gzip} B gzip within the ceiling of ${CEILINGS.dropIn} B`,
    );
  });

  it('the inline challenge adds at most 300 B gzip to the drop-in: its checks; it renders in the challenge file', async () => {
    const full = await measure(DROP_IN_ENTRY);
    const without = await measure(DROP_IN_ENTRY, undefined, { plugins: [withoutInlineChecks] });
    expect(full.inputs).toContain('src/challenge-container.ts');
    const cost = full.gzip - without.gzip;
    expect(cost).toBeGreaterThan(0); // the stand-in did replace the checks
    expect(verdict(cost, CEILINGS.inlineChallenge)).toBe(
      `${cost} B gzip within the ceiling of ${CEILINGS.inlineChallenge} B`,
    );
  });

  it('the drop-in leaves the challenge dialog, the PIX step and its QR encoder to their own files', async () => {
    const { inputs, lazy } = await measure(DROP_IN_ENTRY);
    expect(
      inputs.filter((path) =>
        /src\/pix\/(pix-step|qr-svg)|node_modules\/lean-qr|challenge-(dialog|styles)|window-size/.test(
          path,
        ),
      ),
    ).toEqual([]);
    // Loaded by script elements with the pinned hashes (src/sibling-loader.ts), not import().
    expect(lazy).toEqual([]);
    expect(inputs).toContain('src/sibling-loader.ts');
  });

  it('the server client (secure-checkout/server) is in no browser bundle', async () => {
    for (const entry of [DROP_IN_ENTRY, HEADLESS_ENTRY]) {
      const { inputs } = await measure(entry);
      expect(inputs.filter((path) => path.startsWith('src/server/'))).toEqual([]);
    }
  });
});
