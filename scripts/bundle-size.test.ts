// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CEILINGS, DROP_IN_ENTRY, HEADLESS_ENTRY, measure } from './bundle-size';

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
    expect(lazy).toEqual(['./ui/mount', './pix/pix-step', './threeds/challenge-dialog']);
  });

  it('the whole drop-in stays within its ceiling', async () => {
    const { gzip, inputs } = await measure(DROP_IN_ENTRY);
    // The script tag carries everything up front, the challenge dialog included.
    for (const file of ['src/ui/checkout-form.tsx', 'src/threeds/challenge-dialog.ts'])
      expect(inputs).toContain(file);
    expect(verdict(gzip, CEILINGS.dropIn)).toBe(
      `${gzip} B gzip within the ceiling of ${CEILINGS.dropIn} B`,
    );
  });

  it('the drop-in leaves the PIX step and its QR encoder to their own file', async () => {
    const { inputs, lazy } = await measure(DROP_IN_ENTRY);
    expect(
      inputs.filter((path) => /src\/pix\/(pix-step|qr-svg)|node_modules\/lean-qr/.test(path)),
    ).toEqual([]);
    // Loaded by a script element with the pinned hash (src/pix/sibling-loader.ts), not import().
    expect(lazy).not.toContain('./pix/pix-step');
    expect(inputs).toContain('src/pix/sibling-loader.ts');
  });
});
