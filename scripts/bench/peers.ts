import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { measure, type Sizes, sizesOf } from '../bundle-size';
import { pick } from './sizes';

/** Like for like: our drop-in against peers' card UI + wallet + 3DS, our headless against 3DS alone. */
export type Kind = 'drop-in' | 'headless';

export interface PeerEntry {
  id: string;
  kind: Kind;
  pkg: string;
  label: string;
  /** The entry esbuild bundles, as a merchant would import it. */
  contents: string;
  /** A gzip -9 figure published earlier for this peer, for comparison with what we measure now. */
  reference?: number;
}

/**
 * braintree-web's `browser` field maps `braintree-web/client` etc. to standalone bundles that each
 * repeat the shared code; importing each module's `index.js` bundles that code once (the smaller
 * figure, and the one near the published reference). Both are measured; ratios use the smaller.
 */
const braintree = (modules: string[], suffix: string) =>
  modules
    .map((m, i) => `import m${i} from 'braintree-web/${m}${suffix}';`)
    .concat(`export { ${modules.map((_, i) => `m${i}`).join(', ')} };`)
    .join('\n');

const BT_DROP_IN = ['client', 'hosted-fields', 'three-d-secure', 'apple-pay'];
const BT_HEADLESS = ['client', 'three-d-secure'];

export const PEERS: readonly PeerEntry[] = [
  {
    id: 'adyen-drop-in',
    kind: 'drop-in',
    pkg: '@adyen/adyen-web',
    label: 'Adyen Web: AdyenCheckout, Card, ApplePay, ThreeDS2Challenge, ThreeDS2DeviceFingerprint',
    contents: `export { AdyenCheckout, Card, ApplePay, ThreeDS2Challenge, ThreeDS2DeviceFingerprint } from '@adyen/adyen-web';`,
    reference: 100_714,
  },
  {
    id: 'braintree-drop-in',
    kind: 'drop-in',
    pkg: 'braintree-web',
    label: 'Braintree: client + hosted-fields + three-d-secure + apple-pay',
    contents: braintree(BT_DROP_IN, '/index.js'),
    reference: 58_318,
  },
  {
    id: 'braintree-drop-in-browser-field',
    kind: 'drop-in',
    pkg: 'braintree-web',
    label: "  same, via the package's browser field (standalone bundles)",
    contents: braintree(BT_DROP_IN, ''),
  },
  {
    id: 'adyen-headless',
    kind: 'headless',
    pkg: '@adyen/adyen-web',
    label: 'Adyen Web: AdyenCheckout, ThreeDS2Challenge, ThreeDS2DeviceFingerprint',
    contents: `export { AdyenCheckout, ThreeDS2Challenge, ThreeDS2DeviceFingerprint } from '@adyen/adyen-web';`,
    reference: 45_852,
  },
  {
    id: 'braintree-headless',
    kind: 'headless',
    pkg: 'braintree-web',
    label: 'Braintree: client + three-d-secure',
    contents: braintree(BT_HEADLESS, '/index.js'),
    reference: 26_688,
  },
  {
    id: 'braintree-headless-browser-field',
    kind: 'headless',
    pkg: 'braintree-web',
    label: "  same, via the package's browser field (standalone bundles)",
    contents: braintree(BT_HEADLESS, ''),
  },
  {
    id: 'globalpayments-3ds',
    kind: 'headless',
    pkg: 'globalpayments-3ds',
    label: 'globalpayments-3ds: checkVersion, initiateAuthentication',
    contents: `export { checkVersion, initiateAuthentication } from 'globalpayments-3ds';`,
    reference: 11_155,
  },
];

/** Ratios are taken against these (the browser-field variants are shown for reference only). */
export const isRatioPeer = (peer: { id: string }): boolean => !peer.id.endsWith('-browser-field');

export interface PeerSize extends Sizes {
  id: string;
  kind: Kind;
  pkg: string;
  version: string;
  label: string;
  reference: number | null;
  /** Modules behind import(), left out as for ours. */
  lazy: number;
  /** Stylesheets the entry imports (marked external, not counted). */
  cssImports: number;
}

/** Stylesheets are marked external: a peer's CSS is a file of its own, not JavaScript. */
const CSS_EXTERNAL = ['*.css'];

/** The installed version (read directly: some packages do not export their package.json). */
function versionOf(root: string, pkg: string): string {
  const file = join(root, 'node_modules', pkg, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

export async function peerSizes(root: string): Promise<PeerSize[]> {
  const sizes: PeerSize[] = [];
  for (const peer of PEERS) {
    const measured = await measure(peer.contents, root, { external: CSS_EXTERNAL });
    sizes.push({
      id: peer.id,
      kind: peer.kind,
      pkg: peer.pkg,
      version: versionOf(root, peer.pkg),
      label: peer.label,
      reference: peer.reference ?? null,
      ...pick(measured),
      lazy: measured.lazy.length,
      cssImports: measured.external.filter((path) => path.endsWith('.css')).length,
    });
  }
  return sizes;
}

/** Adyen's stylesheet, which its components need and a merchant adds beside the JavaScript. */
export function adyenCss(root: string): Sizes & { file: string } {
  const file = 'node_modules/@adyen/adyen-web/styles/adyen.css';
  return { file, ...sizesOf(readFileSync(join(root, file))) };
}
