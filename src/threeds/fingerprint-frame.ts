import type { IgnoredBecause } from './frame-message';
import { runFrameStep } from './frame-step';
import { attachShadowHost, createFrame } from './shadow-host';

export interface FingerprintInput {
  url: URL;
  authenticationId: string;
  timeoutMs: number;
  signal: AbortSignal;
  onIgnored?(reason: IgnoredBecause): void;
}

export type FingerprintEnd =
  | { timedOut: false; fingerprintingResult?: string }
  | { timedOut: true };

// Out of layout and invisible, yet rendered: some ACS scripts do not run in display:none frames.
const HIDDEN_CSS = `
:host { all: initial !important; position: fixed !important; width: 0 !important; height: 0 !important;
  overflow: hidden !important; left: -10000px !important; top: 0 !important; pointer-events: none !important; }
iframe { position: absolute; width: 0; height: 0; border: 0; visibility: hidden; }
`;

/** The 3DS Method: the `fingerprintingUrl` in a hidden iframe, until its message or the timeout. */
export async function runFingerprint(
  input: FingerprintInput,
  doc = document,
): Promise<FingerprintEnd> {
  const end = await runFrameStep({
    kind: 'fingerprint',
    url: input.url,
    authenticationId: input.authenticationId,
    timeoutMs: input.timeoutMs,
    signal: input.signal,
    onIgnored: input.onIgnored,
    render() {
      const { host, root } = attachShadowHost(doc, HIDDEN_CSS);
      host.setAttribute('aria-hidden', 'true');
      const iframe = createFrame(
        doc,
        input.url,
        '3-D Secure',
        'allow-scripts allow-same-origin allow-forms',
      );
      iframe.tabIndex = -1;
      root.append(iframe);
      return { iframe, remove: () => host.remove() };
    },
  });
  if (end.kind !== 'message') return { timedOut: true };
  return { timedOut: false, fingerprintingResult: end.fingerprintingResult };
}
