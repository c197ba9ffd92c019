import { abortedError } from '../errors';
import { type FrameExpectation, type IgnoredBecause, judgeFrameMessage } from './frame-message';

/** How a step ended: our frame's accepted message, the timeout, or the shopper closing it. */
export type StepEnd = { fingerprintingResult?: string } | 'timeout' | 'closed';

export interface FrameStepOptions {
  kind: FrameExpectation['kind'];
  url: URL;
  authenticationId: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** Adds the step's DOM and returns its iframe (already in the document) and how to remove it. */
  render(): { iframe: HTMLIFrameElement; remove(): void };
  /** Other ways the step ends (the Close button, Esc), wired once the DOM exists. */
  wire?(end: (how: StepEnd) => void): void;
  /** Called for each message that was not ours, with why; state does not change. */
  onIgnored?(reason: IgnoredBecause): void;
}

/**
 * One iframe step: render, wait for our frame's message, a timeout, an abort or `wire`'s events,
 * whichever comes first; then remove the DOM, the listener and the timer, exactly once.
 */
export function runFrameStep(options: FrameStepOptions): Promise<StepEnd> {
  const { signal } = options;
  return new Promise<StepEnd>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortedError());
      return;
    }
    const { iframe, remove } = options.render();
    const view = iframe.ownerDocument.defaultView as Window;
    const origin = options.url.origin;
    let ended = false;
    const settle = (done: () => void) => {
      if (ended) return;
      ended = true;
      view.removeEventListener('message', onMessage);
      signal.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      remove();
      done();
    };
    const end = (how: StepEnd) => settle(() => resolve(how));
    const onAbort = () => settle(() => reject(abortedError()));
    const onMessage = (event: MessageEvent) => {
      // The frame's window is read only when a message arrives: reading it right after insertion
      // makes the browser build a script context for the frame's blank first page (10–19 ms).
      const expected: FrameExpectation = { ...options, source: iframe.contentWindow, origin };
      const verdict = judgeFrameMessage(event, expected);
      if (verdict.accepted) end({ fingerprintingResult: verdict.fingerprintingResult });
      else options.onIgnored?.(verdict.reason);
    };
    view.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
    const timer = setTimeout(() => end('timeout'), options.timeoutMs);
    try {
      options.wire?.(end);
    } catch (error) {
      settle(() => reject(error));
    }
  });
}
