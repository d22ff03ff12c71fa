import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PathPlanner } from '../../src/core/path/index.ts';
import { loadCrowd, seededCrowd } from '../../tools/lib/crowd.ts';

/** The crowd tool's faults a user can make: each one sentence naming the row (tools/cli/crowd.ts). */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAP = `${ROOT}test/fixtures/crowd/random-32-32-20.map`;
const dir = mkdtempSync(join(tmpdir(), 'crowd-test-'));

/** A scenario file of `rows` ([sx, sy, gx, gy]) for the 32 × 32 random map. */
function scen(name: string, rows: number[][]): string {
  const file = join(dir, name);
  const lines = rows.map(
    ([sx, sy, gx, gy]) => `0\trandom-32-32-20.map\t32\t32\t${sx}\t${sy}\t${gx}\t${gy}\t10`,
  );
  writeFileSync(file, `version 1\n${lines.join('\n')}\n`);
  return file;
}

describe('crowd tool: bad rows', () => {
  it('two walkers on one start', async () => {
    const f = scen('start.scen', [
      [0, 1, 10, 1],
      [0, 1, 11, 1],
    ]);
    await expect(loadCrowd(MAP, f, 2)).rejects.toThrow(
      `${f} line 3 (agent 2): its start (0, 1) is also line 2's start; two walkers cannot stand on one tile.`,
    );
  });

  it('two walkers on one goal', async () => {
    const f = scen('goal.scen', [
      [0, 1, 10, 1],
      [1, 1, 10, 1],
    ]);
    await expect(loadCrowd(MAP, f, 2)).rejects.toThrow(
      `${f} line 3 (agent 2): its goal (10, 1) is also line 2's goal; two walkers cannot stand on one tile.`,
    );
  });

  it('a start on a blocked tile, a goal off the map', async () => {
    const blocked = scen('blocked.scen', [[2, 0, 10, 1]]);
    await expect(loadCrowd(MAP, blocked, 1)).rejects.toThrow(
      `${blocked} line 2 (agent 1): its start (2, 0) is a blocked tile.`,
    );
    const off = scen('off.scen', [[0, 1, 40, 1]]);
    // The scenario reader itself refuses a row outside the map the row names.
    await expect(loadCrowd(MAP, off, 1)).rejects.toThrow(
      'off.scen: line 2 has a start or goal outside its 32 × 32 map.',
    );
  });

  it('more agents than the file holds', async () => {
    const f = scen('short.scen', [[0, 1, 10, 1]]);
    await expect(loadCrowd(MAP, f, 5)).rejects.toThrow(
      `${f} holds 1 rows, fewer than the 5 agents asked for.`,
    );
  });

  it('the tool says it in one line on stderr and exits 1', () => {
    const f = scen('cli.scen', [
      [0, 1, 10, 1],
      [0, 1, 11, 1],
    ]);
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', `${ROOT}tools/cli/crowd.ts`, '--map', MAP, '--scen', f, '--agents', '2'],
      { encoding: 'utf8', cwd: ROOT },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      `${f} line 3 (agent 2): its start (0, 1) is also line 2's start; two walkers cannot stand on one tile.`,
    ]);
  });
});

describe('crowd tool: seeded rows (--rows SEED)', () => {
  it('draws distinct starts and goals on walkable tiles of one region, the same for the same seed', async () => {
    const a = await seededCrowd(MAP, 300, 7);
    const b = await seededCrowd(MAP, 300, 7);
    const c = await seededCrowd(MAP, 300, 8);
    expect(a.routes).toEqual(b.routes);
    expect(a.routes).not.toEqual(c.routes);
    const starts = new Set(a.routes.map((r) => `${r.sx},${r.sy}`));
    const goals = new Set(a.routes.map((r) => `${r.gx},${r.gy}`));
    expect(starts.size).toBe(300);
    expect(goals.size).toBe(300);
    const grid = a.grid;
    const planner = new PathPlanner(grid);
    for (const r of a.routes) {
      expect(grid.isWalkable(r.sx, r.sy) && grid.isWalkable(r.gx, r.gy)).toBe(true);
      const found = planner.find({ start: grid.index(r.sx, r.sy), goal: grid.index(r.gx, r.gy) });
      expect(found.status).toBe('found');
    }
  });

  it('more agents than the largest region holds, or both --scen and --rows: one sentence, exit 1', async () => {
    await expect(seededCrowd(MAP, 900, 1)).rejects.toThrow(
      `${MAP}'s largest region has 845 tiles, fewer than the 900 agents asked for.`,
    );
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', `${ROOT}tools/cli/crowd.ts`, '--map', MAP, '--agents', '2'],
      { encoding: 'utf8', cwd: ROOT },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('give either --scen FILE.scen or --rows SEED');
  });

  it("a seed that is not a 32-bit whole number (as the page's ?seed= takes): one sentence naming it, exit 1", () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', `${ROOT}tools/cli/crowd.ts`, '--map', MAP, '--rows', '1.5', '--agents', '2'],
      { encoding: 'utf8', cwd: ROOT },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      '--rows must be a whole number from -2147483648 to 4294967295, got "1.5".',
    ]);
  });
});
