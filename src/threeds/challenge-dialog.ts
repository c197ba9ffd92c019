import { CHALLENGE_WINDOW_SIZES } from '../constants';
import { CheckoutError } from '../errors';
import type { ChallengeWindowSize } from '../types';
import { CHALLENGE_CSS } from './challenge-styles';
import { type DialogLabels, dialogLabels } from './dialog-labels';
import type { IgnoredBecause } from './frame-message';
import { runFrameStep } from './frame-step';
import { attachShadowHost, createFrame, make } from './shadow-host';
import { chooseWindowSize } from './window-size';

export interface ChallengeInput {
  url: URL;
  authenticationId: string;
  windowSize: ChallengeWindowSize;
  /** Inline: the element it renders inside, instead of the modal. */
  container?: HTMLElement | undefined;
  labels: DialogLabels;
  timeoutMs: number;
  signal: AbortSignal;
  onShown?(): void;
  onIgnored?(reason: IgnoredBecause): void;
}

export type ChallengeEnd = 'completed' | 'closed' | 'timeout';

/** The element that has focus, looking inside open shadow roots (the card form lives in one). */
function deepActiveElement(doc: Document): HTMLElement | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

const TITLE_ID = 'sc-challenge-title';
const HINT_ID = 'sc-challenge-hint';

/**
 * The `challengeUrl` in a modal `<dialog>` in the top layer, or inline: the same dialog, not
 * modal (no top layer, no backdrop, the page stays usable), inside the `container`. Ends on the
 * challenge page's completion message, the Close button, Esc while focus is on our dialog (keys
 * pressed in the bank's page stay there; Shift+Tab leads back to Close), or the deadline. Focus
 * returns where it was; the container is left as it was.
 */
export async function runChallenge(input: ChallengeInput, doc = document): Promise<ChallengeEnd> {
  const { labels, container } = input;
  let modal: HTMLDialogElement;
  let close: HTMLButtonElement;
  const returnFocusTo = deepActiveElement(doc);

  const end = await runFrameStep({
    ...input,
    kind: 'challenge',
    render() {
      // Checked as the flow started (src/checkout.ts); it may have left the page since.
      if (container && !container.isConnected)
        throw new CheckoutError('configuration', 'The challengeContainer left the page');
      const { host, root } = attachShadowHost(doc, CHALLENGE_CSS);
      if (container) {
        host.setAttribute('inline', '');
        container.append(host);
      }
      const size = CHALLENGE_WINDOW_SIZES[input.windowSize];
      const iframe = createFrame(doc, input.url, {
        title: labels.frameTitle,
        sandbox: 'allow-scripts allow-same-origin allow-forms allow-popups',
        'aria-describedby': HINT_ID,
        ...(size && { width: `${size[0]}`, height: `${size[1]}` }),
      });
      const progress = make(doc, 'p', { role: 'status' }, labels.progress);
      close = make(doc, 'button', { type: 'button', 'aria-label': labels.close }, '×');
      const hint = make(doc, 'small', { id: HINT_ID, hidden: '' }, labels.closeHint);
      modal = make(
        doc,
        'dialog',
        { 'aria-labelledby': TITLE_ID, 'aria-busy': 'true' },
        make(doc, 'header', {}, make(doc, 'h2', { id: TITLE_ID }, labels.title), hint, close),
        make(doc, 'div', {}, progress, iframe),
      );
      if (!size) modal.className = 'full';
      iframe.addEventListener('load', () => {
        progress.hidden = true;
        modal.removeAttribute('aria-busy');
      });
      root.append(modal);
      if (container) modal.show();
      else modal.showModal();
      // Keys pressed in the bank's page (another origin) never reach this document, Esc
      // included, so while that page has the focus, say how to reach Close. "This window lost
      // focus" is the one signal every engine gives: some never make the iframe our activeElement.
      const view = doc.defaultView as Window;
      const showHint = (event: Event) => {
        hint.hidden = event.type === 'focus';
      };
      view.addEventListener('blur', showHint);
      view.addEventListener('focus', showHint);
      return {
        iframe,
        remove() {
          view.removeEventListener('blur', showHint);
          view.removeEventListener('focus', showHint);
          if (modal.open) modal.close();
          host.remove();
          if (returnFocusTo?.isConnected) returnFocusTo.focus();
        },
      };
    },
    wire(finish) {
      const closed = () => finish('closed');
      close.addEventListener('click', closed);
      // Esc: keep the dialog under our control, so cleanup runs once, through `finish`. A dialog
      // that is not modal gets no `cancel` from Esc: the key itself, then (focus on our header).
      modal.addEventListener('cancel', (event) => {
        event.preventDefault();
        closed();
      });
      modal.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') closed();
      });
      // A close we did not ask for (the browser's close watcher): the shopper left.
      modal.addEventListener('close', closed);
      close.focus();
      // Inline, it may show below the fold (under the form): all of it in view, or its top.
      if (container) modal.scrollIntoView({ block: 'nearest' });
      input.onShown?.();
    },
  });
  return typeof end === 'string' ? end : 'completed';
}

/** What the engine asks of the dialog: the merchant's window size and locale, or the defaults. */
export type ChallengeRequest = Omit<ChallengeInput, 'windowSize' | 'labels'> & {
  windowSize?: ChallengeWindowSize;
  locale?: string;
};

/**
 * The entry of the lazily loaded dialog chunk (the ESM build loads it when a flow starts): the
 * window size and labels are worked out here, so that their code comes with the dialog. Without
 * a size, the room decides: the viewport's for the modal, the container's inline.
 */
export const showChallenge = ({ windowSize, locale, ...input }: ChallengeRequest) => {
  const { container: room } = input;
  return runChallenge({
    ...input,
    windowSize:
      windowSize ??
      (room
        ? chooseWindowSize(room.clientWidth, room.clientHeight)
        : chooseWindowSize(innerWidth, innerHeight)),
    labels: dialogLabels(locale),
  });
};
