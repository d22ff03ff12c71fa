import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { Landmarks } from '../../../src/core/path/Landmarks.ts';
import { PathPlanner } from '../../../src/core/path/PathPlanner.ts';
import { oracleDistances } from './oracle.ts';

/** The landmarks' bound between cells v and g, as WindowJumpSearch computes it for one goal. */
function bound(l: Landmarks, v: number, g: number): number {
  let best = 0;
  for (let k = 0; k < l.count; k++) {
    const dv = l.dist[v * l.count + k];
    const dg = l.dist[g * l.count + k];
    if (dv === Number.POSITIVE_INFINITY || dg === Number.POSITIVE_INFINITY) continue;
    best = Math.max(best, Math.abs(dv - dg));
  }
  return best;
}

describe('Landmarks (the differential heuristic)', () => {
  it('holds each landmark’s true distances, and bounds every walk from below', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }),
        fc.integer({ min: 2, max: 14 }),
        fc.array(fc.boolean(), { minLength: 196, maxLength: 196 }),
        (w, h, walls) => {
          const grid = new NavGrid(w, h);
          for (let i = 0; i < w * h; i++) grid.setWalkable(i % w, Math.floor(i / w), !walls[i]);
          const planner = new PathPlanner(grid);
          const l = new Landmarks(grid);
          l.refresh((s, out) => planner.distanceField(s, out));
          for (let k = 0; k < l.count; k++) {
            const cell = l.cells[k];
            if (cell < 0) continue;
            const truth = oracleDistances(grid, cell, []);
            for (let i = 0; i < grid.size; i++) expect(l.dist[i * l.count + k]).toBeCloseTo(truth[i], 9);
          }
          for (let v = 0; v < grid.size; v++) {
            if (grid.walkable[v] !== 1) continue;
            const truth = oracleDistances(grid, v, []);
            for (let g = 0; g < grid.size; g++) {
              expect(l.bound(v, g)).toBe(bound(l, v, g));
              if (truth[g] < Number.POSITIVE_INFINITY)
                expect(bound(l, v, g)).toBeLessThanOrEqual(truth[g] + 1e-9);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('sit in the largest region, the first in one of its far corners', () => {
    const grid = NavGrid.fromRows(['..#.......', '..#.......', '###.......', '..........']);
    const planner = new PathPlanner(grid);
    const l = new Landmarks(grid);
    l.refresh((s, out) => planner.distanceField(s, out));
    for (const c of l.cells) expect(c % grid.width >= 3 || Math.floor(c / grid.width) === 3).toBe(true);
    // The little room at the top left is another region: no landmark reaches it, so it bounds nothing.
    expect(l.dist[0]).toBe(Number.POSITIVE_INFINITY);
    expect(bound(l, 0, grid.index(9, 3))).toBe(0);
  });
});

describe('PathPlanner.estimate (what the crowd’s timetables are steered by on big maps)', () => {
  // A wall across the map with its one gap at the far east: west of the wall to just below it is a long walk.
  const rows = ['..........', '..........', '#########.', '..........', '..........'];

  it('never exceeds the walk, with 8 moves and with 4, and knows the wall once the map is prepared', () => {
    const grid = NavGrid.fromRows(rows);
    const planner = new PathPlanner(grid);
    const a = grid.index(0, 1);
    const b = grid.index(0, 3);
    // Before prepare: the octile distance alone.
    expect(planner.estimate(a, b)).toBe(2);
    planner.prepare();
    for (const moves of [8, 4] as const) {
      for (let v = 0; v < grid.size; v++) {
        if (grid.walkable[v] !== 1) continue;
        for (let g = 0; g < grid.size; g++) {
          if (grid.walkable[g] !== 1) continue;
          const walk = planner.find({ start: v, goal: g, moves }).cost;
          expect(planner.estimate(v, g, moves)).toBeLessThanOrEqual(walk + 1e-9);
        }
      }
    }
    // Round the wall: 9 east, 2 down past its end, 9 back west (the two diagonals save 2 - √2 each way).
    const walk = planner.find({ start: a, goal: b }).cost;
    expect(planner.estimate(a, b)).toBeGreaterThan(10);
    expect(planner.estimate(a, b)).toBeLessThanOrEqual(walk + 1e-9);
  });

  it('is the octile distance alone on a map whose steps do not all cost their length', () => {
    const grid = NavGrid.fromRows(rows);
    grid.setCost(5, 0, 3);
    const planner = new PathPlanner(grid);
    planner.prepare();
    expect(planner.estimate(grid.index(0, 1), grid.index(0, 3))).toBe(2);
  });
});
