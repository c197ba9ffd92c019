import { describe, expect, it, vi } from 'vitest';
import { CHALLENGE_WINDOW_SIZES } from '../constants';
import { engineDialog, engineFrames, post, useFrameTestEnvironment } from '../test-support/frames';
import type { ChallengeWindowSize } from '../types';
import { type ChallengeInput, runChallenge } from './challenge-dialog';
import { dialogLabels } from './dialog-labels';
import { HOST_TAG } from './shadow-host';

const ORIGIN = 'http://localhost:4011';
const ID = 'auth_9';
const DEADLINE = 600_000;

function open(overrides: Partial<ChallengeInput> = {}) {
  const onShown = vi.fn();
  const promise = runChallenge({
    url: new URL(`${ORIGIN}/3ds/challenge?authenticationId=${ID}`),
    authenticationId: ID,
    windowSize: '03',
    labels: dialogLabels('en'),
    timeoutMs: DEADLINE,
    signal: new AbortController().signal,
    onShown,
    ...overrides,
  });
  const dialog = engineDialog();
  const [iframe] = engineFrames();
  if (!dialog || !iframe) throw new Error('no dialog');
  const close = dialog.querySelector('button') as HTMLButtonElement;
  return { promise, dialog, iframe, close, onShown };
}

describe('challenge dialog', () => {
  const liveListeners = useFrameTestEnvironment();

  it('is a labelled modal dialog with a Close button, a progress state and the challenge frame', async () => {
    const { promise, dialog, iframe, close, onShown } = open();
    expect(dialog.open).toBe(true);
    const title = dialog.querySelector(`#${dialog.getAttribute('aria-labelledby')}`);
    expect(title?.textContent).toBe('Confirm your payment');
    expect(close.getAttribute('aria-label')).toBe('Close');
    expect(close.type).toBe('button');
    const status = dialog.querySelector('[role="status"]') as HTMLElement;
    expect(status.textContent).toBe('Verifying with your bank…');
    expect(status.hidden).toBe(false);
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(iframe.title).toBeTruthy();
    expect(iframe.src).toContain('/3ds/challenge');
    expect(iframe.getAttribute('sandbox')).not.toMatch(/top-navigation/);
    expect(onShown).toHaveBeenCalledTimes(1);

    iframe.dispatchEvent(new Event('load'));
    expect(status.hidden).toBe(true);
    expect(dialog.hasAttribute('aria-busy')).toBe(false);
    close.click();
    await promise;
  });

  it.each(['01', '02', '03', '04'] as const)(
    'window size %s sizes the frame per EMV',
    async (size) => {
      const { promise, iframe, dialog, close } = open({ windowSize: size });
      const [width, height] = CHALLENGE_WINDOW_SIZES[size];
      expect([iframe.width, iframe.height]).toEqual([String(width), String(height)]);
      expect(dialog.classList.contains('full')).toBe(false);
      close.click();
      await promise;
    },
  );

  it("window size '05' is full screen", async () => {
    const { promise, dialog, close } = open({ windowSize: '05' as ChallengeWindowSize });
    expect(dialog.classList.contains('full')).toBe(true);
    close.click();
    await promise;
  });

  it('speaks the shopper’s language', async () => {
    const { promise, dialog, close } = open({ labels: dialogLabels('pt-BR') });
    expect(close.getAttribute('aria-label')).toBe('Fechar');
    expect(dialog.querySelector('[role="status"]')?.textContent).toBe(
      'Verificando com o seu banco…',
    );
    close.click();
    await promise;
  });

  it('completes on its own frame’s message and removes the dialog and listener', async () => {
    const { promise, iframe } = open();
    post({ type: 'challenge_complete', authenticationId: ID }, ORIGIN, iframe.contentWindow);
    await expect(promise).resolves.toBe('completed');
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(liveListeners()).toBe(0);
  });

  it('ignores look-alike messages', async () => {
    const onIgnored = vi.fn();
    const { promise, iframe, close } = open({ onIgnored });
    const done = { type: 'challenge_complete', authenticationId: ID };
    post(done, 'http://127.0.0.1:4011', iframe.contentWindow);
    post(done, ORIGIN, window);
    post({ ...done, authenticationId: 'auth_x' }, ORIGIN, iframe.contentWindow);
    post('challenge_complete', ORIGIN, iframe.contentWindow);
    post(
      { type: 'fingerprinting_result', authenticationId: ID, fingerprintingResult: 'YQ==' },
      ORIGIN,
      iframe.contentWindow,
    );
    expect(onIgnored).toHaveBeenCalledTimes(5);
    expect(engineDialog()?.open).toBe(true);
    close.click();
    await expect(promise).resolves.toBe('closed');
  });

  it('the Close button ends it as closed', async () => {
    const { promise, close } = open();
    close.click();
    await expect(promise).resolves.toBe('closed');
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(liveListeners()).toBe(0);
  });

  it('Esc (the dialog’s cancel event) ends it as closed', async () => {
    const { promise, dialog } = open();
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    await expect(promise).resolves.toBe('closed');
    expect(document.querySelector(HOST_TAG)).toBeNull();
  });

  it('moves focus into the dialog and gives it back afterwards', async () => {
    const pay = document.createElement('button');
    document.body.append(pay);
    pay.focus();
    const { promise, close, iframe } = open();
    expect(document.activeElement).toBe(document.querySelector(HOST_TAG));
    expect(close.getRootNode()).toBeInstanceOf(ShadowRoot);
    expect((close.getRootNode() as ShadowRoot).activeElement).toBe(close);
    post({ type: 'challenge_complete' }, ORIGIN, iframe.contentWindow);
    await promise;
    expect(document.activeElement).toBe(pay);
  });

  it('focus order: Close, then the bank’s page (Shift+Tab out of it lands on Close)', async () => {
    const { promise, dialog, iframe, close } = open();
    const stops = dialog.querySelectorAll(
      'button, iframe, a[href], input, select, textarea, [tabindex]',
    );
    expect([...stops]).toEqual([close, iframe]);
    close.click();
    await promise;
  });

  it('while the bank’s page has the focus (Esc cannot reach us), a hint names the way out', async () => {
    const { promise, dialog, iframe, close } = open();
    const hint = dialog.querySelector('small') as HTMLElement;
    expect(hint.textContent).toBe('Press Shift+Tab, then Enter, to close');
    expect(hint.hidden).toBe(true);
    expect(iframe.getAttribute('aria-describedby')).toBe(hint.id);
    expect(dialog.querySelector(`#${dialog.getAttribute('aria-labelledby')}`)?.contains(hint)).toBe(
      false,
    );
    window.dispatchEvent(new Event('blur'));
    expect(hint.hidden).toBe(false);
    window.dispatchEvent(new Event('focus'));
    expect(hint.hidden).toBe(true);
    window.dispatchEvent(new Event('blur'));
    close.click();
    await promise;
  });

  it.each([
    ['pt-BR', 'Para fechar, pressione Shift+Tab e depois Enter'],
    ['es', 'Para cerrar, pulsa Mayús+Tab y luego Entrar'],
  ])('the keyboard hint in %s', async (locale, text) => {
    const { promise, dialog, close } = open({ labels: dialogLabels(locale) });
    expect(dialog.querySelector('small')?.textContent).toBe(text);
    close.click();
    await promise;
  });

  it('stops watching this window’s focus once it ends', async () => {
    const { promise, close } = open();
    const watched = (spy: unknown) =>
      vi
        .mocked(spy as typeof window.addEventListener)
        .mock.calls.filter(([type]) => type === 'blur' || type === 'focus')
        .map(([type, listener]) => [type, listener]);
    const added = watched(window.addEventListener);
    expect(added).toHaveLength(2);
    close.click();
    await promise;
    expect(watched(window.removeEventListener)).toEqual(added);
  });

  it('the 10-minute deadline ends it as timeout', async () => {
    vi.useFakeTimers();
    const { promise } = open();
    await vi.advanceTimersByTimeAsync(DEADLINE - 1);
    expect(engineDialog()?.open).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toBe('timeout');
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an abort rejects with aborted and removes everything', async () => {
    const controller = new AbortController();
    const { promise } = open({ signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toMatchObject({ code: 'aborted' });
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(liveListeners()).toBe(0);
  });
});
