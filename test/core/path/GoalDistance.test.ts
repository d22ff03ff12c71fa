import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { PathPlanner } from '../../../src/core/path/PathPlanner.ts';

/** A grid of w × h with walls where `walls` says (row-major, cycled). */
function walled(w: number, h: number, walls: boolean[]): NavGrid {
  const grid = new NavGrid(w, h);
  for (let i = 0; i < w * h; i++) grid.setWalkable(i % w, Math.floor(i / w), !walls[i % walls.length]);
  return grid;
}

describe('GoalDistance (reverse resumable A*)', () => {
  it('gives every cell its exact walk to the goal, asked in any order, with 8 and with 4 moves', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 1, max: 14 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 196 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom(8 as const, 4 as const),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        (w, h, walls, g, s, moves, asks) => {
          const grid = walled(w, h, walls);
          const goal = g % grid.size;
          const start = s % grid.size;
          const planner = new PathPlanner(grid);
          const exact = new Float64Array(grid.size);
          planner.distanceField(goal, exact, { moves, reverse: true });
          const gd = planner.goalDistance();
          gd.aim(goal, start, moves);
          // The start first (as a timetable's search asks), then cells anywhere, some twice.
          for (const c of [start, ...asks.map((a) => a % grid.size)]) {
            const want = grid.walkable[goal] === 1 ? exact[c] : Number.POSITIVE_INFINITY;
            if (want === Number.POSITIVE_INFINITY) expect(gd.distance(c)).toBe(want);
            else expect(gd.distance(c)).toBeCloseTo(want, 9);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('goes on with the same goal, starts again for another goal or new walls', () => {
    // A room with a wall down the middle, open at the bottom (no corner cut round its end: 4 + 6√2 across).
    const grid = NavGrid.fromRows(['.....#.....', '.....#.....', '.....#.....', '...........']);
    const planner = new PathPlanner(grid);
    const gd = planner.goalDistance();
    const at = (x: number, y: number) => y * grid.width + x;
    gd.aim(at(0, 0), at(10, 0), 8);
    expect(gd.distance(at(10, 0))).toBeCloseTo(4 + 6 * Math.SQRT2, 9);
    const work = gd.work;
    // Aimed again for the same goal (another walker, another start): cells already closed cost nothing.
    gd.aim(at(0, 0), at(9, 0), 8);
    expect(gd.distance(at(10, 0))).toBeCloseTo(4 + 6 * Math.SQRT2, 9);
    expect(gd.work).toBe(work);
    // Another goal: a new search.
    gd.aim(at(10, 0), at(0, 0), 8);
    expect(gd.distance(at(10, 0))).toBe(0);
    expect(gd.distance(at(0, 0))).toBeCloseTo(4 + 6 * Math.SQRT2, 9);
    // The gap at the bottom walled: the halves are apart.
    grid.setWalkable(5, 3, false);
    gd.aim(at(10, 0), at(0, 0), 8);
    expect(gd.distance(at(0, 0))).toBe(Number.POSITIVE_INFINITY);
    expect(gd.distance(at(9, 0))).toBe(1);
  });
});
