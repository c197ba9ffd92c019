import { fromCents } from '../service/kernel/db/money';
import { escapeHtml, renderPage } from '../service/kernel/http/html';
import type { Authentication, ChallengeEnd } from '../service/three-ds/schema';
import { type AcsTexts, bankLanguage, type Language, TEXTS } from './i18n';

const CSS = ['/3ds/assets/acs.css'];

const frame = (texts: AcsTexts, inner: string): string =>
  [
    '<main class="acs">',
    '<header class="acs-brand">',
    `<span class="acs-bank">${escapeHtml(texts.bank)}</span>`,
    '<span class="acs-badge">3-D Secure</span>',
    '</header>',
    inner,
    '</main>',
  ].join('\n');

const formatAmount = (auth: Authentication, lang: Language): string => {
  const amount = fromCents(auth.amountCents);
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: auth.currency }).format(
      amount,
    );
  } catch {
    return `${auth.currency} ${amount.toFixed(2)}`;
  }
};

/*
 * A page about an authentication speaks its `browser.language` (`bankLanguage`), whatever the
 * request says: the widget's `locale` is never the bank's to follow.
 */

/** The 3DS Method page; the silent variant has no script and so never posts a result. */
export function fingerprintPage(auth: Authentication, silent: boolean): string {
  const lang = bankLanguage(auth.language);
  const texts = TEXTS[lang];
  return renderPage({
    lang,
    title: texts.fingerprintTitle,
    stylesheets: CSS,
    scripts: silent ? [] : ['/3ds/assets/fingerprint.js'],
    data: { 'authentication-id': auth.id, 'delay-ms': '300' },
    body: frame(texts, `<p class="acs-status">${escapeHtml(texts.fingerprintTitle)}…</p>`),
  });
}

export interface ChallengeFormState {
  auth: Authentication;
  parentOrigin: string;
  /** The page token the page was opened with: the form posts it back. */
  token: string;
  /** A server-side error, shown and announced. */
  error?: string;
}

/**
 * Where Cancel posts the form. A POST, not a link: cancelling changes the authentication, so it
 * takes the same origin check as the code (`demo/bank/app.ts`), which a cross-site GET would skip.
 */
export const CANCEL_ACTION = '/3ds/challenge/cancel';

/** The one-time-code form. */
export function challengePage(state: ChallengeFormState): string {
  const { auth, parentOrigin, token, error } = state;
  const lang = bankLanguage(auth.language);
  const texts = TEXTS[lang];
  const intro = texts.intro
    .replace('{amount}', formatAmount(auth, lang))
    .replace('{last4}', auth.last4);
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const invalid = error === undefined ? '' : ' aria-invalid="true"';
  const body = frame(
    texts,
    [
      `<h1 id="acs-heading">${escapeHtml(texts.heading)}</h1>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p class="acs-hint">${escapeHtml(texts.sandboxHint)}</p>`,
      '<form id="acs-form" method="post" action="/3ds/challenge" novalidate aria-labelledby="acs-heading">',
      hidden('authenticationId', auth.id),
      hidden('parentOrigin', parentOrigin),
      hidden('token', token),
      `<label for="acs-code">${escapeHtml(texts.codeLabel)}</label>`,
      `<input id="acs-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="8" required aria-describedby="acs-code-help acs-code-error"${invalid}>`,
      `<p id="acs-code-help" class="acs-help">${escapeHtml(texts.codeHelp)}</p>`,
      `<p id="acs-code-error" class="acs-error" role="alert" data-empty-message="${escapeHtml(texts.emptyCode)}">${escapeHtml(error ?? '')}</p>`,
      '<div class="acs-actions">',
      `<button type="submit" id="acs-submit">${escapeHtml(texts.submit)}</button>`,
      // The same form, so the authentication and the parent origin go with it; styled as a link.
      `<button type="submit" class="acs-cancel" formaction="${CANCEL_ACTION}" formnovalidate>${escapeHtml(texts.cancel)}</button>`,
      '</div>',
      '</form>',
    ].join('\n'),
  );
  return renderPage({
    lang,
    title: texts.pageTitle,
    stylesheets: CSS,
    scripts: ['/3ds/assets/challenge.js'],
    body,
  });
}

/** After the form: says how it ended and posts the completion message (docs/protocol.md) to the parent. */
export function completePage(
  auth: Authentication,
  end: ChallengeEnd,
  parentOrigin: string,
): string {
  const lang = bankLanguage(auth.language);
  const texts = TEXTS[lang];
  const message =
    end === 'success'
      ? texts.doneSuccess
      : end === 'failure'
        ? texts.doneFailure
        : texts.doneCanceled;
  return renderPage({
    lang,
    title: texts.doneTitle,
    stylesheets: CSS,
    scripts: ['/3ds/assets/complete.js'],
    data: {
      'authentication-id': auth.id,
      'parent-origin': parentOrigin === '' ? undefined : parentOrigin,
      result: end,
    },
    body: frame(
      texts,
      [
        `<h1>${escapeHtml(texts.doneTitle)}</h1>`,
        `<p role="status" class="acs-result acs-result-${end}">${escapeHtml(message)}</p>`,
        `<p class="acs-help">${escapeHtml(texts.returning)}</p>`,
      ].join('\n'),
    ),
  });
}

/** A page without a form: unknown authentication, nothing pending, bad request. */
export function noticePage(lang: Language, title: string, message: string): string {
  return renderPage({
    lang,
    title,
    stylesheets: CSS,
    body: frame(
      TEXTS[lang],
      `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(message)}</p>`,
    ),
  });
}

/** Test helper: a page that keeps posting valid-looking messages to its parent and top. */
export function lookAlikePage(
  kind: 'fingerprint' | 'challenge',
  authenticationId: string | undefined,
  script: string,
): string {
  return renderPage({
    lang: 'en',
    title: 'Look-alike 3DS page (test helper)',
    scripts: [script],
    data: { kind, 'authentication-id': authenticationId },
    body: `<p>Look-alike ${kind} page: posts ${kind === 'challenge' ? 'challenge_complete' : 'fingerprinting_result'} messages every 100 ms (e2e helper).</p>`,
  });
}
