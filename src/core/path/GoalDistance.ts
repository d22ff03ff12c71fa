import type { NavGrid } from '../grid/index.ts';
import { OpenHeap } from './OpenHeap.ts';
import type { StepMasks } from './StepMasks.ts';

const SQRT2_MINUS_2 = Math.SQRT2 - 2;

/**
 * The exact walk to one goal over the map's walls (8 or 4 moves, steps of 1 and √2, no corner cutting), found
 * backwards from the goal only as far as asked: Reverse Resumable A* (Silver, "Cooperative Pathfinding",
 * AIIDE 2005). `aim` starts a search from the goal towards a walker's start; `distance(cell)` goes on with it
 * until `cell` is closed. A* with a consistent estimate closes every cell at its exact distance, whatever
 * cell it is aimed at, so a cell asked for off the way costs only the cells nearer than it.
 *
 * It steers a walker's timetable on maps too big for a distance field per walker: with the exact distance
 * the space-time search goes down the way and spreads only where others' reservations make it wait or turn,
 * where the octile distance or landmarks' bound let it comb the shore of every lake on the way.
 *
 * Walls only: one-way edges and cell costs are not read, so the distance is a lower bound where they exist.
 * Scratch arrays are the grid's size, stamped per search; nothing is allocated per search.
 */
export class GoalDistance {
  /** Cells closed since made (the search's work, for a caller's budget). */
  work = 0;
  private readonly grid: NavGrid;
  private readonly steps: StepMasks;
  private readonly g: Float64Array;
  private readonly stamp: Int32Array;
  private readonly pos: Int32Array;
  private readonly heap: OpenHeap;
  private gen = 0;
  private goal = -1;
  private moves: 8 | 4 = 8;
  private version = -1;
  // The start aimed at, for the estimate.
  private sx = 0;
  private sy = 0;

  constructor(grid: NavGrid, steps: StepMasks) {
    this.grid = grid;
    this.steps = steps;
    this.g = new Float64Array(grid.size);
    this.stamp = new Int32Array(grid.size);
    this.pos = new Int32Array(grid.size);
    this.heap = new OpenHeap(grid.size, this.pos);
  }

  /**
   * Distances to `goal` from here on, the search aimed at `start`. The search made for the same goal and
   * moves on the same walls goes on, aimed where it was (its cells are exact whatever it was aimed at).
   */
  aim(goal: number, start: number, moves: 8 | 4): void {
    const grid = this.grid;
    if (goal === this.goal && moves === this.moves && grid.version === this.version) return;
    // Aimed once per search: the open cells' keys all use one estimate (a consistent one), which is what
    // makes every cell closed exact.
    const w = grid.width;
    this.sx = start % w;
    this.sy = (start - this.sx) / w;
    this.steps.refresh();
    this.goal = goal;
    this.moves = moves;
    this.version = grid.version;
    if (++this.gen === 0x7fffffff) {
      this.stamp.fill(0);
      this.gen = 1;
    }
    this.heap.clear();
    if (goal < 0 || goal >= grid.size || grid.walkable[goal] !== 1) return;
    this.stamp[goal] = this.gen;
    this.g[goal] = 0;
    this.heap.push(goal, this.estimate(goal), 0);
  }

  /** The exact walk from `cell` to the goal aimed at (Infinity when it cannot be reached). */
  distance(cell: number): number {
    const stamp = this.stamp;
    const gen = this.gen;
    const pos = this.pos;
    if (stamp[cell] === gen && pos[cell] === -1) return this.g[cell];
    const heap = this.heap;
    const g = this.g;
    const masks = this.steps.masks;
    const offset = this.steps.offset;
    const length = this.steps.length;
    const bits = this.moves === 8 ? 8 : 4;
    while (heap.size > 0) {
      const v = heap.pop();
      this.work++;
      const gv = g[v];
      // Backwards: the cells u that step into v. The masks read walls only, so they are symmetric: v's own
      // mask lists them.
      const m = masks[v];
      for (let b = 0; b < bits; b++) {
        if ((m & (1 << b)) === 0) continue;
        const u = v + offset[b];
        const gu = gv + length[b];
        if (stamp[u] !== gen) {
          stamp[u] = gen;
          g[u] = gu;
          heap.push(u, gu + this.estimate(u), gu);
        } else if (pos[u] !== -1 && gu < g[u]) {
          g[u] = gu;
          heap.decrease(u, gu + this.estimate(u), gu);
        }
      }
      if (v === cell) return gv;
    }
    return Number.POSITIVE_INFINITY;
  }

  /** The octile distance (Manhattan with 4 moves) from `cell` to the start aimed at: consistent. */
  private estimate(cell: number): number {
    const w = this.grid.width;
    const x = cell % w;
    let dx = x - this.sx;
    if (dx < 0) dx = -dx;
    let dy = (cell - x) / w - this.sy;
    if (dy < 0) dy = -dy;
    if (this.moves === 4) return dx + dy;
    return dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
  }
}
