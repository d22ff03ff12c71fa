import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// bench:path's heap part (`--heap`): 10,000 searches on lak304d, A* and JPS, watched by V8's sampling heap
// profiler. A search allocates its path and its result object and nothing else (issue 19's "no allocation per
// search beyond the path"); the bench finds its own fixtures from wherever it is run.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('bench:path --heap', () => {
  it('finds its maps and shows a search allocating nothing beyond its answer', () => {
    const run = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', `${ROOT}tools/bench/path.ts`, '--heap'],
      { encoding: 'utf8', cwd: `${ROOT}test` },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const beyond = [
      ...run.stdout.matchAll(/^ {2}(astar|jps) +allocated .*: (-?\d+) B\/search beyond the answer/gm),
    ];
    expect(beyond.map((m) => m[1])).toEqual(['astar', 'jps']);
    // The sampler counts about every 32 bytes: a few bytes a search either way is its noise, a boxed number
    // or an array a search would be 16 bytes or more every time.
    for (const m of beyond) expect(Math.abs(Number(m[2]))).toBeLessThan(12);
  }, 120000);
});
