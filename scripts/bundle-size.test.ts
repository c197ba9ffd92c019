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

  it('the headless engine pulls in zod/mini and no Preact; the UI is a lazy chunk', async () => {
    const { inputs, lazy } = await measure(HEADLESS_ENTRY);
    expect(inputs.some((path) => path.includes('node_modules/zod/'))).toBe(true);
    expect(
      inputs.filter((path) => /node_modules\/(preact|@preact)\/|src\/ui\//.test(path)),
    ).toEqual([]);
    expect(lazy).toEqual(['./ui/mount']);
  });

  it('the whole drop-in stays within its ceiling', async () => {
    const { gzip, inputs } = await measure(DROP_IN_ENTRY);
    expect(inputs.some((path) => path.includes('src/ui/checkout-form.tsx'))).toBe(true);
    expect(verdict(gzip, CEILINGS.dropIn)).toBe(
      `${gzip} B gzip within the ceiling of ${CEILINGS.dropIn} B`,
    );
  });
});
