import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCrowd } from '../../tools/lib/crowd.ts';

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
