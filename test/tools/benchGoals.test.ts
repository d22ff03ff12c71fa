import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// bench:goals runs the crowd issue's goals on drawn rows; here one small row, and a bad argument.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function goals(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', `${ROOT}tools/bench/crowdGoals.ts`, ...args], {
    encoding: 'utf8',
    cwd: ROOT,
  });
}

describe('bench:goals', () => {
  it('runs a drawn row with each moves and says which goals it meets', () => {
    const run = goals('--maps', 'maze-34-34-2', '--shares', '2', '--rows', '1', '--seconds', '60', '--json');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const rows = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // 2 % of the maze's free tiles, drawn by seed 1, with 8 and then 4 moves: a handful of walkers, all home.
    expect(rows.map((r) => [r.map, r.share, r.rows, r.moves])).toEqual([
      ['maze-34-34-2', 2, 1, 8],
      ['maze-34-34-2', 2, 1, 4],
    ]);
    for (const r of rows) {
      expect(r.agents).toBe(rows[0].agents);
      expect(r.arrived).toBe(r.agents);
      expect(r.misses).toEqual([]);
    }
  }, 60000);

  it('names a map it does not know in one sentence', () => {
    const run = goals('--maps', 'lake');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      '--maps: "lake" is not one of random-32-32-20, room-33-33-3, maze-34-34-2, warehouse-50-18, random-64-64-20, maze-64-64-2, room-65-65-7.\n',
    );
  });
});
