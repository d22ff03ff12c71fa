import type { NavGrid } from '../grid/index.ts';
import type { GoalSet } from './GoalSet.ts';
import type { JumpNodes } from './JumpNodes.ts';
import { canonicalDirections as canonicalDirectionsBinding, type JumpTable } from './JumpTable.ts';
import type { Landmarks } from './Landmarks.ts';
import type { OccupancyRules } from './OccupancyRules.ts';
import type { OccupancyWindow } from './OccupancyWindow.ts';
import { OctilePath } from './OctilePath.ts';
import { TIE as HEAP_TIE } from './OpenHeap.ts';
import { OUTCOME_FOUND as FOUND, type SearchOutcome } from './SearchOutcome.ts';
import type { SearchSpace } from './SearchSpace.ts';
import { WindowBox } from './WindowBox.ts';

// Module-local copies of imported bindings: the bundle needs none (it reads the one chunk's constants either
// way), but under tsx this search measured 1–4% slower without them (same-process A/B, arena2 and lak304d).
const OUTCOME_FOUND = FOUND;
const TIE = HEAP_TIE;
const canonicalDirections = canonicalDirectionsBinding;
const SQRT2 = Math.SQRT2;
const SQRT2_MINUS_2 = Math.SQRT2 - 2;
/** The g of an expanded node: no way in improves on it. */
const CLOSED_G = Number.NEGATIVE_INFINITY;
const NO_STOP = 0x7fffffff;
const DXS = new Int8Array([0, 1, 1, 1, 0, -1, -1, -1]);
const DYS = new Int8Array([-1, -1, 0, 1, 1, 1, 0, -1]);

/**
 * Jump Point Search over the jump table for the game's own queries: occupancy near the start ('cost' or
 * 'block' within a radius) and goal sets (the tiles in reach of a foe, tied nearest tiles).
 *
 * The policy changes the map only inside a small box (OccupancyWindow: the cells it affects, W); outside
 * it every step costs what the static map says. The search joins two exact pieces:
 * - Cells of the box grown by one (B = W plus its ring R) are searched step by step under the policy (the
 *   extra cost, walls for 'block', no squeezing diagonally past a walled cell), like A*'s general loop.
 * - Everything outside B is searched by JPS over the table, which knows the static walls only. A jump that
 *   would come into B stops on the first cell of B it meets (a cell of R: no step reaches W without passing
 *   R), as a jump stops on a goal; a diagonal stops where a straight scan from it would meet B. A jump never
 *   starts towards B either: from a cell of B, a step into B is taken exactly, a step out of it is a jump.
 * The cells outside W see the static map around them (their neighbours are all outside W), so the table's
 * jump points and forced turns hold there, and a cell of R is a source of the outside search (every way out
 * of it is tried) as well as its stopping point: a cheapest path is a chain of exact steps in B and jumps
 * between cells of R, the start and the goals, and each piece is found at its cost. The answer is the cost
 * A*'s general loop gives under the same policy (property tests against the oracle hold it to 1e-9).
 *
 * Goals are stops like B: a straight jump whose line runs through a goal within reach stops there; a diagonal
 * stops where it meets a goal's row or column. Before any of that the octile path to the nearest goal is
 * tried: open through the table and through B untouched by the policy, it costs the heuristic's lower bound
 * and is the answer.
 *
 * The planner sends what fits: 8 moves, uniform costs, no one-way edges, a few goals, a small window.
 * Allocates nothing once its node pool has grown (JumpNodes). This file is the jump part: the search, its
 * jumps over the table, its heap and estimate; the window part, B and the stops it puts on jumps, is
 * WindowBox, and the octile path tried first is OctilePath.
 */
