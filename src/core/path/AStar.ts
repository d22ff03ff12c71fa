import type { NavGrid } from '../grid/index.ts';
import type { GoalSet } from './GoalSet.ts';
import { OCCUPANCY_BLOCK as BLOCK, OCCUPANCY_COST as COST, type OccupancyRules } from './OccupancyRules.ts';
import { TIE } from './OpenHeap.ts';
import { type ClosestReached, OUTCOME_FOUND, OUTCOME_PARTIAL, type SearchOutcome } from './SearchOutcome.ts';
import type { SearchSpace } from './SearchSpace.ts';
import type { Tolls } from './Tolls.ts';

const SQRT2 = Math.SQRT2;
const SQRT2_MINUS_2 = Math.SQRT2 - 2;
/** `pos` of a cell waiting in the fast lane (open, but not in the heap). */
const IN_LANE = -2;
/**
 * Relative slack for "as cheap as the best open node": 1e-12 covers rounding in g + h; a node admitted by
 * it is at most that much costlier than optimal, far below the 1e-6 any caller could notice.
 */
const LANE_SLACK = 1 + 1e-12;

/**
 * A*'s general loop, over any NavGrid: per-cell and per-direction costs, directed edges, occupancy, tolls, 8
 * or 4 moves, goal sets. The heuristic (octile or Manhattan to the nearest goal, times the cheapest cell cost) is
 * consistent, so a popped cell is final and never reopened. Allocates nothing: all state lives in the shared
 * SearchSpace. The reference the fast loops are held to (TunedAStar and the jump-table searches answer the
 * queries whose assumptions they fit; the planner picks).
 */
export class AStar {
  private readonly grid: NavGrid;
  private readonly space: SearchSpace;
  private readonly goals: GoalSet;
  private readonly rules: OccupancyRules;
  private readonly closest: ClosestReached;
  private readonly tolls: Tolls;
  // Per-run values the relax step reads (fields, not closures, so nothing is allocated per search).
  private hScale = 1;
  private octile = true;
  private singleGoal = true;
  private gx = 0;
  private gy = 0;
  /**
   * The f of the node being expanded (the lowest any open node can have, the heuristic being consistent),
   * plus a few ulps so rounding noise in g + h does not send equal-cost nodes to the heap.
   */
  private fLane = 0;
  private laneSize = 0;
  /** All cells cost 1, no 'cost' occupancy and no tolls: a step costs its length, no per-cell read. */
  private uniform = true;
  /** The query tolls some cells. */
  private tolled = false;
  // The shared arrays, held directly so the relax step reads them without hopping through objects.
  private readonly gOf: Float64Array;
  private readonly parentOf: Int32Array;
  private readonly posOf: Int32Array;
  private readonly seenOf: Uint32Array;
  private readonly laneOf: Int32Array;
  private readonly cellCost: Float64Array;
  /** The grid's direction costs (factor per cell and direction of entry) when it has any, else null. */
  private entryCost: Float64Array | null = null;
  private gen = 0;
  private readonly hOut = new Float64Array(1);

  constructor(
    grid: NavGrid,
    space: SearchSpace,
    goals: GoalSet,
    rules: OccupancyRules,
    closest: ClosestReached,
    tolls: Tolls,
  ) {
    this.grid = grid;
    this.space = space;
    this.goals = goals;
    this.rules = rules;
    this.closest = closest;
    this.tolls = tolls;
    this.gOf = space.g;
    this.parentOf = space.parent;
    this.posOf = space.pos;
    this.seenOf = space.seen;
    this.laneOf = space.lane;
    this.cellCost = grid.cost;
  }

