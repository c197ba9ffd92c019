// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** The repository's own documentation: what a newcomer follows link by link. */
const DOCS = [
  'README.md',
  'demo/README-sandbox.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Markdown without fenced code blocks and inline code, where brackets are not links. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, -1 on repeats. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading = ''] of text
    .replace(/^```[\s\S]*?^```/gm, '')
    .matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every relative link and image target of a document: `[text](target)`. */
const linksOf = (text: string) =>
  [...prose(text).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map(([, target = '']) => target)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));

describe('relative links in the README and docs/', () => {
  it('finds the documents and their links', () => {
    expect(DOCS).toEqual(expect.arrayContaining(['README.md', 'docs/server.md']));
    expect(linksOf(readFileSync(join(ROOT, 'README.md'), 'utf8')).length).toBeGreaterThan(10);
  });

  it.each(DOCS)('%s: every relative link reaches a file, and its #anchor a heading', (doc) => {
    const file = join(ROOT, doc);
    const broken: string[] = [];
    for (const link of linksOf(readFileSync(file, 'utf8'))) {
      const [path = '', anchor] = link.split('#');
      const target = path === '' ? file : join(dirname(file), decodeURIComponent(path));
      if (!existsSync(target)) {
        broken.push(`${link} (no file ${relative(ROOT, target)})`);
      } else if (anchor !== undefined && target.endsWith('.md')) {
        if (!anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
          broken.push(`${link} (no heading for #${anchor})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('anchorsOf', () => {
  it('follows GitHub: code, punctuation and case dropped, repeats numbered', () => {
    const text = '# `mount()`: the drop-in form\n## POST /v1/charges/{id}/resume-3ds\n## A\n## A\n';
    expect([...anchorsOf(text)]).toEqual([
      'mount-the-drop-in-form',
      'post-v1chargesidresume-3ds',
      'a',
      'a-1',
    ]);
  });
});

describe('the documentation after a merge', () => {
  it.each(DOCS)('%s has no conflict markers left', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(text.match(/^(<{7}|>{7}) .*$/gm) ?? []).toEqual([]);
  });
});