export class WindowJumpSearch {
  private readonly grid: NavGrid;
  private readonly space: SearchSpace;
  private readonly goals: GoalSet;
  private readonly table: JumpTable;
  private readonly dist: Int16Array;
  private readonly nodes: JumpNodes;
  private readonly rules: OccupancyRules;
  private readonly win: OccupancyWindow;
  /** The canonical directions out of the node being expanded. */
  private readonly dirs = new Int32Array(8);
  /** The grown box B, where the policy is searched step by step, and the stops it puts on jumps. */
  private readonly box: WindowBox;
  /** The octile path, tried before searching. */
  private readonly octile: OctilePath;
  // Per search: the stamp, nodes made, heap size.
  private stamp = 0;
  private slot: Int32Array = new Int32Array(0);
  private made = 0;
  private size = 0;
  /**
   * Costs handed between the methods of one expansion: [0] the g of the node being expanded, [1] a new g,
   * [2] an estimate. A double passed to or returned from a call V8 does not inline is boxed (a heap
   * allocation per node); written here, it is not.
   */
  private readonly costs = new Float64Array(3);
  /** The landmarks' distances (null: none, or out of date), and per landmark the goals' interval. */
  private landmarks: Landmarks | null = null;
  private readonly lo = new Float64Array(16);
  private readonly hi = new Float64Array(16);

  constructor(
    grid: NavGrid,
    space: SearchSpace,
    goals: GoalSet,
    table: JumpTable,
    nodes: JumpNodes,
    rules: OccupancyRules,
    win: OccupancyWindow,
  ) {
    this.grid = grid;
    this.space = space;
    this.goals = goals;
    this.table = table;
    this.dist = table.dist;
    this.nodes = nodes;
    this.rules = rules;
    this.win = win;
    this.box = new WindowBox(grid, table, win);
    this.octile = new OctilePath(grid, space, goals, table, this.box);
  }

  /**
   * Searches from `start` to the goals configured in the space, under the compiled window; `landmarks` (up to
   * date with the walls) sharpen the estimate.
   */
  run(start: number, maxExpanded: number, out: SearchOutcome, landmarks: Landmarks | null): void {
    this.table.refresh();
    this.useLandmarks(landmarks);
    const win = this.win;
    const box = this.box;
    box.use(this.rules);
    // B's bounds, fixed for the search (in locals: measured ~2% faster than asking the box per expansion).
    const { bx0, by0, bx1, by1 } = box;
    // A goal shut in the box (another character on it, under 'block'): none, without combing the map.
    if (win.count > 0 && win.shutsIn(this.goals, start)) return;
    if (maxExpanded >= 2 && this.octile.answer(start, out)) return;
    const w = this.grid.width;
    const space = this.space;
    const pool = this.nodes;
    const goalMark = space.goalMark;
    const expandedCells = space.expandedCells;
    const dirs = this.dirs;
    const dist = this.dist;
    const stamp = space.gen;
    const slot = pool.slots(stamp);
    this.slot = slot;
    this.stamp = stamp;
    const invW = 1 / w;
    const sy = ((start + 0.5) * invW) | 0;
    slot[2 * start] = stamp;
    slot[2 * start + 1] = 0;
    pool.cellOf[0] = start;
    pool.gOf[0] = 0;
    pool.parentOf[0] = start;
    pool.at[0] = 0;
    pool.heap[0] = 0;
    this.estimate(start - sy * w, sy, start);
    pool.keys[0] = this.costs[2];
    this.made = 1;
    this.size = 1;
    let expanded = 0;
    while (this.size > 0) {
      if (expanded >= maxExpanded) {
        out.limited = true;
        break;
      }
      if (this.made + 8 > pool.cellOf.length) pool.grow();
      const n = this.pop();
      const c = pool.cellOf[n];
      this.costs[0] = pool.gOf[n];
      pool.gOf[n] = CLOSED_G;
      expandedCells[expanded++] = c;
      if (goalMark[c] === stamp) {
        out.status = OUTCOME_FOUND;
        out.end = c;
        out.cost = this.costs[0];
        pool.writeParents(space.parent, start, c);
        break;
      }
      const y = ((c + 0.5) * invW) | 0;
      const x = c - y * w;
      if (x >= bx0 && x <= bx1 && y >= by0 && y <= by1) {
        // In B: each step into B under the policy, each step out of it a jump.
        for (let d = 0; d < 8; d++) {
          const nx = x + DXS[d];
          const ny = y + DYS[d];
          if (nx >= bx0 && nx <= bx1 && ny >= by0 && ny <= by1) this.step(c, x, y, d);
          else this.jump(c, x, y, d);
        }
        continue;
      }
      // Outside B: the canonical directions, all eight from the start.
      let nd = 0;
      if (n === 0) {
        for (let d = 0; d < 8; d++) dirs[nd++] = d;
      } else {
        const p = pool.parentOf[n];
        const py = ((p + 0.5) * invW) | 0;
        const px = p - py * w;
        const dx = x > px ? 1 : x < px ? -1 : 0;
        const dy = y > py ? 1 : y < py ? -1 : 0;
        nd = canonicalDirections(dist, c * 8, dx, dy, dirs);
      }
      for (let i = 0; i < nd; i++) this.jump(c, x, y, dirs[i]);
    }
    out.expanded = expanded;
    space.expandedCount = expanded;
  }

