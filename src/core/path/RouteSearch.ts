import type { NavGrid } from '../grid/index.ts';
import type { GoalSet } from './GoalSet.ts';
import { OCCUPANCY_BLOCK, type OccupancyRules } from './OccupancyRules.ts';
import type { OccupancyWindow } from './OccupancyWindow.ts';
import { length, MOVE_BITS, NO_MOVE, type RouteTable, runOf, steps, UNREACHED } from './RouteTable.ts';
import { OUTCOME_FOUND, type SearchOutcome } from './SearchOutcome.ts';
import { CLOSED_STAMP, type SearchSpace } from './SearchSpace.ts';
import type { StepMasks } from './StepMasks.ts';

const DXS = new Int8Array([0, 1, 1, 1, 0, -1, -1, -1]);
const DYS = new Int8Array([-1, -1, 0, 1, 1, 1, 0, -1]);
const SQRT2_MINUS_1 = Math.SQRT2 - 1;

/**
 * A game query on a small map answered from its route table (RouteTable) instead of searched. The policy only
 * adds cost or walls, and only near the start (the cells others hold within its radius, OccupancyWindow), so
 * the table's static walks are lower bounds of every walk under it, met wherever it leaves them untouched:
 * - With nobody near (the policy affects no cell), the answer is the static walk to the nearest goal, read off
 *   the goal's row by first steps: one load a straight run of it, no search.
 * - Otherwise A* runs under the policy, steered by the table's exact static distance to the nearest goal (a
 *   consistent lower bound), and stops on the first cell it takes off the open list whose static walk on no
 *   step of which enters a cell the policy affects (or, under 'block', squeezes diagonally past one): that walk
 *   makes the cell's f a cost met, and no open cell has a smaller f. With the exact distance it expands the
 *   cells near the others and little else. Whether a walk is untouched is checked step by step until no
 *   shortest walk on could reach the others' box (`untouched`).
 * It answers nothing (the planner then searches) where no goal can be reached over the walls, or none under
 * the policy, or a goal is shut in: never a walk dearer than A*'s general loop finds (the oracle's property
 * tests hold it to 1e-9).
 *
 * Reads the goal's row of the table (a few cache lines, tiles being in Z-order) and makes the path itself (no
 * tracePath). Allocates nothing but the path once its scratch has grown to the largest walk seen.
 */
export class RouteSearch {
  private readonly grid: NavGrid;
  private readonly space: SearchSpace;
  private readonly goals: GoalSet;
  private readonly table: RouteTable;
  private readonly masks: StepMasks;
  private readonly rules: OccupancyRules;
  private readonly win: OccupancyWindow;
  /** The cells `untouched` walked, one by one, before it could tell the rest is untouched, and from where. */
  private prefix = new Int32Array(0);
  private prefixLength = 0;
  private clearFrom = -1;
  /**
   * Doubles handed between methods: [0] a walk's cost so far, [1] the length of the walk `nearestGoal` found
   * last. A double passed to or returned from a call V8 does not inline is boxed (an allocation a search);
   * written here, it is not.
   */
  private readonly num = new Float64Array(2);
  /** A lower bound of the static walk to goal `nearBoxFor` from the window's grown box (`measureBox`). */
  private nearBox = 0;
  private nearBoxFor = -1;

  constructor(
    grid: NavGrid,
    space: SearchSpace,
    goals: GoalSet,
    table: RouteTable,
    masks: StepMasks,
    rules: OccupancyRules,
    win: OccupancyWindow,
  ) {
    this.grid = grid;
    this.space = space;
    this.goals = goals;
    this.table = table;
    this.masks = masks;
    this.rules = rules;
    this.win = win;
  }

  /**
   * Answers the query from `start` to the configured goals under the compiled window into `out`; false when it
   * cannot (no goal reachable over the walls, or the policy touches every way it tried): then search.
   */
  run(start: number, out: SearchOutcome): boolean {
    const table = this.table;
    if (table.index[start] < 0) return false;
    const goals = this.goals;
    const goal = goals.count === 1 ? goals.ys[0] * this.grid.width + goals.xs[0] : this.nearestGoal(start);
    if (goal < 0 || table.index[goal] < 0) return false;
    if (this.win.count === 0) return this.walk(start, goal, out);
    // A goal shut in by the others (one stands on it, under 'block'): none, which the planner's search tells at
    // once, without combing the map.
    if (this.win.shutsIn(goals, start)) return false;
    return this.around(start, out);
  }

  /**
   * The static walk from `start` to `goal` by the table's first steps, nobody being in its way (the policy
   * affects no cell), made the answer. False when there is none.
   */
  private walk(start: number, goal: number, out: SearchOutcome): boolean {
    const table = this.table;
    const index = table.index;
    const row = index[goal] * table.tiles;
    if (table.firstMove[row + index[start]] === NO_MOVE) return false;
    const path = new Array<number>(steps(table.steps[row + index[start]]));
    this.num[0] = 0;
    this.walkOn(start, goal, path, 0);
    this.finish(out, goal, path);
    return true;
  }

