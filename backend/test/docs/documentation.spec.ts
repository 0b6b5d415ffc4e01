import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');
const pages = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .trim()
    .replace(/ /g, '-');
}

function headingsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (heading) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}

/** The links of a page that point inside the repository: `[text](target)`, outside code. */
function localLinks(text: string): string[] {
  const withoutCode = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z]+:/.test(target));
}

describe('the documentation', () => {
  it('keeps the README short: what it is, the two commands and where the rest is', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    expect(readme).toContain('make start');
    expect(readme).toContain('make test');
  });

  it('links every page of docs/ from the README', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const linked = new Set(localLinks(readme).map((target) => target.split('#')[0]));
    const unlinked = pages.filter((page) => page.startsWith('docs/') && !linked.has(page));
    expect(unlinked).toEqual([]);
  });

  it.each(pages)('%s links only to files and headings that exist', (page) => {
    const text = readFileSync(path.join(ROOT, page), 'utf8');
    const broken = localLinks(text).filter((target) => {
      const [file, anchor] = target.split('#');
      const targetPath = file ? path.join(ROOT, path.dirname(page), file) : path.join(ROOT, page);
      if (!existsSync(targetPath)) return true;
      if (!anchor || !targetPath.endsWith('.md')) return false;
      return !headingsOf(readFileSync(targetPath, 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