  /** One step from (x, y) in direction d into a cell of B, under the policy. */
  private step(c: number, x: number, y: number, d: number): void {
    const nx = x + DXS[d];
    const ny = y + DYS[d];
    if (!this.win.allows(x, y, nx, ny, d, true)) return;
    const costs = this.costs;
    const box = this.box;
    const extra = box.extra !== 0 && this.win.affects(nx, ny) ? box.extra : 0;
    costs[1] = costs[0] + ((d & 1) === 1 ? SQRT2 : 1) + extra;
    this.relax(ny * this.grid.width + nx, nx, ny, c);
  }

  /**
   * The jump from (x, y) along d over the static map: to the first goal, cell of B or jump point on the way,
   * or nowhere (a wall first).
   */
  private jump(c: number, x: number, y: number, d: number): void {
    const k = this.dist[c * 8 + d];
    const reach = k > 0 ? k : -k;
    if (reach === 0) return;
    const dx = DXS[d];
    const dy = DYS[d];
    const goals = this.goals;
    const gxs = goals.xs;
    const gys = goals.ys;
    let steps = k > 0 ? k : NO_STOP;
    if ((d & 1) === 0) {
      for (let g = 0; g < goals.count; g++) {
        const rx = gxs[g] - x;
        const ry = gys[g] - y;
        // Products of a 0 and a −1 are −0, which deoptimized this function ("minus zero"): `| 0` makes them 0.
        const along = dx !== 0 ? (ry === 0 ? (rx * dx) | 0 : 0) : rx === 0 ? (ry * dy) | 0 : 0;
        if (along > 0 && along <= reach && along < steps) steps = along;
      }
      // `| 0` tells V8 the step count is a small integer: after searches with a box (the field's, round others)
      // it otherwise kept `steps` as a double and boxed it on every jump (≈ 390 bytes a search on lak304d).
      const e = this.box.ahead(x, y, dx, dy) | 0;
      if (e > 0 && e <= reach && e < steps) steps = e;
    } else {
      for (let g = 0; g < goals.count; g++) {
        const ax = ((gxs[g] - x) * dx) | 0;
        const ay = ((gys[g] - y) * dy) | 0;
        if (ax > 0 && ay > 0) {
          const meet = ax < ay ? ax : ay;
          if (meet <= reach && meet < steps) steps = meet;
        }
      }
      const box = this.box;
      if (box.bx1 >= box.bx0)
        steps = box.diagonalMeets(x, y, dx, dy, reach < steps ? reach : steps - 1, steps) | 0;
    }
    if (steps === NO_STOP) return;
    const jx = x + steps * dx;
    const jy = y + steps * dy;
    const costs = this.costs;
    costs[1] = costs[0] + ((d & 1) === 0 ? steps : steps * SQRT2);
    this.relax(jy * this.grid.width + jx, jx, jy, c);
  }

