import { afterEach, beforeEach, vi } from 'vitest';
import { HOST_TAG } from '../threeds/shadow-host';

/**
 * happy-dom loads no cross-origin page, so an iframe has no window. Give each iframe a stand-in
 * window object, so messages can come "from" it (real frames are covered by the e2e suite).
 */
export function fakeFrameWindows(): void {
  const windows = new WeakMap<HTMLIFrameElement, Window>();
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(function (
    this: HTMLIFrameElement,
  ) {
    if (!this.isConnected) return null;
    let view = windows.get(this);
    if (!view) {
      view = { frame: this.src } as unknown as Window;
      windows.set(this, view);
    }
    return view;
  });
}

/** Every iframe the engine has put on the page, looking inside its shadow roots. */
export function engineFrames(): HTMLIFrameElement[] {
  return [...document.querySelectorAll(HOST_TAG)].flatMap((host) => [
    ...(host.shadowRoot?.querySelectorAll('iframe') ?? []),
  ]);
}

export function engineDialog(): HTMLDialogElement | null {
  for (const host of document.querySelectorAll(HOST_TAG)) {
    const dialog = host.shadowRoot?.querySelector('dialog');
    if (dialog) return dialog;
  }
  return null;
}

export function post(data: unknown, origin: string, source: MessageEventSource | null): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

/** Lets queued promise callbacks run. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Counts message listeners added to and removed from `window`. */
export function countMessageListeners() {
  let live = 0;
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    if (type === 'message') live++;
    add(type, listener, options);
  });
  vi.spyOn(window, 'removeEventListener').mockImplementation((type, listener, options) => {
    if (type === 'message') live--;
    remove(type, listener, options);
  });
  return () => live;
}

/**
 * The frame tests' environment, registered in the calling suite: stand-in frame windows and a
 * count of live `message` listeners for each test; real timers and an empty body after it.
 * Returns the count.
 */
export function useFrameTestEnvironment(): () => number {
  let live = () => 0;
  beforeEach(() => {
    fakeFrameWindows();
    live = countMessageListeners();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });
  return () => live();
}
