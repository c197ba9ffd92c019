import { describe, expect, it, vi } from 'vitest';
import { CHALLENGE_WINDOW_SIZES } from '../constants';
import { engineFrames, post, useFrameTestEnvironment } from '../test-support/frames';
import type { ChallengeWindowSize } from '../types';
import { type ChallengeRequest, showChallenge } from './challenge-dialog';
import { HOST_TAG } from './shadow-host';

const ORIGIN = 'http://localhost:4011';
const ID = 'auth_inline';
const DEADLINE = 600_000;

/** A laid-out container (happy-dom does no layout): `width` × `height` CSS pixels. */
function container(width = 400, height = 0): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = '<p>Order summary</p>';
  vi.spyOn(element, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(element, 'clientHeight', 'get').mockReturnValue(height);
  document.body.append(element);
  return element;
}

function open(room: HTMLElement, overrides: Partial<ChallengeRequest> = {}) {
  const onShown = vi.fn();
  const promise = showChallenge({
    url: new URL(`${ORIGIN}/3ds/challenge?authenticationId=${ID}`),
    authenticationId: ID,
    container: room,
    locale: 'en',
    timeoutMs: DEADLINE,
    signal: new AbortController().signal,
    onShown,
    ...overrides,
  });
  const host = room.querySelector(HOST_TAG);
  const dialog = host?.shadowRoot?.querySelector('dialog');
  const [iframe] = engineFrames();
  if (!host || !dialog || !iframe) throw new Error('nothing rendered in the container');
  const close = dialog.querySelector('button') as HTMLButtonElement;
  return { promise, host, dialog, iframe, close, onShown };
}

