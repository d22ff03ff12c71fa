import { describe, expect, it } from 'vitest';
import { Dir, NavGrid } from '../../../src/core/grid/index.ts';
import { JumpTable } from '../../../src/core/path/JumpTable.ts';
import { PathPlanner } from '../../../src/core/path/PathPlanner.ts';

const entry = (t: JumpTable, grid: NavGrid, x: number, y: number, d: number) =>
  t.dist[grid.index(x, y) * 8 + d];

describe('JumpTable', () => {
  // A pillar at (3, 1): going east along row 0, (3, 0) is forced (its south side opens past the pillar at 4).
  const rows = ['......', '...#..', '......'];

  it('gives the distance to the next straight jump point, or minus the steps to the wall', () => {
    const grid = NavGrid.fromRows(rows);
    const t = new JumpTable(grid);
    t.refresh();
    // East from (0, 0): (4, 0) is where row 0 may turn down past the pillar.
    expect(entry(t, grid, 0, 0, Dir.E)).toBe(4);
    // East from (4, 0): no jump point, one step to the edge.
    expect(entry(t, grid, 4, 0, Dir.E)).toBe(-1);
    // East from (2, 1): the pillar is next.
    expect(entry(t, grid, 2, 1, Dir.E)).toBe(0);
    // West from (5, 0): (2, 0) lies past the pillar's west side, where row 0 may turn down.
    expect(entry(t, grid, 5, 0, Dir.W)).toBe(3);
  });

  it('gives the diagonal distance to a cell whose straight jump finds a jump point', () => {
    const grid = NavGrid.fromRows(rows);
    const t = new JumpTable(grid);
    t.refresh();
    // South-east from (0, 0): (1, 1) jumps nowhere (one step east to the pillar, one south to the edge);
    // (2, 2) does: east of it, (4, 2) is where row 2 may turn up past the pillar.
    expect(entry(t, grid, 0, 0, Dir.SE)).toBe(2);
    expect(entry(t, grid, 1, 1, Dir.SE)).toBe(1);
    // A diagonal into the pillar's corner is refused (no corner cutting): from (2, 0) south-east needs (3, 0)
    // and (2, 1) open and (3, 1) open; (3, 1) is the pillar.
    expect(entry(t, grid, 2, 0, Dir.SE)).toBe(0);
  });

  it('follows the grid when a wall is added between two searches', () => {
    const grid = NavGrid.fromRows(['..........', '..........', '..........']);
    const planner = new PathPlanner(grid);
    const first = planner.find({ start: grid.index(0, 1), goal: grid.index(9, 1) }, 'jps');
    expect(first.cost).toBe(9);
    for (let y = 0; y < 3; y++) if (y !== 2) grid.setWalkable(5, y, false);
    const second = planner.find({ start: grid.index(0, 1), goal: grid.index(9, 1) }, 'jps');
    expect(second.status).toBe('found');
    expect(second.path).not.toContain(grid.index(5, 1));
    expect(second.cost).toBeCloseTo(7 + 2 * Math.SQRT2, 9);
  });
});