  /**
   * Writes the static walk on from `from` to `goal` by the table's first steps into `path` from slot `at`
   * (and the expanded cells, for the debug view), adding its steps' lengths to the cost in `num[0]`, summed in
   * walk order as a search sums its g. One load a run of the walk (RouteTable.firstMove).
   */
  private walkOn(from: number, goal: number, path: number[], at: number): void {
    const table = this.table;
    const firstMove = table.firstMove;
    const index = table.index;
    const row = index[goal] * table.tiles;
    const offset = this.masks.offset;
    const cells = this.space.expandedCells;
    let cost = this.num[0];
    for (let c = from; c !== goal; ) {
      const move = firstMove[row + index[c]];
      const b = move & MOVE_BITS;
      const step = offset[b];
      const length = b >= 4 ? Math.SQRT2 : 1;
      for (let k = runOf(move); k > 0; k--) {
        c += step;
        cost += length;
        path[at] = c;
        cells[at++] = c;
      }
    }
    this.num[0] = cost;
  }

  /** The goal with the shortest static walk from `cell`, or -1 when none has one; its length in `num[1]`. */
  private nearestGoal(cell: number): number {
    const table = this.table;
    const goals = this.goals;
    const w = this.grid.width;
    const n = table.tiles;
    const vi = table.index[cell];
    let best = -1;
    let bestLength = Number.POSITIVE_INFINITY;
    for (let k = 0; k < goals.count; k++) {
      const g = goals.ys[k] * w + goals.xs[k];
      const gi = table.index[g];
      if (gi < 0) continue;
      const d = length(table.steps[gi * n + vi]);
      if (d < bestLength) {
        bestLength = d;
        best = g;
      }
    }
    this.num[1] = bestLength;
    return best;
  }

  /**
   * The next cell of a shortest static walk from `c` to `goal` (row `row` of the table): a neighbour one step
   * nearer exactly. Prefers one whose step the policy leaves untouched.
   */
  private next(c: number, row: number, here: number): number {
    const table = this.table;
    const steps = table.steps;
    const index = table.index;
    const m = this.masks.masks[c];
    const offset = this.masks.offset;
    let found = -1;
    // Diagonals first (bits 4–7, then 0–3), as the table's first steps: one turn in the open.
    for (let k = 0; k < 8; k++) {
      const b = (k + 4) & 7;
      if (((m >> b) & 1) === 0) continue;
      const u = c + offset[b];
      const there = steps[row + index[u]];
      if (there === UNREACHED || there + (b >= 4 ? 0x10000 : 1) !== here) continue;
      if (this.win.count === 0 || this.stepUntouched(c, u)) return u;
      if (found < 0) found = u;
    }
    return found;
  }

  /**
   * Whether the static walk read off the table from `from` to `goal` is untouched by the policy. A step the
   * policy touches ends in the window's box grown by one (B: it enters an affected cell, or squeezes past one
   * into a neighbour of it), and a shortest walk from c through a cell b of B is d(c) = d(c, b) + d(b) ≥ the
   * octile distance from c to B plus that from B to the goal. So once d(c) is below that, no shortest walk on
   * from c is touched, and the check stops there (at once, for most cells away from the others).
   */
  private untouched(from: number, goal: number): boolean {
    const table = this.table;
    const row = table.index[goal] * table.tiles;
    if (this.nearBoxFor !== goal) this.measureBox(goal);
    const win = this.win;
    const w = this.grid.width;
    const { bx0, by0, bx1, by1 } = win;
    const nearBox = this.nearBox;
    let c = from;
    let here = table.steps[row + table.index[c]];
    let n = 0;
    if (this.prefix.length < table.tiles) this.prefix = new Int32Array(table.tiles);
    const prefix = this.prefix;
    while (c !== goal) {
      const cy = (c / w) | 0;
      const cx = c - cy * w;
      const dx = cx < bx0 ? bx0 - cx : cx > bx1 ? cx - bx1 : 0;
      const dy = cy < by0 ? by0 - cy : cy > by1 ? cy - by1 : 0;
      const toBox = dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx;
      if (length(here) < toBox + nearBox - 1e-9) break;
      const u = this.next(c, row, here);
      if (!this.stepUntouched(c, u)) return false;
      prefix[n++] = u;
      c = u;
      here = table.steps[row + table.index[c]];
    }
    this.prefixLength = n;
    this.clearFrom = c;
    return true;
  }

  /**
   * A lower bound of the static walk to `goal` from any cell of the window's box grown by one, into `nearBox`:
   * the octile distance from the goal to the box (no table reads: a box of 81 tiles read cold cost more than the
   * steps it saves).
   */
  private measureBox(goal: number): void {
    const win = this.win;
    const w = this.grid.width;
    const gy = (goal / w) | 0;
    const gx = goal - gy * w;
    const dx = gx < win.bx0 ? win.bx0 - gx : gx > win.bx1 ? gx - win.bx1 : 0;
    const dy = gy < win.by0 ? win.by0 - gy : gy > win.by1 ? gy - win.by1 : 0;
    this.nearBox = dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx;
    this.nearBoxFor = goal;
  }

