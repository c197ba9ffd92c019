import { fireEvent, within } from '@testing-library/preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale as DialogLocale } from '../locale';
import { BR_CODE, manualClock, NOW, pendingPixCharge, settle } from '../test-support/pix';
import type { PixStepEnd, PixStepInput } from './pix-module';
import { showPixStep } from './pix-step';
import { PIX_CSS } from './pix-styles';
import { qrModules, qrPath } from './qr-svg';

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

const PENDING = { id: 'ch_pix_1', status: 'pending' };

/** Effects and promise callbacks run, as after a frame. */
const flush = () => act(settle);
/** `run` (a timer of the step) inside act(), its renders and effects done when it returns. */
const inAct = (run: () => void) =>
  act(async () => {
    run();
    await settle();
  });

/** The step in a container of an open shadow root, as the form has it; time on a manual clock. */
async function show(overrides: Partial<PixStepInput> = {}, expiresIn = 15 * 60) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  root.append(container);
  const time = manualClock();
  const controller = new AbortController();
  let end: PixStepEnd | undefined;
  let done!: Promise<PixStepEnd>;
  await inAct(() => {
    done = showPixStep(container, {
      charge: pendingPixCharge(expiresIn),
      locale: 'en',
      signal: controller.signal,
      clock: time.clock,
      ...overrides,
    }).then((value) => {
      end = value;
      return value;
    });
  });
  return {
    root,
    container,
    time,
    controller,
    done,
    end: () => end,
    ui: within(container),
    advance: (ms: number) => time.advance(ms, inAct),
    live: () => container.querySelector('.sr')?.textContent ?? '',
  };
}

type Shown = Awaited<ReturnType<typeof show>>;

/** Left behind by a step that ended: nothing. */
function expectGone(m: Shown) {
  expect(m.container.childNodes).toHaveLength(0);
  expect(m.time.pending()).toBe(0);
  expect(m.root.adoptedStyleSheets).toHaveLength(0);
}

