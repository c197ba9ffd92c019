import { type Signal, useSignal } from '@preact/signals';
import type { JSX, RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { PayOutcome } from '../charge-outcome';
import type { Translator } from './i18n';

/** `pix`: a PIX code is showing; `paid`: the form is done (Pay gone). */
export type Phase = 'idle' | 'paying' | 'pix' | 'paid';

export type Notice = { tone: 'good' | 'bad'; text: string; retry?: boolean } | null;

function noticeFor(outcome: PayOutcome | null, tr: Translator): Notice {
  // null: the shopper canceled the wallet's sheet, or destroy() ended the flow.
  if (!outcome || (outcome.kind === 'error' && outcome.error.code === 'aborted')) return null;
  if (outcome.kind === 'paid') return { tone: 'good', text: tr.t('paid') };
  const code = outcome.kind === 'error' ? outcome.error.code : '';
  const text =
    outcome.kind === 'declined'
      ? tr.t(outcome.message)
      : (outcome.kind === 'charge_rejected' && outcome.message) ||
        tr.t(
          code === 'declined'
            ? 'declined'
            : /^(network|timeout)$/.test(code)
              ? 'network'
              : 'unexpected',
        );
  return { tone: 'bad', text, retry: true };
}

export interface Outcome {
  notice: Signal<Notice>;
  box: RefObject<HTMLDivElement | null>;
  /** A payment starts from `button` (Pay, or Apple Pay's): the form is busy, the message goes. */
  start(button: HTMLButtonElement | null): void;
  /** How it ended (`null`: the shopper canceled, or destroy() ended it): the message, and focus. */
  end(outcome: PayOutcome | null): void;
  /** "Try again": the message goes, and so does its focus if it has not been given yet. */
  dismiss(): void;
}

/**
 * A payment's start and end as the shopper sees them: the form busy, then the outcome's message,
 * and focus brought where docs/form.md "Where focus goes" says. Called by the form's component,
 * whose renders the focus waits for.
 */
export function useOutcome(phase: Signal<Phase>, tr: Translator): Outcome {
  const notice = useSignal<Notice>(null);
  const box = useRef<HTMLDivElement>(null);
  /** The button that started the payment. */
  const invoker = useRef<HTMLButtonElement | null>(null);
  // The fieldset was disabled during the flow (and Pay may be gone), so focus fell to the page:
  // once the outcome has rendered, bring it where end() says. Judged on what this render shows:
  // Preact runs an earlier render's effect late, before the next render, when end() may already
  // have decided but the outcome is not on screen yet.
  const focusAfter = useRef<'notice' | 'invoker' | null>(null);
  const rendered = { notice: notice.value !== null, idle: phase.value === 'idle' };
  useEffect(() => {
    const target = focusAfter.current;
    if (target === 'notice' ? !rendered.notice : target !== 'invoker' || !rendered.idle) return;
    focusAfter.current = null;
    (target === 'notice' ? box : invoker).current?.focus();
  });
  return {
    notice,
    box,
    start(button) {
      invoker.current = button;
      focusAfter.current = null;
      phase.value = 'paying';
      notice.value = null;
    },
    end(outcome) {
      phase.value = outcome?.kind === 'paid' ? 'paid' : 'idle';
      notice.value = noticeFor(outcome, tr);
      // The outcome's message takes focus, so a keyboard or screen-reader user hears it and keeps
      // their place. Closing the bank's window or the wallet's sheet is the shopper's own step
      // back: focus returns to the button that opened it, as a dialog returns it to its opener.
      const steppedBack =
        !notice.value || (outcome?.kind === 'declined' && outcome.message === 'canceled');
      focusAfter.current = steppedBack ? 'invoker' : 'notice';
    },
    dismiss() {
      // Pressed within a frame of the message showing, the render that showed it has its effect
      // still to run: it must not take focus back from where onRetry puts it.
      focusAfter.current = null;
      notice.value = null;
    },
  };
}

/**
 * The outcome's message: a polite live region, focusable by script only (`tabindex="-1"`), with
 * "Try again" after a failure.
 */
export function OutcomeNotice({
  outcome,
  tr,
  onRetry,
}: {
  outcome: Outcome;
  tr: Translator;
  /** After "Try again" has cleared the message: where the shopper starts again. */
  onRetry(): void;
}): JSX.Element {
  const notice = outcome.notice.value;
  return (
    <div
      role="status"
      aria-live="polite"
      class={`notice ${notice?.tone ?? ''}`}
      ref={outcome.box}
      tabIndex={-1}
    >
      {notice?.text}
      {notice?.retry && (
        <button
          type="button"
          class="link"
          onClick={() => {
            outcome.dismiss();
            onRetry();
          }}
        >
          {tr.t('tryAgain')}
        </button>
      )}
    </div>
  );
}
