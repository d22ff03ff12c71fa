import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { PathPlanner } from '../../../src/core/path/PathPlanner.ts';

/** Cells of the path as [x, y] pairs, easier to read than indices. */
const cells = (grid: NavGrid, path: number[]) =>
  path.map((c) => [c % grid.width, Math.floor(c / grid.width)]);

describe('JumpTableSearch: the octile path check before the search', () => {
  const open = ['........', '........', '........', '........', '........'];

  it('answers without a search when the diagonal run then the straight run is open', () => {
    const grid = NavGrid.fromRows(open);
    const r = new PathPlanner(grid).find({ start: grid.index(0, 0), goal: grid.index(6, 3) }, 'jps');
    expect(r.status).toBe('found');
    expect(r.expanded).toBe(2);
    expect(r.cost).toBeCloseTo(3 * Math.SQRT2 + 3, 12);
    expect(cells(grid, r.path)).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 3],
      [5, 3],
      [6, 3],
    ]);
  });

  it('takes the straight run first when the diagonal run is blocked', () => {
    const rows = open.slice();
    rows[2] = '..#.....';
    const grid = NavGrid.fromRows(rows);
    const r = new PathPlanner(grid).find({ start: grid.index(0, 0), goal: grid.index(6, 3) }, 'jps');
    expect(r.expanded).toBe(2);
    expect(r.cost).toBeCloseTo(3 * Math.SQRT2 + 3, 12);
    expect(cells(grid, r.path)).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 1],
      [5, 2],
      [6, 3],
    ]);
  });

  it('searches when neither order is open, and the path is still the cheapest', () => {
    const rows = open.slice();
    rows[1] = '....#...';
    rows[2] = '..#.....';
    const grid = NavGrid.fromRows(rows);
    const planner = new PathPlanner(grid);
    const q = { start: grid.index(0, 0), goal: grid.index(6, 3) };
    const r = planner.find(q, 'jps');
    expect(r.status).toBe('found');
    expect(r.expanded).toBeGreaterThan(2);
    expect(r.cost).toBeCloseTo(planner.find(q, 'dijkstra').cost, 12);
  });

  it('does not cut a corner: a diagonal past a wall is not an open run', () => {
    const grid = NavGrid.fromRows(['.#.', '...', '...']);
    const planner = new PathPlanner(grid);
    const r = planner.find({ start: grid.index(0, 0), goal: grid.index(2, 2) }, 'jps');
    expect(r.expanded).toBeGreaterThan(2);
    expect(r.cost).toBeCloseTo(2 + Math.SQRT2, 12);
    // (0, 0) to (1, 1) would brush the wall at (1, 0): the path steps down first.
    expect(cells(grid, r.path)[0]).toEqual([0, 1]);
  });

  it('does not walk into a goal on a wall', () => {
    const grid = NavGrid.fromRows(['....', '....', '...#']);
    const r = new PathPlanner(grid).find({ start: grid.index(0, 0), goal: grid.index(3, 2) }, 'jps');
    expect(r.status).toBe('none');
  });
});