  /** Files cell j (at jx, jy) reached at cost `costs[1]` from cell `from`, if the cheapest way in so far. */
  private relax(j: number, jx: number, jy: number, from: number): void {
    const pool = this.nodes;
    const costs = this.costs;
    const g = costs[1];
    const slot = this.slot;
    let m: number;
    let hole: number;
    if (slot[2 * j] === this.stamp) {
      m = slot[2 * j + 1];
      if (g >= pool.gOf[m]) return;
      hole = pool.at[m];
    } else {
      m = this.made++;
      slot[2 * j] = this.stamp;
      slot[2 * j + 1] = m;
      pool.cellOf[m] = j;
      hole = this.size++;
    }
    pool.gOf[m] = g;
    pool.parentOf[m] = from;
    this.estimate(jx, jy, j);
    const key = g + costs[2] - g * TIE;
    const heap = pool.heap;
    const keys = pool.keys;
    const at = pool.at;
    while (hole > 0) {
      const up = (hole - 1) >> 1;
      const uk = keys[up];
      if (uk <= key) break;
      const u = heap[up];
      heap[hole] = u;
      keys[hole] = uk;
      at[u] = hole;
      hole = up;
    }
    heap[hole] = m;
    keys[hole] = key;
    at[m] = hole;
  }

  /** Takes the open node of least key off the heap. */
  private pop(): number {
    const pool = this.nodes;
    const heap = pool.heap;
    const keys = pool.keys;
    const at = pool.at;
    const top = heap[0];
    const size = --this.size;
    if (size > 0) {
      const m = heap[size];
      const mk = keys[size];
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= size) break;
        if (child + 1 < size && keys[child + 1] < keys[child]) child++;
        if (keys[child] >= mk) break;
        heap[i] = heap[child];
        keys[i] = keys[child];
        at[heap[i]] = i;
        i = child;
      }
      heap[i] = m;
      keys[i] = mk;
      at[m] = i;
    }
    return top;
  }

  /** The goals' interval of distances from each landmark, for the bound (none: octile alone). */
  private useLandmarks(landmarks: Landmarks | null): void {
    this.landmarks = landmarks;
    if (landmarks === null) return;
    const goals = this.goals;
    const w = this.grid.width;
    const k = landmarks.count;
    const dist = landmarks.dist;
    for (let l = 0; l < k; l++) {
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (let g = 0; g < goals.count; g++) {
        const d = dist[(goals.ys[g] * w + goals.xs[g]) * k + l];
        if (d === Number.POSITIVE_INFINITY) continue;
        if (d < lo) lo = d;
        if (d > hi) hi = d;
      }
      this.lo[l] = lo;
      this.hi[l] = hi;
    }
  }

  /**
   * A lower bound of the walk from cell v at (x, y) to the nearest goal, into `costs[2]`: the octile distance,
   * or the landmarks' bound where larger (Landmarks).
   */
  private estimate(x: number, y: number, v: number): void {
    const goals = this.goals;
    let best = Number.POSITIVE_INFINITY;
    for (let g = 0; g < goals.count; g++) {
      let dx = goals.xs[g] - x;
      if (dx < 0) dx = -dx;
      let dy = goals.ys[g] - y;
      if (dy < 0) dy = -dy;
      const h = dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
      if (h < best) best = h;
    }
    const landmarks = this.landmarks;
    if (landmarks !== null) {
      const k = landmarks.count;
      const dist = landmarks.dist;
      const base = v * k;
      for (let l = 0; l < k; l++) {
        const d = dist[base + l];
        const lo = this.lo[l];
        // A cell or goals no landmark reaches (another region) bound nothing.
        if (d === Number.POSITIVE_INFINITY || lo === Number.POSITIVE_INFINITY) continue;
        const hi = this.hi[l];
        const bound = d > hi ? d - hi : lo - d;
        if (bound > best) best = bound;
      }
    }
    this.costs[2] = best;
  }
}
