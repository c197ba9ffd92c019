/**
 * `npm run bench:sizes`: where the gzip bytes of the drop-in and the headless bundle go. For each
 * feature (a group of our source files) the bundle is built again with those files' code replaced
 * by empty stubs; the difference is what the feature costs in gzip, the code only it pulls in
 * (e.g. Preact for the form) included. Hubs that everything is reached through (createCheckout,
 * the API client) cannot be stubbed that way: they are "the rest", with the gzip the features
 * share. Same esbuild settings as the size test.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Plugin } from 'esbuild';
import { DROP_IN_ENTRY, HEADLESS_ENTRY, measure } from '../bundle-size';

const FEATURES: Record<string, RegExp> = {
  'response schemas': /^src\/api\/schemas\.ts$/,
  'request and card rules': /^src\/api\/(request-schema|card-rules)\.ts$/,
  'charge flow and outcome': /^src\/charge-(flow|outcome)\.ts$/,
  'flow (the spec table)': /^src\/threeds\/flow\.ts$/,
  'browser data': /^src\/threeds\/browser-info\.ts$/,
  'fingerprint frame and message filter':
    /^src\/threeds\/(fingerprint-frame|frame-step|frame-message|safe-url)\.ts$/,
  "inline challenge's checks (challengeContainer)": /^src\/challenge-container\.ts$/,
  'challenge dialog, styles, labels':
    /^src\/threeds\/(challenge-dialog|challenge-styles|dialog-labels|shadow-host|window-size)\.ts$/,
  'card form (Preact + signals)':
    /^src\/ui\/(checkout-form|card-fields|saved-card-choice|payment-method-choice|outcome-notice|mount|mount-options|pay|validate-form|card-brand|styles|i18n|labelled-input|masks)\.tsx?$/,
  'customer fields, CPF/CNPJ': /^src\/ui\/(customer-fields|customer-input|br-document)\.tsx?$/,
  'installments with their cost': /^src\/ui\/installment(s|-select)\.tsx?$/,
  'locales en, pt-BR, es': /^src\/ui\/i18n\//,
  'Apple Pay': /^src\/(wallet\/|ui\/apple-pay-button)/,
  '<secure-checkout> element': /^src\/ui\/checkout-element\.ts$/,
};

/** Every value a module exports, as an empty function: the module's code is gone, importers still build. */
function stubOf(source: string): string {
  const names = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+(\w+)/g))
    names.add(m[1] as string);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}\s*(?:from|;|$)/g))
    for (const part of (m[1] as string).split(',')) {
      const name = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name && !/^type\s/.test(part.trim())) names.add(name);
    }
  const body = [...names].map((n) => `export const ${n} = () => {};`).join('\n');
  return /export\s+default/.test(source) ? `${body}\nexport default () => {};` : body;
}

const stub = (pattern: RegExp): Plugin => ({
  name: 'stub-feature',
  setup(plugin) {
    plugin.onLoad({ filter: /\/src\/.*\.tsx?$/ }, (args) => {
      if (!pattern.test(relative(process.cwd(), args.path))) return undefined;
      return { contents: stubOf(readFileSync(args.path, 'utf8')), loader: 'ts' };
    });
  },
});

export interface FeatureCost {
  feature: string;
  gzip: number;
}

export async function profile(entry: string): Promise<{ total: number; costs: FeatureCost[] }> {
  const { gzip: total, inputs } = await measure(entry);
  const costs: FeatureCost[] = [];
  for (const [feature, pattern] of Object.entries(FEATURES)) {
    if (!inputs.some((path) => pattern.test(path))) continue;
    const without = await measure(entry, process.cwd(), { plugins: [stub(pattern)] });
    costs.push({ feature, gzip: total - without.gzip });
  }
  return { total, costs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, entry] of [
    ['drop-in', DROP_IN_ENTRY],
    ['headless', HEADLESS_ENTRY],
  ] as const) {
    const { total, costs } = await profile(entry);
    const sum = costs.reduce((s, c) => s + c.gzip, 0);
    console.log(`\n${name}: ${total} B gzip; what each feature adds (gzip B)`);
    for (const { feature, gzip } of costs) console.log(`${String(gzip).padStart(7)}  ${feature}`);
    console.log(
      `${String(total - sum).padStart(7)}  the rest: createCheckout, API client, errors, constants, and gzip the features share`,
    );
  }
}
