// One front door per package: outside src/core/<package>/ (and its own tests in test/core/<package>/), code
// imports src/core/<package>/index.ts or src/core/index.ts, never a file behind them. A newcomer reads the
// index to learn a package's API; the files behind it can be split and renamed without touching the game.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SCANNED = ['src', 'tools', 'test', 'examples'];

function sources(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of names) {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.(ts|mts)$/.test(name)) out.push(p);
  }
  return out;
}

/** Every import of a file behind a package's front door, as "importer → imported". */
function backDoors(): string[] {
  const found: string[] = [];
  for (const top of SCANNED) {
    for (const file of sources(join(ROOT, top))) {
      const from = relative(ROOT, file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
        const target = relative(ROOT, resolve(dirname(file), m[1]));
        const pkg = /^src\/core\/([a-z]+)\/(.+)$/.exec(target);
        if (!pkg || pkg[2] === 'index.ts') continue;
        if (from.startsWith(`src/core/${pkg[1]}/`) || from.startsWith(`test/core/${pkg[1]}/`)) continue;
        found.push(`${from} → ${target}`);
      }
    }
  }
  return found;
}

describe('front doors', () => {
  it('every core package has an index.ts, and src/core/index.ts re-exports them', () => {
    const packages = readdirSync(join(ROOT, 'src/core')).filter((n) =>
      statSync(join(ROOT, 'src/core', n)).isDirectory(),
    );
    expect(packages.sort()).toEqual(['grid', 'path', 'tiled', 'world']);
    const core = readFileSync(join(ROOT, 'src/core/index.ts'), 'utf8');
    for (const p of packages) {
      expect(statSync(join(ROOT, 'src/core', p, 'index.ts')).isFile()).toBe(true);
      expect(core).toContain(`'./${p}/index.ts'`);
    }
  });

  it('nothing outside a package imports a file behind its index', () => {
    expect(backDoors()).toEqual([]);
  });
});

describe('view and scenes', () => {
  it('view/ never imports a scene: scenes use the view, not the other way round', () => {
    const offenders: string[] = [];
    for (const file of sources(join(ROOT, 'src/view'))) {
      if (/from\s+'\.\.\/scenes\//.test(readFileSync(file, 'utf8'))) offenders.push(relative(ROOT, file));
    }
    expect(offenders).toEqual([]);
  });
});
