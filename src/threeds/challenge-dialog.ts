import { CHALLENGE_WINDOW_SIZES } from '../constants';
import type { ChallengeWindowSize } from '../types';
import { CHALLENGE_CSS } from './challenge-styles';
import type { DialogLabels } from './dialog-labels';
import type { IgnoredBecause } from './frame-message';
import { runFrameStep } from './frame-step';
import { attachShadowHost, createFrame } from './shadow-host';

export interface ChallengeInput {
  url: URL;
  authenticationId: string;
  windowSize: ChallengeWindowSize;
  labels: DialogLabels;
  deadlineMs: number;
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

/**
 * The `challengeUrl` in a modal `<dialog>` in the top layer. Ends on the challenge page's
 * completion message, the Close button or Esc, or the deadline; focus returns where it was.
 */
export async function runChallenge(input: ChallengeInput, doc = document): Promise<ChallengeEnd> {
  const { labels } = input;
  let dialog: HTMLDialogElement | undefined;
  const returnFocusTo = deepActiveElement(doc);

  const end = await runFrameStep({
    kind: 'challenge',
    url: input.url,
    authenticationId: input.authenticationId,
    timeoutMs: input.deadlineMs,
    signal: input.signal,
    onIgnored: input.onIgnored,
    render() {
      const { host, root } = attachShadowHost(doc, CHALLENGE_CSS);
      const modal = doc.createElement('dialog');
      dialog = modal;
      modal.setAttribute('aria-labelledby', 'sc-challenge-title');
      modal.setAttribute('aria-busy', 'true');

      const header = doc.createElement('header');
      const title = doc.createElement('h2');
      title.id = 'sc-challenge-title';
      title.textContent = labels.title;
      const close = doc.createElement('button');
      close.type = 'button';
      close.setAttribute('aria-label', labels.close);
      close.textContent = '×';
      header.append(title, close);

      const body = doc.createElement('div');
      const progress = doc.createElement('p');
      progress.setAttribute('role', 'status');
      progress.textContent = labels.progress;
      const iframe = createFrame(
        doc,
        input.url,
        labels.frameTitle,
        'allow-scripts allow-same-origin allow-forms allow-popups',
      );
      const size = CHALLENGE_WINDOW_SIZES[input.windowSize];
      if (size) {
        iframe.width = String(size[0]);
        iframe.height = String(size[1]);
      } else {
        modal.className = 'full';
      }
      iframe.addEventListener('load', () => {
        progress.hidden = true;
        modal.removeAttribute('aria-busy');
      });
      body.append(progress, iframe);
      modal.append(header, body);
      root.append(modal);
      modal.showModal();
      return {
        iframe,
        remove() {
          if (modal.open) modal.close();
          host.remove();
          if (returnFocusTo?.isConnected) returnFocusTo.focus();
        },
      };
    },
    wire(finish) {
      const modal = dialog as HTMLDialogElement;
      const closeButton = modal.querySelector('button') as HTMLButtonElement;
      closeButton.addEventListener('click', () => finish({ kind: 'closed' }));
      // Esc: keep the dialog under our control, so cleanup runs once, through `finish`.
      modal.addEventListener('cancel', (event) => {
        event.preventDefault();
        finish({ kind: 'closed' });
      });
      // A close we did not ask for (the browser's close watcher): the shopper left.
      modal.addEventListener('close', () => finish({ kind: 'closed' }));
      closeButton.focus();
      input.onShown?.();
    },
  });
  return end.kind === 'message' ? 'completed' : end.kind;
}
