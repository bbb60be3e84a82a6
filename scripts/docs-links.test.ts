import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

/** The README and every page under docs/. */
function pages(): string[] {
  const found: string[] = [join(ROOT, 'README.md')];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk(join(ROOT, 'docs'));
  return found;
}

/** Markdown links and images outside code (fenced blocks and `inline code`). */
function linksOf(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1]!)));
}

describe('the documentation', () => {
  it.each(pages().map((page) => [relative(ROOT, page), page]))(
    '%s links only to pages and headings that exist',
    (_, page) => {
      const broken: string[] = [];
      for (const link of linksOf(readFileSync(page, 'utf8'))) {
        if (/^[a-z]+:/i.test(link) || link.startsWith('/')) continue;
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? page : resolve(dirname(page), decodeURIComponent(path));
        if (!existsSync(target)) broken.push(`${link} (no such file)`);
        else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(target).has(anchor)) {
          broken.push(`${link} (no such heading)`);
        }
      }
      expect(broken).toEqual([]);
    },
  );

  it('finds a broken link and a broken heading', () => {
    expect(linksOf('see [a](docs/none.md) and `[b](c.md)` and ![x](y.png)')).toEqual(['docs/none.md', 'y.png']);
    expect(slug('The studio (apps/web)')).toBe('the-studio-appsweb');
    expect(slug('Lines to check, and what made the dub')).toBe('lines-to-check-and-what-made-the-dub');
  });
});
