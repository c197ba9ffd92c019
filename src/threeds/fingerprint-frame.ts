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

/** Our frame's message (with its result), or `'timeout'`. */
export type FingerprintEnd = { fingerprintingResult?: string } | 'timeout';

// Out of layout and invisible, yet rendered: some ACS scripts do not run in display:none frames.
const HIDDEN_CSS =
  ':host{all:initial!important;position:fixed!important;width:0!important;height:0!important;overflow:hidden!important;left:-10000px!important;top:0!important;pointer-events:none!important}iframe{position:absolute;width:0;height:0;border:0;visibility:hidden}';

/** The 3DS Method: the `fingerprintingUrl` in a hidden iframe, until its message or the timeout. */
export function runFingerprint(input: FingerprintInput, doc = document): Promise<FingerprintEnd> {
  // No `wire`: nothing but the message or the timeout ends this step.
  return runFrameStep({
    ...input,
    kind: 'fingerprint',
    render() {
      const { host, root } = attachShadowHost(doc, HIDDEN_CSS);
      host.setAttribute('aria-hidden', 'true');
      const iframe = createFrame(doc, input.url, {
        title: '3-D Secure',
        sandbox: 'allow-scripts allow-same-origin allow-forms',
      });
      iframe.tabIndex = -1;
      root.append(iframe);
      return { iframe, remove: () => host.remove() };
    },
  }) as Promise<FingerprintEnd>;
}
