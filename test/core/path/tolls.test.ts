// Tolls (PathQuery.toll): cells a path pays extra to enter unless they are its goals. Only A*'s general loop
// prices them; the planner keeps a faster loop's path when it pays none and asks A* again when it does, so every
// answer costs what A*'s general loop says.
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { PathPlanner } from '../../../src/core/path/PathPlanner.ts';
import { Rng } from '../../../src/core/world/index.ts';

describe('tolls', () => {
  it("the planner answers what A*'s general loop does, on random grids with random tolls and crowds", () => {
    const rng = new Rng(17);
    let paid = 0;
    for (let round = 0; round < 60; round++) {
      const w = 12 + rng.int(20);
      const h = 12 + rng.int(20);
      const grid = new NavGrid(w, h);
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) grid.setWalkable(x, y, rng.int(100) >= 25);
      const walkable: number[] = [];
      for (let i = 0; i < grid.size; i++) if (grid.walkable[i] === 1) walkable.push(i);
      if (walkable.length < 10) continue;
      for (let k = 0; k < 6; k++) grid.occupant[walkable[rng.int(walkable.length)]] = 2;
      const planner = new PathPlanner(grid);
      if (round % 2 === 0) planner.prepare();
      const cells = Array.from({ length: 1 + rng.int(12) }, () => walkable[rng.int(walkable.length)]);
      for (let q = 0; q < 20; q++) {
        const start = walkable[rng.int(walkable.length)];
        const goal = walkable[rng.int(walkable.length)];
        const query = {
          start,
          goal: q % 4 === 0 ? [goal, walkable[rng.int(walkable.length)]] : goal,
          moves: (q % 5 === 0 ? 4 : 8) as 8 | 4,
          occupancy: { kind: 'cost' as const, self: 1, extra: 4, radius: 3 },
          partial: true,
          toll: { cells, extra: 1 + rng.int(6) },
        };
        const auto = planner.find(query);
        const ref = planner.find(query, 'astar-general');
        expect(auto.status).toBe(ref.status);
        expect(auto.cost).toBeCloseTo(ref.cost, 9);
        const untolled = planner.find({ ...query, toll: undefined });
        if (ref.cost > untolled.cost + 1e-9) paid++;
      }
    }
    expect(paid, 'some queries went round or paid their tolls').toBeGreaterThan(20);
  });

  it('a goal is never tolled, and a path that must cross a toll pays it', () => {
    const grid = NavGrid.fromRows(['#######', '#.....#', '#######']);
    const planner = new PathPlanner(grid);
    planner.prepare();
    const toll = { cells: [grid.index(3, 1)], extra: 5 };
    expect(planner.find({ start: grid.index(1, 1), goal: grid.index(3, 1), toll }).cost).toBe(2);
    const over = planner.find({ start: grid.index(1, 1), goal: grid.index(5, 1), toll });
    expect([over.status, over.cost]).toEqual(['found', 9]);
  });
});
