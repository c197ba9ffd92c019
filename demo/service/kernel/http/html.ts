const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values: every server string is escaped before it reaches HTML. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

/** `data-…` attributes from a record; undefined values are left out. */
export const dataAttributes = (data: Readonly<Record<string, string | undefined>>): string =>
  Object.entries(data)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');

export interface PageShell {
  lang: string;
  title: string;
  /** Already-escaped HTML of the body. */
  body: string;
  stylesheets?: readonly string[];
  /** Same-origin external scripts only: the pages run under `script-src 'self'`. */
  scripts?: readonly string[];
  data?: Readonly<Record<string, string | undefined>>;
}

export const renderPage = (page: PageShell): string =>
  [
    '<!doctype html>',
    `<html lang="${escapeHtml(page.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    ...(page.stylesheets ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(page.scripts ?? []).map((src) => `<script src="${escapeHtml(src)}" defer></script>`),
    '</head>',
    `<body${dataAttributes(page.data ?? {})}>`,
    page.body,
    '</body>',
    '</html>',
    '',
  ].join('\n');

/** The origin of an http(s) URL, or '' for anything else. */
export function httpOrigin(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
  } catch {
    return '';
  }
}
