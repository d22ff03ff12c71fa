import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PathPlanner } from '../../../src/core/path/index.ts';
import { loadMap, loadScenarios } from '../../../tools/lib/movingai.ts';
import { searchHeap } from '../../../tools/lib/searchHeap.ts';
import { loadSessionMap, runSession } from '../../../tools/lib/session.ts';

// A search allocates its path and its result object and nothing else (issue 19), counted by V8's sampling heap
// profiler (tools/lib/searchHeap.ts), also in a process whose searches have been through other maps first: a
// game that has played the field (its searches under the crowd's policy, round others near the start) and then
// walks on a big lake map. There the window JPS once boxed a number a jump (≈ 390 bytes a search) that it never
// boxed when the lake map's searches were all it had run.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('the heap a search takes', () => {
  it('is its path and result object, after playing another map first', async () => {
    runSession(await loadSessionMap(`${ROOT}maps/field.tmj`), {
      enemies: 300,
      ticks: 1500,
      seed: 1,
      tickHz: 20,
    });
    const grid = loadMap(`${ROOT}test/fixtures/movingai/lak304d.map`);
    const queries = loadScenarios(`${ROOT}test/fixtures/movingai/lak304d.map.scen`, grid).scenarios.map(
      (s) => ({
        start: grid.index(s.startX, s.startY),
        goal: grid.index(s.goalX, s.goalY),
      }),
    );
    const planner = new PathPlanner(grid);
    planner.prepare();
    const run = (k: number) => planner.find(queries[k % queries.length]).path.length;
    for (let k = 0; k < 5000; k++) run(k);
    const heap = await searchHeap(run, 5000);
    // The sampler counts about every 32 bytes: a few bytes a search either way is its noise; a number boxed
    // on every jump would be hundreds.
    expect(Math.abs(heap.allocated - heap.needed)).toBeLessThan(12);
  });
});