  /** Whether the step from cell a to its neighbour b is as the static map has it under the policy. */
  private stepUntouched(a: number, b: number): boolean {
    const w = this.grid.width;
    const ay = (a / w) | 0;
    const ax = a - ay * w;
    const by = (b / w) | 0;
    const bx = b - by * w;
    const win = this.win;
    if (win.affects(bx, by)) return false;
    if (ax !== bx && ay !== by && win.block) return !(win.affects(bx, ay) || win.affects(ax, by));
    return true;
  }

  /** The answer: `path` to `goal` at the cost in `num[0]`; its cells were recorded as the expanded ones. */
  private finish(out: SearchOutcome, goal: number, path: number[]): void {
    out.status = OUTCOME_FOUND;
    out.end = goal;
    out.cost = this.num[0];
    out.expanded = path.length;
    out.path = path;
    this.space.expandedCount = path.length;
  }

  /**
   * A* from the start under the policy, steered by the table's exact static distance to the nearest goal
   * (consistent, and a lower bound under the policy, which only adds). A popped cell whose static walk on is
   * untouched by the policy ends it: that walk makes its f achievable, and no open cell has a smaller f. With
   * the exact distance the search goes straight wherever the others are not, so it expands the cells near
   * them and little else. False when no walk exists under the policy (the planner's search says so, or finds
   * the nearest reachable cell for a partial query).
   */
  private around(start: number, out: SearchOutcome): boolean {
    const grid = this.grid;
    const w = grid.width;
    const win = this.win;
    const space = this.space;
    const gen = space.gen;
    const closed = (gen + CLOSED_STAMP) >>> 0;
    const seen = space.seen;
    const g = space.g;
    const parent = space.parent;
    const heap = space.heap;
    const goalMark = space.goalMark;
    const extra = this.rules.mode === OCCUPANCY_BLOCK ? 0 : this.rules.extra;
    this.nearBoxFor = -1;
    this.nearestGoal(start);
    const h0 = this.num[1];
    if (h0 === Number.POSITIVE_INFINITY) return false;
    space.open(start, 0, h0, start);
    while (heap.size > 0) {
      const v = heap.pop();
      seen[v] = closed;
      const gv = g[v];
      if (goalMark[v] === gen) {
        this.answer(start, v, v, out);
        return true;
      }
      const goal = this.nearestGoal(v);
      if (goal >= 0 && this.untouched(v, goal)) {
        this.answer(start, v, goal, out);
        return true;
      }
      const vy = (v / w) | 0;
      const vx = v - vy * w;
      for (let d = 0; d < 8; d++) {
        const nx = vx + DXS[d];
        const ny = vy + DYS[d];
        if (!win.allows(vx, vy, nx, ny, d, true)) continue;
        const u = ny * w + nx;
        if (seen[u] === closed) continue;
        const gu = gv + ((d & 1) === 1 ? Math.SQRT2 : 1) + (extra !== 0 && win.affects(nx, ny) ? extra : 0);
        if (seen[u] === gen) {
          if (gu >= g[u]) continue;
          g[u] = gu;
          parent[u] = v;
          this.nearestGoal(u);
          heap.decrease(u, gu + this.num[1], gu);
          continue;
        }
        this.nearestGoal(u);
        const hu = this.num[1];
        if (hu === Number.POSITIVE_INFINITY) continue;
        space.open(u, gu, gu + hu, v);
      }
    }
    return false;
  }

  /**
   * The answer `around` found: the searched way from `start` to v (its parents), then from v the walk
   * `untouched` checked (its prefix as walked, the rest by the table's first steps) to `goal`.
   */
  private answer(start: number, v: number, goal: number, out: SearchOutcome): void {
    const parent = this.space.parent;
    let depth = 0;
    for (let c = v; c !== start; c = parent[c]) depth++;
    const table = this.table;
    const rest =
      v === goal ? 0 : steps(table.steps[table.index[goal] * table.tiles + table.index[this.clearFrom]]);
    const n = v === goal ? 0 : this.prefixLength;
    const path = new Array<number>(depth + n + rest);
    const cells = this.space.expandedCells;
    for (let c = v, k = depth - 1; c !== start; c = parent[c], k--) {
      path[k] = c;
      cells[k] = c;
    }
    let cost = this.space.g[v];
    const prefix = this.prefix;
    const w = this.grid.width;
    for (let k = 0, p = v; k < n; k++) {
      const c = prefix[k];
      // A step within a row or a column is straight; any other, diagonal.
      cost += (c - p) % w === 0 || ((c / w) | 0) === ((p / w) | 0) ? 1 : Math.SQRT2;
      path[depth + k] = c;
      cells[depth + k] = c;
      p = c;
    }
    this.num[0] = cost;
    if (v !== goal) this.walkOn(this.clearFrom, goal, path, depth + n);
    this.finish(out, goal, path);
  }
}
