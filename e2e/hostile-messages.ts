import type { Frame, Page } from '@playwright/test';
import { frameOf } from './hostile-support';

// The look-alike messages of the hostile-frames suite, and the frames that post them.

export type Phase = 'fingerprint' | 'challenge';

export interface CatalogArgs {
  id: string;
  /** Post only what our own frame may not say in this phase (for our frame, right origin). */
  onlyInvalidIn?: Phase;
  /** `window.postMessage` of the page itself instead of the parent. */
  toSelf?: boolean;
}

/**
 * Runs in a frame (or the page): posts every shape the sandbox's pages post, and variants of it,
 * all with the right authenticationId; returns how many were posted. Self-contained: Playwright
 * serializes it into the frame.
 */
export function postCatalog({ id, onlyInvalidIn, toSelf }: CatalogArgs): number {
  const b64 = btoa('hostile-fingerprint');
  const fp = { type: 'fingerprinting_result', authenticationId: id, fingerprintingResult: b64 };
  const ch = { type: 'challenge_complete', authenticationId: id };
  const json = (text: string): unknown => JSON.parse(text);
  // [message, the phase in which our own frame would be believed, if any]
  const catalog: [unknown, Phase | null][] = [
    [fp, 'fingerprint'],
    [{ type: fp.type, fingerprintingResult: b64 }, 'fingerprint'],
    [b64, 'fingerprint'],
    [{ ...fp, extra: true, source: 'acs', origin: location.origin }, 'fingerprint'],
    [{ ...fp, fingerprintingResult: 'A'.repeat(64 * 1024) }, 'fingerprint'],
    [ch, 'challenge'],
    [{ type: ch.type }, 'challenge'],
    [{ ...ch, fingerprintingResult: b64, status: 'success', nested: { a: [1] } }, 'challenge'],
    [JSON.stringify(fp), null],
    [JSON.stringify(ch), null],
    // Base64url's alphabet includes '_': from our frame these are bare fingerprinting results.
    ['challenge_complete', 'fingerprint'],
    ['fingerprinting_result', 'fingerprint'],
    ['challenge complete', null],
    [`type=${ch.type}&authenticationId=${id}`, null],
    [`data:,${b64}`, null],
    ['', null],
    [`${b64}!`, null],
    ['A'.repeat(64 * 1024 + 4), null],
    [null, null],
    [undefined, null],
    [42, null],
    [true, null],
    [[fp], null],
    [[ch], null],
    [new String(b64), null],
    [new Map(Object.entries(ch)), null],
    [new TextEncoder().encode(b64), null],
    [{ ...fp, authenticationId: `${id}x` }, null],
    [{ ...ch, authenticationId: ` ${id}` }, null],
    [{ ...fp, authenticationId: [id] }, null],
    [{ ...ch, authenticationId: { id } }, null],
    [{ ...ch, authenticationId: null }, null],
    [{ ...ch, authenticationId: undefined }, null],
    [{ ...fp, fingerprintingResult: 42 }, null],
    [{ ...fp, fingerprintingResult: [b64] }, null],
    [{ ...fp, fingerprintingResult: { value: b64 } }, null],
    [{ ...fp, fingerprintingResult: '' }, null],
    [{ ...fp, fingerprintingResult: 'not base64!' }, null],
    [{ ...fp, type: 'FINGERPRINTING_RESULT' }, null],
    [{ ...ch, type: ['challenge_complete'] }, null],
    [{ ...ch, type: 'challenge_complete ' }, null],
    [{ ...ch, type: undefined }, null],
    [json(`{"__proto__": ${JSON.stringify(fp)}}`), null],
    [json(`{"__proto__": ${JSON.stringify(ch)}}`), null],
    [json(`{"constructor": {"prototype": ${JSON.stringify(ch)}}}`), null],
    [json(`{"__proto__": {"type": "challenge_complete"}, "authenticationId": "${id}"}`), null],
    [Object.create(ch), null],
    [Object.create(fp), null],
  ];
  const target = toSelf ? window : window.parent;
  let posted = 0;
  for (const [message, acceptedIn] of catalog) {
    if (onlyInvalidIn !== undefined && acceptedIn === onlyInvalidIn) continue;
    target.postMessage(message, '*');
    posted++;
  }
  return posted;
}

/** Adds an iframe the widget did not open, marked `.hostile`; resolves once it loaded. */
export async function addHostileFrame(page: Page, src: string): Promise<Frame> {
  const name = `hostile-${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ src, name }) =>
      new Promise<void>((resolve) => {
        const frame = document.createElement('iframe');
        frame.className = 'hostile';
        frame.name = name;
        frame.addEventListener('load', () => resolve(), { once: true });
        if (src !== 'about:blank') frame.src = src;
        document.body.append(frame);
        if (src === 'about:blank') resolve();
      }),
    { src, name },
  );
  return frameOf(page.locator(`iframe[name="${name}"]`));
}

export const removeHostileFrames = (page: Page): Promise<void> =>
  page.evaluate(() => {
    for (const frame of document.querySelectorAll('iframe.hostile')) frame.remove();
  });

/** The same server under its other loopback name: another origin. */
export const otherHost = (origin: string): string => {
  const url = new URL(origin);
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.origin;
};

/** Own properties of Object.prototype: a polluted prototype gains some. */
export const prototypeKeys = (page: Page): Promise<string[]> =>
  page.evaluate(() => Object.getOwnPropertyNames(Object.prototype).sort());
