import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// bench:crowd finds the shared instances wherever it is run from (it once looked for test/fixturescrowd/...
// after the tools moved into tools/bench, and every run stopped at its first map).

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('bench:crowd', () => {
  it('runs a row of ours and of grid-engine on a shared instance', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        `${ROOT}tools/bench/crowd.ts`,
        '--instances',
        'maze-34-34-2',
        '--fractions',
        '2',
        '--moves',
        '4',
        '--seconds',
        '3',
        '--ge-wall',
        '5',
        '--json',
      ],
      { encoding: 'utf8', cwd: ROOT },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const rows = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => [r.instance, r.engine, r.agents, r.moves])).toEqual([
      ['maze-34-34-2', 'ours', 3, 4],
      ['maze-34-34-2', 'grid-engine', 3, 4],
    ]);
  }, 60000);
});
