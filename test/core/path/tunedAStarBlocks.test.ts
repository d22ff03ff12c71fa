// A*'s tuned loop's eight written-out direction blocks (TunedLoop.ts) are one template: each block is the
// first (north) with its row of the table in TunedAStar.ts's header filled in. A fix made in one block and
// not the others fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(import.meta.dirname, '../../../src/core/path');
/** The file whose header holds the table, and the file of the loop. */
const TABLE_FILE = join(DIR, 'TunedAStar.ts');
const LOOP_FILE = join(DIR, 'TunedLoop.ts');

interface Row {
  bit: number;
  cell: string;
  cost: string;
  x: string;
  y: string;
}

function table(text: string): Row[] {
  const rows: Row[] = [];
  const re =
    /^ \*\s+(\d+)\s+[NESW]{1,2}\s+(c(?: [-+] \w)+)\s+(1|SQRT2)\s+(hx(?: [-+] 1)?)\s+(hy(?: [-+] 1)?)\s*$/gm;
  for (const m of text.matchAll(re))
    rows.push({ bit: Number(m[1]), cell: m[2], cost: m[3], x: m[4], y: m[5] });
  return rows;
}

/** The blocks `if ((m & BIT) !== 0) { … }` of the search loop, in file order, with their bit. */
function blocks(text: string): { bit: number; body: string }[] {
  const out: { bit: number; body: string }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)if \(\(m & (\d+)\) !== 0\) \{$/.exec(lines[i]);
    if (!m) continue;
    const end = lines.indexOf(`${m[1]}}`, i);
    out.push({ bit: Number(m[2]), body: lines.slice(i, end + 1).join('\n') });
  }
  return out;
}

/** A block with its row's values replaced by placeholders. */
function template(body: string, row: Row): string {
  const cost = row.cost === '1' ? /gc \+ 1;/ : /gc \+ SQRT2;/;
  return body
    .replace(`(m & ${row.bit})`, '(m & BIT)')
    .replace(`(pen & ${row.bit})`, '(pen & BIT)')
    .replace(`const v = ${row.cell};`, 'const v = CELL;')
    .replace(cost, 'gc + COST;')
    .replace(`let dx = ${row.x};`, 'let dx = X;')
    .replace(`let dy = ${row.y};`, 'let dy = Y;');
}

describe('TunedAStar direction blocks', () => {
  const rows = table(readFileSync(TABLE_FILE, 'utf8'));
  const found = blocks(readFileSync(LOOP_FILE, 'utf8'));

  it('has a table row for each of the eight steps, in bit order', () => {
    expect(rows.map((r) => r.bit)).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
  });

  it('writes out eight blocks, one per row, in the same order', () => {
    expect(found.map((b) => b.bit)).toEqual(rows.map((r) => r.bit));
  });

  it('makes each block the template with its row filled in', () => {
    const first = template(found[0].body, rows[0]);
    expect(first).toContain('const v = CELL;');
    expect(first).toContain('let dx = X;');
    expect(first).toContain('let dy = Y;');
    expect(first).toContain('gc + COST;');
    for (let k = 1; k < found.length; k++)
      expect(template(found[k].body, rows[k]), `bit ${rows[k].bit}`).toBe(first);
  });
});
