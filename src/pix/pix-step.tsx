/**
 * The PIX step, loaded only when the shopper pays with PIX (src/pix/pix-module.ts says how): the
 * QR code drawn here, the code to copy, a countdown to `expiresAt`, and `onPixStatus` polled
 * until the charge is paid or the code expires ("Generate a new code").
 */
import type { JSX } from 'preact';
import { render } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PixCode } from '../types';
import { clockText, momentReached, secondsLeft } from './countdown';
import { readPix } from './pix-charge';
import { pixText } from './pix-messages';
import type { PixClock, PixModule, PixStepEnd } from './pix-module';
import { pollPixStatus, realClock } from './pix-status-poll';
import { PIX_CSS } from './pix-styles';
import { type QrDrawing, qrModules, qrPath } from './qr-svg';

export type { PixModule };

interface Props {
  pix: PixCode;
  drawing: QrDrawing;
  t: ReturnType<typeof pixText>;
  /** onPixStatus with this charge; without it only the countdown ends the step. */
  read: (() => unknown) | undefined;
  clock: PixClock;
  onEnd(end: PixStepEnd): void;
}

function PixStep({ pix, drawing, t, read, clock, onEnd }: Props): JSX.Element {
  const expiresAt = Date.parse(pix.expiresAt);
  const [left, setLeft] = useState(() => secondsLeft(expiresAt, clock.now()));
  const [expired, setExpired] = useState(left === 0);
  const [spoken, setSpoken] = useState('');
  const [copyNote, setCopyNote] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const intro = useRef<HTMLParagraphElement>(null);
  const expiredNote = useRef<HTMLParagraphElement>(null);

  // Focus follows the step: its instructions as it shows (the Pay button is gone), then the
  // expiry message, read out as it takes focus, with "Generate a new code" the next stop.
  useEffect(() => {
    (expired ? expiredNote : intro).current?.focus();
  }, [expired]);

  // Timers and listeners live in layout effects: Preact 11 runs passive effects' cleanups a
  // frame after unmounting, and an ended step must not read the charge once more meanwhile.
  // The countdown: one tick as each second passes; spoken only at the moments countdown.ts names.
  useLayoutEffect(() => {
    if (expired) return;
    let shown = left;
    let cancel = () => {};
    const tick = () => {
      const now = clock.now();
      const seconds = secondsLeft(expiresAt, now);
      const moment = momentReached(shown, seconds);
      if (moment !== undefined) {
        setSpoken(
          moment < 60
            ? t('secondsLeft', { n: moment })
            : moment === 60
              ? t('minuteLeft')
              : t('minutesLeft', { n: moment / 60 }),
        );
      }
      shown = seconds;
      setLeft(seconds);
      // With onPixStatus, its last read at expiry decides (the code may just have been paid).
      if (!seconds) {
        if (!read) setExpired(true);
        return;
      }
      cancel = clock.after(expiresAt - now - (seconds - 1) * 1000, tick);
    };
    tick();
    return () => cancel();
  }, [expired]);

  // Polling, stopped while the page is hidden (pagehide) and started again if it comes back
  // from the back/forward cache; the step's end and destroy() stop it for good.
  useLayoutEffect(() => {
    if (expired || !read) return;
    let poll = new AbortController();
    const start = () => {
      poll.abort();
      poll = new AbortController();
      pollPixStatus({ read, expiresAt, clock, signal: poll.signal }).then((end) => {
        if (end?.kind === 'expired') setExpired(true);
        else if (end) onEnd(end);
      });
    };
    const hide = () => poll.abort();
    const show = (event: PageTransitionEvent) => {
      if (event.persisted) start();
    };
    addEventListener('pagehide', hide);
    addEventListener('pageshow', show);
    start();
    return () => {
      poll.abort();
      removeEventListener('pagehide', hide);
      removeEventListener('pageshow', show);
    };
  }, [expired]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pix.qrCode);
      setCopyNote(t('copied'));
    } catch {
      // No clipboard API here (an insecure page, an older browser) or no permission: the code
      // is selected for the shopper's own copy command.
      field.current?.focus();
      field.current?.select();
      setCopyNote(t('selected'));
    }
  };

  return (
    <div class="pix-step">
      {expired ? (
        <>
          <p ref={expiredNote} tabIndex={-1}>
            {t('expired')}
          </p>
          <button type="button" onClick={() => onEnd({ kind: 'new_code' })}>
            {t('newCode')}
          </button>
        </>
      ) : (
        <>
          <p ref={intro} tabIndex={-1}>
            {t('scan')}
          </p>
          <svg
            class="qr"
            role="img"
            aria-label={t('qrCode')}
            viewBox={`0 0 ${drawing.size} ${drawing.size}`}
            shape-rendering="crispEdges"
          >
            <path d={drawing.path} fill="#000" />
          </svg>
          <div class="field">
            <label for="pix-code">{t('code')}</label>
            <input
              id="pix-code"
              ref={field}
              readOnly
              value={pix.qrCode}
              spellcheck={false}
              autoComplete="off"
            />
          </div>
          <button type="button" onClick={copy}>
            {t('copy')}
          </button>
          <p aria-live="polite">{copyNote}</p>
          <p class="expires">{t('expiresIn', { time: clockText(left) })}</p>
        </>
      )}
      <p class="sr" aria-live="polite">
        {spoken}
      </p>
    </div>
  );
}

let sheet: CSSStyleSheet | undefined;
let steps = 0;

/**
 * The module's one export (PixModule, src/pix/pix-module.ts): the ESM build imports this file as
 * a chunk; the script-tag build loads it as a file of its own.
 */
export const showPixStep: PixModule['showPixStep'] = (container, input) =>
  new Promise((resolve) => {
    const pix = readPix(input.charge);
    if (typeof pix === 'string') return resolve({ kind: 'invalid', message: pix });
    let drawing: QrDrawing;
    try {
      drawing = qrPath(qrModules(pix.qrCode));
    } catch {
      const message =
        'The pending charge has no valid pix: pix.qrCode cannot be drawn as a QR code';
      return resolve({ kind: 'invalid', message });
    }
    const { signal, onPixStatus, charge } = input;
    const root = container.getRootNode() as Document | ShadowRoot;
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(PIX_CSS);
    }
    const styles = sheet;
    // However it ends, the step leaves nothing behind: no element, timer, listener or style.
    const end = (result: PixStepEnd) => {
      signal.removeEventListener('abort', onAbort);
      render(null, container);
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== styles);
      resolve(result);
    };
    const onAbort = () => end({ kind: 'ended' });
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    if (!root.adoptedStyleSheets.includes(styles)) {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, styles];
    }
    render(
      <PixStep
        key={++steps}
        pix={pix}
        drawing={drawing}
        t={pixText(input.locale)}
        read={onPixStatus && (() => onPixStatus(charge))}
        clock={input.clock ?? realClock}
        onEnd={end}
      />,
      container,
    );
  });
