// tools/ in rooms, one way: tests may import tools (they test them), tools never import tests; every script
// in package.json names a file that is there.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else if (/\.(ts|mts|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

describe('tools/', () => {
  it('has only its rooms at the top: cli, bench, authoring, lib', () => {
    expect(readdirSync(join(ROOT, 'tools')).sort()).toEqual(['authoring', 'bench', 'cli', 'lib']);
  });

  it('never imports from test/', () => {
    const offenders = filesUnder(join(ROOT, 'tools')).filter((f) =>
      /from\s+['"](\.\.\/)+test\//.test(readFileSync(f, 'utf8')),
    );
    expect(offenders.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('has a file for every tsx script in package.json', () => {
    const scripts: Record<string, string> = JSON.parse(
      readFileSync(join(ROOT, 'package.json'), 'utf8'),
    ).scripts;
    const missing: string[] = [];
    for (const [name, command] of Object.entries(scripts)) {
      for (const m of command.matchAll(/\btools\/\S+\.ts\b/g))
        if (!existsSync(join(ROOT, m[0]))) missing.push(`${name}: ${m[0]}`);
    }
    expect(missing).toEqual([]);
  });
});
