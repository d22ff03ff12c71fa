// The README and docs/ are read in a clone, often with no network: every link in them leads to a file of the
// repository that is there (none to ../shared, none off the repository).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('README and docs/', () => {
  it('have the four docs a newcomer is sent to', () => {
    for (const f of ['architecture.md', 'maps.md', 'movement.md', 'performance.md'])
      expect(existsSync(join(ROOT, 'docs', f)), `docs/${f}`).toBe(true);
  });

  it('link only to files of the repository that exist', () => {
    const bad: string[] = [];
    for (const doc of DOCS) {
      const text = readFileSync(join(ROOT, doc), 'utf8');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1].split('#')[0];
        if (target === '') continue;
        const abs = join(ROOT, dirname(doc), target);
        if (/^[a-z]+:/i.test(target) || relative(ROOT, abs).startsWith('..') || !existsSync(abs))
          bad.push(`${doc}: ${m[1]}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