describe('the PIX step', () => {
  it('draws the code as one SVG path, an image named "PIX QR code", no style attribute', async () => {
    const m = await show();
    const image = m.ui.getByRole('img', { name: 'PIX QR code' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    const paths = image.querySelectorAll('path');
    expect(paths).toHaveLength(1);
    const { size, path } = qrPath(qrModules(BR_CODE));
    expect(paths[0]?.getAttribute('d')).toBe(path);
    expect(image.getAttribute('viewBox')).toBe(`0 0 ${size} ${size}`);
    expect(m.container.querySelector('[style], style, img, image, foreignObject')).toBeNull();
    // Its styles come as a constructable stylesheet of the shadow root.
    expect(m.root.adoptedStyleSheets).toHaveLength(1);
    expect(m.root.adoptedStyleSheets[0]?.cssRules.length).toBe(PIX_CSS.split('}').length - 1);
  });

  it('shows the code in a read-only field labelled "PIX code", and the time left', async () => {
    const m = await show();
    const field = m.ui.getByLabelText('PIX code') as HTMLInputElement;
    expect(field.value).toBe(BR_CODE);
    expect(field.readOnly).toBe(true);
    expect(m.ui.getByText('The code expires in 15:00')).toBeTruthy();
    await m.advance(1000);
    expect(m.ui.getByText('The code expires in 14:59')).toBeTruthy();
    // The instructions have focus: the Pay button that had it is gone.
    expect(m.root.activeElement?.textContent).toMatch(/^Scan the QR code/);
  });

  it.each([
    ['pt-BR', 'QR code PIX', 'Código PIX', 'Copiar código', 'O código expira em 15:00'],
    ['es', 'Código QR PIX', 'Código PIX', 'Copiar código', 'El código vence en 15:00'],
  ] as const)('speaks %s', async (locale: DialogLocale, image, label, copy, expires) => {
    const m = await show({ locale });
    expect(m.ui.getByRole('img', { name: image })).toBeTruthy();
    expect(m.ui.getByLabelText(label)).toBeTruthy();
    expect(m.ui.getByRole('button', { name: copy })).toBeTruthy();
    expect(m.ui.getByText(expires)).toBeTruthy();
  });

  describe('"Copy code"', () => {
    it('writes the code to the clipboard and says so', async () => {
      const writeText = vi.fn(async () => {});
      vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
      const m = await show();
      fireEvent.click(m.ui.getByRole('button', { name: 'Copy code' }));
      await flush();
      expect(writeText).toHaveBeenCalledExactlyOnceWith(BR_CODE);
      expect(m.ui.getByText('Code copied.')).toBeTruthy();
    });

    it.each([
      ['no clipboard API', undefined],
      ['the clipboard refusing', { writeText: vi.fn(async () => Promise.reject(new Error('no'))) }],
    ])('%s: selects the code for the shopper to copy, and says so', async (_, clipboard) => {
      vi.stubGlobal('navigator', { ...navigator, clipboard });
      const m = await show();
      const field = m.ui.getByLabelText('PIX code') as HTMLInputElement;
      fireEvent.click(m.ui.getByRole('button', { name: 'Copy code' }));
      await flush();
      expect(m.root.activeElement).toBe(field);
      expect([field.selectionStart, field.selectionEnd]).toEqual([0, BR_CODE.length]);
      expect(
        m.ui.getByText("The code is selected: copy it with your device's copy command."),
      ).toBeTruthy();
    });
  });

  it('announces the countdown only at whole minutes of the last 10, and at 30 s; the expiry takes focus instead', async () => {
    const m = await show({}, 11 * 60 + 5);
    const said: string[] = [];
    let last = m.live();
    for (let s = 0; s < 11 * 60 + 5; s++) {
      await m.advance(1000);
      if (m.live() !== last) {
        last = m.live();
        said.push(last);
      }
    }
    expect(said).toEqual([
      '10 minutes left to pay',
      '9 minutes left to pay',
      '8 minutes left to pay',
      '7 minutes left to pay',
      '6 minutes left to pay',
      '5 minutes left to pay',
      '4 minutes left to pay',
      '3 minutes left to pay',
      '2 minutes left to pay',
      '1 minute left to pay',
      '30 seconds left to pay',
    ]);
    expect(m.root.activeElement?.textContent).toBe('This code has expired.');
    expect(m.ui.queryByText(/expires in/)).toBeNull();
  });

  it('without onPixStatus: the code and countdown, then "Generate a new code"', async () => {
    const m = await show({}, 90);
    await m.advance(89_000);
    expect(m.ui.getByText('The code expires in 00:01')).toBeTruthy();
    await m.advance(1000);
    expect(m.ui.queryByRole('img')).toBeNull();
    // The message takes focus (it is read out), and the one way on is the next Tab stop.
    const message = m.ui.getByText('This code has expired.');
    expect(m.root.activeElement).toBe(message);
    const again = m.ui.getByRole('button', { name: 'Generate a new code' });
    expect(message.nextElementSibling).toBe(again);
    expect(m.time.pending()).toBe(0);
    expect(m.end()).toBeUndefined();
    fireEvent.click(again);
    expect(await m.done).toEqual({ kind: 'new_code' });
    expectGone(m);
  });

  it('a code already expired shows the expired state at once', async () => {
    const m = await show({}, -5);
    expect(m.ui.getByRole('button', { name: 'Generate a new code' })).toBeTruthy();
    expect(m.ui.queryByLabelText('PIX code')).toBeNull();
  });

  describe('with onPixStatus', () => {
    it('polls with back-off until paid: the step ends with that charge, nothing left', async () => {
      const paid = { id: 'ch_pix_1', status: 'paid' };
      const onPixStatus = vi.fn(async () => (onPixStatus.mock.calls.length < 4 ? PENDING : paid));
      const m = await show({ onPixStatus });
      await m.advance(2000);
      expect(onPixStatus).toHaveBeenCalledExactlyOnceWith(pendingPixCharge());
      await m.advance(3000 + 4500);
      expect(onPixStatus).toHaveBeenCalledTimes(3);
      await m.advance(6750);
      expect(await m.done).toEqual({ kind: 'charge', charge: paid });
      expectGone(m);
    });

    it('the charge read `expired` → "Generate a new code" → the step ends with new_code', async () => {
      const onPixStatus = vi.fn(async () => ({ status: 'expired' }));
      const m = await show({ onPixStatus });
      await m.advance(2000);
      expect(m.root.activeElement).toBe(m.ui.getByText('This code has expired.'));
      expect(m.time.pending()).toBe(0);
      await m.advance(60_000);
      expect(onPixStatus).toHaveBeenCalledOnce();
      fireEvent.click(m.ui.getByRole('button', { name: 'Generate a new code' }));
      expect(await m.done).toEqual({ kind: 'new_code' });
      expectGone(m);
    });

    it('at expiry one last read decides; unpaid, the code has expired', async () => {
      const onPixStatus = vi.fn(async () => PENDING);
      const m = await show({ onPixStatus }, 60);
      await m.advance(59_000);
      expect(m.ui.getByText('The code expires in 00:01')).toBeTruthy();
      const reads = onPixStatus.mock.calls.length;
      await m.advance(1000);
      expect(onPixStatus).toHaveBeenCalledTimes(reads + 1);
      expect(m.ui.getByRole('button', { name: 'Generate a new code' })).toBeTruthy();
      expect(m.time.pending()).toBe(0);
    });

    it('keeps polling through failures, each one waiting longer', async () => {
      const onPixStatus = vi.fn(async () => Promise.reject(new Error('503')));
      const m = await show({ onPixStatus });
      await m.advance(2000 + 4000 + 8000);
      expect(onPixStatus).toHaveBeenCalledTimes(3);
      await m.advance(10_000 * 5);
      expect(onPixStatus).toHaveBeenCalledTimes(8);
      expect(m.end()).toBeUndefined();
      expect(m.ui.getByLabelText('PIX code')).toBeTruthy();
    });

    it('an answer that is no charge ends the step as a setup mistake', async () => {
      const m = await show({ onPixStatus: () => undefined });
      await m.advance(2000);
      expect(await m.done).toEqual({
        kind: 'invalid',
        message: 'onPixStatus must resolve with the charge',
      });
      expectGone(m);
    });

    it('stops on pagehide; pageshow from the back/forward cache starts it again', async () => {
      const onPixStatus = vi.fn(async () => PENDING);
      const m = await show({ onPixStatus });
      await m.advance(2000);
      expect(onPixStatus).toHaveBeenCalledOnce();
      dispatchEvent(new Event('pagehide'));
      await m.advance(60_000);
      expect(onPixStatus).toHaveBeenCalledOnce();
      // A pageshow that is not a restore (persisted false) changes nothing.
      dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
      await m.advance(60_000);
      expect(onPixStatus).toHaveBeenCalledOnce();
      dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
      await m.advance(2000);
      expect(onPixStatus).toHaveBeenCalledTimes(2);
      // The countdown went on meanwhile.
      expect(m.ui.getByText('The code expires in 12:56')).toBeTruthy();
    });
  });

  it('an aborted signal (destroy()) ends it: `ended`, nothing left, no more reads', async () => {
    const onPixStatus = vi.fn(() => new Promise(() => {}));
    const removed = vi.spyOn(window, 'removeEventListener');
    const m = await show({ onPixStatus });
    await m.advance(2000);
    m.controller.abort();
    expect(await m.done).toEqual({ kind: 'ended' });
    expectGone(m);
    expect(removed.mock.calls.map(([type]) => type)).toEqual(
      expect.arrayContaining(['pagehide', 'pageshow']),
    );
    await m.advance(60_000);
    expect(onPixStatus).toHaveBeenCalledOnce();
  });

  it('a signal already aborted shows nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const m = await show({ signal: controller.signal });
    expect(await m.done).toEqual({ kind: 'ended' });
    expectGone(m);
  });

  it.each([
    [{ status: 'pending' }, 'The pending charge has no valid pix: pix must be an object'],
    [
      pendingPixCharge(60, { qrCode: 'x'.repeat(3000) }),
      'The pending charge has no valid pix: pix.qrCode must be the BR Code, 1 to 512 characters',
    ],
  ])('a charge without a valid pix (%#) draws nothing: invalid', async (charge, message) => {
    const m = await show({ charge });
    expect(await m.done).toEqual({ kind: 'invalid', message });
    expectGone(m);
  });

  it('the next code after new_code shows in the same container, the countdown anew', async () => {
    const m = await show({}, 1);
    await m.advance(1000);
    fireEvent.click(m.ui.getByRole('button', { name: 'Generate a new code' }));
    await m.done;
    let next!: Promise<PixStepEnd>;
    await inAct(() => {
      next = showPixStep(m.container, {
        charge: pendingPixCharge(30 * 60 + (m.time.now() - NOW) / 1000),
        locale: 'en',
        signal: m.controller.signal,
        clock: m.time.clock,
      });
    });
    expect(m.ui.getByText('The code expires in 30:00')).toBeTruthy();
    m.controller.abort();
    expect(await next).toEqual({ kind: 'ended' });
    expectGone(m);
  });
});