  /** Searches from `start` to the goals already configured in the space; writes how it ended to `out`. */
  run(start: number, moves: 8 | 4, maxExpanded: number, partial: boolean, out: SearchOutcome): void {
    const grid = this.grid;
    const space = this.space;
    const goals = this.goals;
    const rules = this.rules;
    const closest = this.closest;
    const w = grid.width;
    const h = grid.height;
    const walk = grid.walkable;
    const noExit = grid.noExit;
    const directed = grid.directedCells !== 0;
    const blockMode = rules.mode === BLOCK;
    const heap = space.heap;
    const g = space.g;
    const goalMark = space.goalMark;
    const gen = space.gen;
    const expandedCells = space.expandedCells;
    const diagonals = moves === 8;

    this.hScale = grid.minCost;
    this.octile = diagonals;
    this.singleGoal = goals.count === 1;
    this.gx = goals.xs[0];
    this.gy = goals.ys[0];
    this.gen = gen;
    this.tolled = this.tolls.count !== 0;
    this.uniform = grid.nonUnitCostCells === 0 && rules.mode !== COST && !this.tolled;
    this.entryCost = grid.directionCostCells !== 0 ? grid.entryCost : null;
    closest.reset();

    const sx = start % w;
    this.heuristic(sx, (start - sx) / w);
    space.open(start, 0, this.hOut[0], start);
    const lane = space.lane;
    const pos = space.pos;
    this.laneSize = 0;
    let expanded = 0;
    for (;;) {
      if (this.laneSize === 0 && heap.size === 0) break;
      if (expanded >= maxExpanded) {
        out.limited = true;
        break;
      }
      let c: number;
      if (this.laneSize > 0) {
        c = lane[--this.laneSize];
        pos[c] = -1;
      } else {
        c = heap.pop();
        this.fLane = (heap.lastKey + g[c] * TIE) * LANE_SLACK;
      }
      expandedCells[expanded++] = c;
      const gc = g[c];
      if (goalMark[c] === gen) {
        out.status = OUTCOME_FOUND;
        out.end = c;
        out.cost = gc;
        out.expanded = expanded;
        space.expandedCount = expanded;
        return;
      }
      const x = c % w;
      const y = (c - x) / w;
      if (partial) closest.offer(c, goals.nearest(x, y), gc);
      const ex = noExit[c];
      // Open orthogonal neighbours (walkable, and not walled off by a character): diagonals need both.
      const nOk = y > 0 && walk[c - w] === 1 && !(blockMode && rules.blocks(c - w, space));
      const sOk = y < h - 1 && walk[c + w] === 1 && !(blockMode && rules.blocks(c + w, space));
      const eOk = x < w - 1 && walk[c + 1] === 1 && !(blockMode && rules.blocks(c + 1, space));
      const wOk = x > 0 && walk[c - 1] === 1 && !(blockMode && rules.blocks(c - 1, space));
      if (nOk && (ex & 1) === 0) this.relax(c, c - w, x, y - 1, 1, 0);
      if (eOk && (ex & 4) === 0) this.relax(c, c + 1, x + 1, y, 1, 2);
      if (sOk && (ex & 16) === 0) this.relax(c, c + w, x, y + 1, 1, 4);
      if (wOk && (ex & 64) === 0) this.relax(c, c - 1, x - 1, y, 1, 6);
      if (!diagonals) continue;
      if (nOk && eOk) this.diagonal(c, x, y, 1, c - w + 1, x + 1, y - 1, directed, blockMode);
      if (sOk && eOk) this.diagonal(c, x, y, 3, c + w + 1, x + 1, y + 1, directed, blockMode);
      if (sOk && wOk) this.diagonal(c, x, y, 5, c + w - 1, x - 1, y + 1, directed, blockMode);
      if (nOk && wOk) this.diagonal(c, x, y, 7, c - w - 1, x - 1, y - 1, directed, blockMode);
    }
    out.expanded = expanded;
    space.expandedCount = expanded;
    if (partial && closest.cell >= 0) {
      out.status = OUTCOME_PARTIAL;
      out.end = closest.cell;
      out.cost = closest.cost;
    }
  }

  private diagonal(
    c: number,
    x: number,
    y: number,
    dir: number,
    v: number,
    vx: number,
    vy: number,
    directed: boolean,
    blockMode: boolean,
  ): void {
    if (this.grid.walkable[v] !== 1) return;
    if (directed && !this.grid.canStep(x, y, dir)) return;
    if (blockMode && this.rules.blocks(v, this.space)) return;
    this.relax(c, v, vx, vy, SQRT2, dir);
  }

  /** Relaxes the step c → v of length `len` (1 or √2, constants: no boxing) in direction `dir`. */
  private relax(c: number, v: number, vx: number, vy: number, len: number, dir: number): void {
    const gc = this.gOf[c];
    let ng = gc + len;
    if (!this.uniform) {
      const entry = this.entryCost;
      ng = gc + len * (entry === null ? this.cellCost[v] : this.cellCost[v] * entry[v * 8 + dir]);
      if (this.rules.mode === COST) ng += this.rules.penalty(v);
      if (this.tolled) ng += this.tolls.at(v);
    }
    if (this.seenOf[v] === this.gen) {
      const p = this.posOf[v];
      if (p === -1 || ng >= this.gOf[v]) return;
      this.gOf[v] = ng;
      this.parentOf[v] = c;
      if (p >= 0) {
        const heap = this.space.heap;
        this.heuristic(vx, vy);
        heap.pending[0] = ng + this.hOut[0];
        heap.pending[1] = ng;
        heap.decreasePending(v);
      }
      return;
    }
    this.seenOf[v] = this.gen;
    this.gOf[v] = ng;
    this.parentOf[v] = c;
    this.heuristic(vx, vy);
    const f = ng + this.hOut[0];
    if (f <= this.fLane) {
      // As cheap as the best open node: expand it next without a trip through the heap. On open ground
      // most of a path's cells go this way.
      this.posOf[v] = IN_LANE;
      this.laneOf[this.laneSize++] = v;
      return;
    }
    const heap = this.space.heap;
    heap.pending[0] = f;
    heap.pending[1] = ng;
    heap.pushPending(v);
  }

  /**
   * Writes the heuristic of (x, y) to `hOut[0]`: a double returned from a call V8 does not inline would be
   * boxed, one heap allocation per generated node.
   */
  private heuristic(x: number, y: number): void {
    const out = this.hOut;
    if (!this.singleGoal) {
      out[0] = this.hScale * this.goals.estimate(x, y);
      return;
    }
    let dx = this.gx - x;
    if (dx < 0) dx = -dx;
    let dy = this.gy - y;
    if (dy < 0) dy = -dy;
    out[0] = this.octile
      ? this.hScale * (dx + dy + SQRT2_MINUS_2 * Math.min(dx, dy))
      : this.hScale * (dx + dy);
  }
}