describe('the inline challenge', () => {
  const liveListeners = useFrameTestEnvironment();

  it('renders inside the container, after its content: not modal, nothing in the body itself', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const room = container();
    const { promise, host, dialog, iframe, close, onShown } = open(room);
    expect(host.parentElement).toBe(room);
    expect(room.firstElementChild?.textContent).toBe('Order summary');
    expect(host.hasAttribute('inline')).toBe(true);
    expect(document.body.querySelectorAll(`:scope > ${HOST_TAG}`)).toHaveLength(0);
    expect(dialog.open).toBe(true);
    expect(showModal).not.toHaveBeenCalled();
    // The modal's labels, Close button and frame.
    const title = dialog.querySelector(`#${dialog.getAttribute('aria-labelledby')}`);
    expect(title?.textContent).toBe('Confirm your payment');
    expect(close.getAttribute('aria-label')).toBe('Close');
    expect(iframe.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-forms allow-popups',
    );
    expect(onShown).toHaveBeenCalledOnce();
    close.click();
    await expect(promise).resolves.toBe('closed');
  });

  it.each(['01', '02', '03', '04'] as const)(
    'window size %s sizes the frame per EMV',
    async (size) => {
      const { promise, iframe, dialog, close } = open(container(800, 800), { windowSize: size });
      const [width, height] = CHALLENGE_WINDOW_SIZES[size];
      expect([iframe.width, iframe.height]).toEqual([String(width), String(height)]);
      expect(dialog.classList.contains('full')).toBe(false);
      close.click();
      await promise;
    },
  );

  it("window size '05' fills the container: no size of its own", async () => {
    const { promise, iframe, dialog, close } = open(container(), { windowSize: '05' });
    expect(dialog.classList.contains('full')).toBe(true);
    expect([iframe.getAttribute('width'), iframe.getAttribute('height')]).toEqual([null, null]);
    close.click();
    await promise;
  });

  it.each([
    [1200, 900, '03'],
    [700, 520, '04'],
    [420, 900, '05'],
    [1200, 0, '05'],
  ] as const)(
    'without a size, a %i × %i container gets %s (the viewport does not count)',
    async (width, height, expected) => {
      vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1920);
      vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(1080);
      const { promise, iframe, dialog, close } = open(container(width, height));
      const size = CHALLENGE_WINDOW_SIZES[expected as ChallengeWindowSize];
      expect(dialog.classList.contains('full')).toBe(size === null);
      if (size) expect([iframe.width, iframe.height]).toEqual([String(size[0]), String(size[1])]);
      close.click();
      await promise;
    },
  );

  it('comes into view as it shows (it may be below the fold); the modal does not scroll', async () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const { promise, dialog, close } = open(container());
    expect(scroll.mock.contexts).toEqual([dialog]);
    expect(scroll).toHaveBeenCalledWith({ block: 'nearest' });
    close.click();
    await promise;
    scroll.mockClear();
    const modal = showChallenge({
      url: new URL(`${ORIGIN}/3ds/challenge`),
      authenticationId: ID,
      timeoutMs: DEADLINE,
      signal: new AbortController().signal,
    });
    document.querySelector(HOST_TAG)?.shadowRoot?.querySelector('button')?.click();
    await modal;
    expect(scroll).not.toHaveBeenCalled();
  });

  it('moves focus to Close, and back where it was when it ends', async () => {
    const pay = document.createElement('button');
    document.body.append(pay);
    pay.focus();
    const { promise, close, iframe, host } = open(container());
    expect(document.activeElement).toBe(host);
    expect((close.getRootNode() as ShadowRoot).activeElement).toBe(close);
    post({ type: 'challenge_complete', authenticationId: ID }, ORIGIN, iframe.contentWindow);
    await expect(promise).resolves.toBe('completed');
    expect(document.activeElement).toBe(pay);
  });

  it('Esc while focus is on its header ends it as closed; other keys do not', async () => {
    const { promise, close, dialog } = open(container());
    close.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(dialog.isConnected).toBe(true);
    close.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await expect(promise).resolves.toBe('closed');
  });

  it('ignores look-alike messages, as the modal does', async () => {
    const onIgnored = vi.fn();
    const { promise, iframe, close } = open(container(), { onIgnored });
    post(
      { type: 'challenge_complete', authenticationId: ID },
      'http://127.0.0.1:4011',
      iframe.contentWindow,
    );
    post({ type: 'challenge_complete', authenticationId: 'auth_x' }, ORIGIN, iframe.contentWindow);
    expect(onIgnored).toHaveBeenCalledTimes(2);
    close.click();
    await expect(promise).resolves.toBe('closed');
  });

  it.each([
    ['Close', (m: ReturnType<typeof open>) => m.close.click(), 'closed'],
    [
      'its frame’s message',
      (m: ReturnType<typeof open>) =>
        post({ type: 'challenge_complete', authenticationId: ID }, ORIGIN, m.iframe.contentWindow),
      'completed',
    ],
  ] as const)(
    'after %s the container is as it was, no listener left',
    async (_how, end, expected) => {
      const room = container();
      const before = room.innerHTML;
      const m = open(room);
      expect(room.innerHTML).not.toBe(before);
      end(m);
      await expect(m.promise).resolves.toBe(expected);
      expect(room.innerHTML).toBe(before);
      expect(liveListeners()).toBe(0);
    },
  );

  it('an abort (destroy()) rejects with aborted and leaves the container as it was', async () => {
    const room = container();
    const before = room.innerHTML;
    const controller = new AbortController();
    const { promise } = open(room, { signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toMatchObject({ code: 'aborted' });
    expect(room.innerHTML).toBe(before);
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(liveListeners()).toBe(0);
  });

  it('the deadline ends it as timeout, and removes it', async () => {
    vi.useFakeTimers();
    const room = container();
    const { promise } = open(room);
    await vi.advanceTimersByTimeAsync(DEADLINE);
    await expect(promise).resolves.toBe('timeout');
    expect(room.querySelector(HOST_TAG)).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a container that left the page since the flow started → configuration, nothing rendered', async () => {
    const room = container();
    room.remove();
    const promise = showChallenge({
      url: new URL(`${ORIGIN}/3ds/challenge`),
      authenticationId: ID,
      container: room,
      timeoutMs: DEADLINE,
      signal: new AbortController().signal,
    });
    await expect(promise).rejects.toMatchObject({ code: 'configuration' });
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(room.querySelector(HOST_TAG)).toBeNull();
    expect(liveListeners()).toBe(0);
  });
});
