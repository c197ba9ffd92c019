import { describe, expect, it, vi } from 'vitest';
import { engineFrames, post, useFrameTestEnvironment } from '../test-support/frames';
import { runFingerprint } from './fingerprint-frame';
import { HOST_TAG } from './shadow-host';

const URL_ = new URL('https://acs.example/fp?x=1');
const ORIGIN = 'https://acs.example';
const ID = 'auth_1';

const start = (signal = new AbortController().signal, onIgnored = vi.fn()) => {
  const promise = runFingerprint({
    url: URL_,
    authenticationId: ID,
    timeoutMs: 10_000,
    signal,
    onIgnored,
  });
  const [iframe] = engineFrames();
  if (!iframe) throw new Error('no iframe');
  return { promise, iframe, onIgnored };
};

describe('fingerprint frame', () => {
  const liveListeners = useFrameTestEnvironment();

  it('loads the URL in a hidden, sandboxed iframe inside an open shadow root', async () => {
    const { promise, iframe } = start();
    const host = document.querySelector(HOST_TAG) as HTMLElement;
    expect(host.getAttribute('aria-hidden')).toBe('true');
    expect(host.shadowRoot?.mode).toBe('open');
    expect(host.shadowRoot?.adoptedStyleSheets.length).toBe(1);
    expect(iframe.src).toBe(URL_.href);
    expect(iframe.tabIndex).toBe(-1);
    expect(iframe.getAttribute('sandbox')).not.toMatch(/top-navigation/);
    post(
      { type: 'fingerprinting_result', authenticationId: ID, fingerprintingResult: 'YWJj' },
      ORIGIN,
      iframe.contentWindow,
    );
    await promise;
  });

  it('resolves with the result of a message from its own frame, then removes everything', async () => {
    const { promise, iframe } = start();
    expect(liveListeners()).toBe(1);
    post(
      { type: 'fingerprinting_result', authenticationId: ID, fingerprintingResult: 'YWJj' },
      ORIGIN,
      iframe.contentWindow,
    );
    await expect(promise).resolves.toEqual({ fingerprintingResult: 'YWJj' });
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(liveListeners()).toBe(0);
  });

  it('accepts a bare base64 string', async () => {
    const { promise, iframe } = start();
    post('ZmluZ2VycHJpbnQ=', ORIGIN, iframe.contentWindow);
    await expect(promise).resolves.toEqual({ fingerprintingResult: 'ZmluZ2VycHJpbnQ=' });
  });

  it('ignores look-alikes silently and keeps waiting', async () => {
    vi.useFakeTimers();
    const { promise, iframe, onIgnored } = start();
    const good = {
      type: 'fingerprinting_result',
      authenticationId: ID,
      fingerprintingResult: 'YWJj',
    };
    post(good, 'https://evil.example', iframe.contentWindow);
    post(good, ORIGIN, window);
    post(good, ORIGIN, { other: true } as unknown as Window);
    post({ ...good, authenticationId: 'auth_2' }, ORIGIN, iframe.contentWindow);
    post({ type: 'challenge_complete', authenticationId: ID }, ORIGIN, iframe.contentWindow);
    post('not base64!', ORIGIN, iframe.contentWindow);
    post(42, ORIGIN, iframe.contentWindow);
    expect(onIgnored.mock.calls.map(([reason]) => reason)).toEqual([
      'wrong_origin',
      'wrong_source',
      'wrong_source',
      'wrong_authentication_id',
      'wrong_type',
      'malformed',
      'malformed',
    ]);
    expect(engineFrames()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(promise).resolves.toBe('timeout');
    expect(engineFrames()).toHaveLength(0);
    expect(liveListeners()).toBe(0);
  });

  it('times out after timeoutMs, not before', async () => {
    vi.useFakeTimers();
    const { promise } = start();
    let settled = false;
    void promise.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toBe('timeout');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an abort rejects with aborted and removes the frame, listener and timer', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const { promise } = start(controller.signal);
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: 'CheckoutError', code: 'aborted' });
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(liveListeners()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an already aborted signal renders nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      runFingerprint({ url: URL_, authenticationId: ID, timeoutMs: 10, signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'aborted' });
    expect(document.querySelector(HOST_TAG)).toBeNull();
  });
});
