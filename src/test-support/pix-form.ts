import { fireEvent } from '@testing-library/preact';
import { act } from 'preact/test-utils';
import { expect, vi } from 'vitest';
import type { MountOptions } from '../types';
import { type MountedUi, mountWithFakeEngine, noticeText, payButton } from './checkout-ui';
import { manualClock, pixModuleOn, settle } from './pix';

const inAct = (run: () => void) =>
  act(async () => {
    run();
    await settle();
  });

/** The form with PIX, the real PIX module on a manual clock. */
export function mountPix(overrides: Partial<MountOptions> = {}) {
  const time = manualClock();
  const pix = pixModuleOn(time.clock);
  const m = mountWithFakeEngine(
    { paymentMethods: ['card', 'pix'], ...overrides },
    {},
    { loadPix: vi.fn(pix.load) },
  );
  return { ...m, time, pix, advance: (ms: number) => time.advance(ms, inAct) };
}

export const choice = (m: MountedUi, name: 'Card' | 'PIX') =>
  m.ui.getByRole('button', { name }) as HTMLButtonElement;

export const qrImage = (m: MountedUi) => m.ui.queryByRole('img', { name: 'PIX QR code' });

/** Chooses PIX (when there is a choice), presses Pay and waits for the step or the outcome. */
export async function payWithPix(m: MountedUi): Promise<void> {
  if (m.ui.queryByRole('button', { name: 'PIX' })) fireEvent.click(choice(m, 'PIX'));
  fireEvent.click(payButton(m.root));
  await vi.waitFor(() => expect(qrImage(m) ?? (noticeText(m.root) || null)).not.toBeNull());
  await act(settle);
}
