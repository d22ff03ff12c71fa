import type { NavGrid } from '../grid/index.ts';
import type { SearchSpace } from './SearchSpace.ts';

const SQRT2_MINUS_2 = Math.SQRT2 - 2;

/** Up to this many goals the heuristic takes the exact minimum over them; beyond, their bounding box. */
export const EXACT_GOALS = 8;

/**
 * The goal cells of one search, compiled once per query: their coordinates for the heuristic and the
 * partial-path distance, and a generation mark in the search space so "is this a goal" is one array read.
 * Storage grows only when a query brings more goals than any before it.
 */
export class GoalSet {
  count = 0;
  xs = new Int32Array(8);
  ys = new Int32Array(8);
  minX = 0;
  minY = 0;
  maxX = 0;
  maxY = 0;
  /** 8: octile distance; 4: Manhattan. */
  moves: 8 | 4 = 8;

  /** Reads the goal(s), validating each index; marks them in `space` (call after `space.begin()`). */
  configure(goal: number | readonly number[], grid: NavGrid, space: SearchSpace, moves: 8 | 4): void {
    this.moves = moves;
    this.count = 0;
    this.minX = this.minY = Number.POSITIVE_INFINITY;
    this.maxX = this.maxY = Number.NEGATIVE_INFINITY;
    if (typeof goal === 'number') this.add(goal, grid, space);
    else for (let i = 0; i < goal.length; i++) this.add(goal[i], grid, space);
    if (this.count === 0) throw new RangeError('path query goal set is empty');
  }

  private add(cell: number, grid: NavGrid, space: SearchSpace): void {
    if (!Number.isInteger(cell) || cell < 0 || cell >= grid.size) {
      throw new RangeError(
        `path query goal ${cell} is not a cell of the ${grid.width} × ${grid.height} grid`,
      );
    }
    if (space.goalMark[cell] === space.gen) return;
    space.goalMark[cell] = space.gen;
    if (this.count === this.xs.length) {
      const xs = new Int32Array(this.count * 2);
      const ys = new Int32Array(this.count * 2);
      xs.set(this.xs);
      ys.set(this.ys);
      this.xs = xs;
      this.ys = ys;
    }
    const x = cell % grid.width;
    const y = (cell - x) / grid.width;
    this.xs[this.count] = x;
    this.ys[this.count] = y;
    this.count++;
    if (x < this.minX) this.minX = x;
    if (x > this.maxX) this.maxX = x;
    if (y < this.minY) this.minY = y;
    if (y > this.maxY) this.maxY = y;
  }

  /**
   * A lower bound of the unit-cost distance from (x, y) to the nearest goal, and consistent (it is the
   * distance to a set: the goals themselves when few, else their bounding box, which is cheaper to ask).
   */
  estimate(x: number, y: number): number {
    if (this.count <= EXACT_GOALS) return this.nearest(x, y);
    let dx = this.minX - x;
    if (dx < 0) dx = x > this.maxX ? x - this.maxX : 0;
    let dy = this.minY - y;
    if (dy < 0) dy = y > this.maxY ? y - this.maxY : 0;
    return this.moves === 8 ? dx + dy + SQRT2_MINUS_2 * Math.min(dx, dy) : dx + dy;
  }

  /** The exact unit-cost distance (octile or Manhattan, walls ignored) from (x, y) to the nearest goal. */
  nearest(x: number, y: number): number {
    let best = Number.POSITIVE_INFINITY;
    const xs = this.xs;
    const ys = this.ys;
    const octile = this.moves === 8;
    for (let k = 0; k < this.count; k++) {
      let dx = xs[k] - x;
      if (dx < 0) dx = -dx;
      let dy = ys[k] - y;
      if (dy < 0) dy = -dy;
      const d = octile ? dx + dy + SQRT2_MINUS_2 * Math.min(dx, dy) : dx + dy;
      if (d < best) best = d;
    }
    return best;
  }
}
