import type { NavGrid } from '../grid/index.ts';
import { DX, DY } from '../grid/index.ts';
import type { GoalSet } from './GoalSet.ts';
import {
  OCCUPANCY_BLOCK as BLOCK,
  OCCUPANCY_IGNORE as IGNORE,
  type OccupancyRules,
} from './OccupancyRules.ts';
import { type ClosestReached, OUTCOME_FOUND, OUTCOME_PARTIAL, type SearchOutcome } from './SearchOutcome.ts';
import { CLOSED_STAMP, type SearchSpace } from './SearchSpace.ts';
import type { StepMasks } from './StepMasks.ts';

const STEP_LENGTH = [1, Math.SQRT2, 1, Math.SQRT2, 1, Math.SQRT2, 1, Math.SQRT2];

/**
 * Plain Dijkstra: the oracle A* and JPS are tested against, the search for huge goal sets, and the
 * "cost to reach every cell" fields (forwards from sources, or backwards towards them for flow fields).
 * As the oracle it asks `NavGrid.canStep` for every edge: slower than A*'s loop, but it shares no shortcut
 * with the searches it checks. Distance fields on open ground (unit costs, no one-way edges, no occupancy: the
 * chase fields of a crowd, each walker's own field) read A*'s step masks instead, as fast as the game needs:
 * with 4 moves every step costs 1 and the field is a breadth-first search.
 */
export class Dijkstra {
  private readonly grid: NavGrid;
  private readonly space: SearchSpace;
  private readonly goals: GoalSet;
  private readonly rules: OccupancyRules;
  private readonly closest: ClosestReached;
  private readonly steps: StepMasks;

  constructor(
    grid: NavGrid,
    space: SearchSpace,
    goals: GoalSet,
    rules: OccupancyRules,
    closest: ClosestReached,
    steps: StepMasks,
  ) {
    this.grid = grid;
    this.steps = steps;
    this.space = space;
    this.goals = goals;
    this.rules = rules;
    this.closest = closest;
  }

  /** Searches from `start` to the configured goals (first one popped is the cheapest). */
  run(start: number, moves: 8 | 4, maxExpanded: number, partial: boolean, out: SearchOutcome): void {
    const space = this.space;
    const w = this.grid.width;
    this.closest.reset();
    space.open(start, 0, 0, start);
    let expanded = 0;
    while (space.heap.size > 0) {
      if (expanded >= maxExpanded) {
        out.limited = true;
        break;
      }
      const c = space.heap.pop();
      space.expandedCells[expanded++] = c;
      if (space.goalMark[c] === space.gen) {
        out.status = OUTCOME_FOUND;
        out.end = c;
        out.cost = space.g[c];
        break;
      }
      if (partial) {
        const x = c % w;
        this.closest.offer(c, this.goals.nearest(x, (c - x) / w), space.g[c]);
      }
      this.expandFrom(c, moves, false);
    }
    out.expanded = expanded;
    space.expandedCount = expanded;
    if (out.status !== OUTCOME_FOUND && partial && this.closest.cell >= 0) {
      out.status = OUTCOME_PARTIAL;
      out.end = this.closest.cell;
      out.cost = this.closest.cost;
    }
  }

  /**
   * Fills `field[i]` with the cost from the sources to i (or, `reverse`, from i to the sources); cells not
   * settled within the bounds stay Infinity. The sources must already be opened at cost 0 in the space.
   * Returns the number of cells expanded.
   */
  fill(field: Float64Array, moves: 8 | 4, reverse: boolean, maxCost: number, maxExpanded: number): number {
    const space = this.space;
    field.fill(Number.POSITIVE_INFINITY);
    const grid = this.grid;
    if (grid.nonUnitCostCells === 0 && grid.directedCells === 0 && this.rules.mode === IGNORE) {
      if (moves === 8) return this.fillOpen(field, reverse, maxCost, maxExpanded);
      const sources = space.heap.cells();
      let walled = false;
      for (let i = 0; i < space.heap.size; i++) if (grid.walkable[sources[i]] !== 1) walled = true;
      if (!walled) return this.fillOpenFour(field, maxCost, maxExpanded);
    }
    let expanded = 0;
    while (space.heap.size > 0 && expanded < maxExpanded) {
      const c = space.heap.pop();
      const gc = space.g[c];
      if (gc > maxCost) break;
      field[c] = gc;
      space.expandedCells[expanded++] = c;
      // Backwards, `c` is the cell entered: a character may be on it but cannot pass through it.
      if (reverse && this.walled(c)) continue;
      this.expandFrom(c, moves, reverse);
    }
    space.expandedCount = expanded;
    return expanded;
  }

  /**
   * `fill` on open ground: every step is allowed both ways and costs its length, so the field is the same
   * forwards and backwards and each walkable cell's open steps are one byte of the step masks. Every open
   * cost lies within √2 of the least, so the open cells go in the space's BandQueue (as in A*'s plain loop),
   * unless a source sits on a wall (the masks know walkable cells only; the general step handles it).
   */
  private fillOpen(field: Float64Array, reverse: boolean, maxCost: number, maxExpanded: number): number {
    const steps = this.steps;
    steps.refresh();
    const masks = steps.masks;
    const offset = steps.offset;
    const length = steps.length;
    const walk = this.grid.walkable;
    const space = this.space;
    const heap = space.heap;
    const sources = heap.cells();
    for (let i = 0; i < heap.size; i++) {
      if (walk[sources[i]] !== 1) return this.fillOpenFromWalls(field, reverse, maxCost, maxExpanded);
    }
    const g = space.g;
    const parent = space.parent;
    const pos = space.pos;
    const seen = space.seen;
    const gen = space.gen;
    const closed = gen + CLOSED_STAMP;
    const expandedCells = space.expandedCells;
    const bands = space.bands;
    bands.reset(0);
    for (let i = 0; i < heap.size; i++) bands.push(sources[i], 0, true);
    heap.clear();
    const head = bands.head;
    const mixed = bands.mixed;
    let expanded = 0;
    while (bands.live > 0 && expanded < maxExpanded) {
      // bands.pop(), written out as in AStar.runPlain (a call here costs ~10% of a field).
      const cellOf = bands.cellOf;
      const nextOf = bands.nextOf;
      const r = bands.nextBand();
      let e: number;
      if (mixed[r] === 1) {
        e = bands.takeLeast(r);
        if (e < 0) continue;
      } else {
        e = head[r];
        while (e !== -1 && pos[cellOf[e]] !== e) e = nextOf[e];
        const after = e === -1 ? -1 : nextOf[e];
        head[r] = after;
        if (after === -1) bands.emptied(r);
        if (e === -1) continue;
      }
      const c = cellOf[e];
      seen[c] = closed;
      bands.live--;
      const gc = g[c];
      if (gc > maxCost) break;
      field[c] = gc;
      expandedCells[expanded++] = c;
      let m = masks[c];
      while (m !== 0) {
        const k = 31 - Math.clz32(m & -m);
        m &= m - 1;
        const v = c + offset[k];
        const ng = gc + length[k];
        const sv = seen[v];
        const fresh = sv !== gen;
        if (!fresh) {
          if (ng >= g[v]) continue;
        } else if (sv === closed) continue;
        else seen[v] = gen;
        g[v] = ng;
        parent[v] = c;
        bands.push(v, ng, fresh);
      }
    }
    space.expandedCount = expanded;
    return expanded;
  }

  /**
   * `fill` on open ground with 4 moves: every step costs 1 both ways, so the field is a breadth-first search,
   * each cell's distance an exact whole number (the same as Dijkstra's), the cells settled layer by layer in
   * the order they are reached. The queue is `expandedCells` itself. Sources must be walkable (the masks know
   * walkable cells only).
   */
  private fillOpenFour(field: Float64Array, maxCost: number, maxExpanded: number): number {
    const steps = this.steps;
    steps.refresh();
    const masks = steps.masks;
    const offset = steps.offset;
    const space = this.space;
    const heap = space.heap;
    const g = space.g;
    const parent = space.parent;
    const seen = space.seen;
    const gen = space.gen;
    const queue = space.expandedCells;
    const sources = heap.cells();
    let tail = 0;
    for (let i = 0; i < heap.size; i++) queue[tail++] = sources[i];
    heap.clear();
    let expanded = 0;
    while (expanded < tail && expanded < maxExpanded) {
      const c = queue[expanded];
      const gc = g[c];
      if (gc > maxCost) break;
      field[c] = gc;
      expanded++;
      let m = masks[c] & 15;
      const ng = gc + 1;
      while (m !== 0) {
        const k = 31 - Math.clz32(m & -m);
        m &= m - 1;
        const v = c + offset[k];
        if (seen[v] === gen) continue;
        seen[v] = gen;
        g[v] = ng;
        parent[v] = c;
        queue[tail++] = v;
      }
    }
    space.expandedCount = expanded;
    return expanded;
  }

  /** `fillOpen` with a source on a wall: the heap, and the general step for cells the masks do not know. */
  private fillOpenFromWalls(
    field: Float64Array,
    reverse: boolean,
    maxCost: number,
    maxExpanded: number,
  ): number {
    const steps = this.steps;
    const masks = steps.masks;
    const offset = steps.offset;
    const length = steps.length;
    const walk = this.grid.walkable;
    const space = this.space;
    const heap = space.heap;
    const pending = heap.pending;
    const g = space.g;
    const parent = space.parent;
    const pos = space.pos;
    const seen = space.seen;
    const gen = space.gen;
    const expandedCells = space.expandedCells;
    let expanded = 0;
    while (heap.size > 0 && expanded < maxExpanded) {
      const c = heap.pop();
      const gc = g[c];
      if (gc > maxCost) break;
      field[c] = gc;
      expandedCells[expanded++] = c;
      if (walk[c] !== 1) {
        this.expandFrom(c, 8, reverse);
        continue;
      }
      let m = masks[c];
      while (m !== 0) {
        const k = 31 - Math.clz32(m & -m);
        m &= m - 1;
        const v = c + offset[k];
        const ng = gc + length[k];
        if (seen[v] === gen) {
          if (pos[v] < 0 || ng >= g[v]) continue;
          g[v] = ng;
          parent[v] = c;
          pending[0] = ng;
          pending[1] = ng;
          heap.decreasePending(v);
        } else {
          seen[v] = gen;
          g[v] = ng;
          parent[v] = c;
          pending[0] = ng;
          pending[1] = ng;
          heap.pushPending(v);
        }
      }
    }
    space.expandedCount = expanded;
    return expanded;
  }

  private walled(c: number): boolean {
    return this.rules.mode === BLOCK && this.rules.blocks(c, this.space);
  }

  /** Relaxes the edges out of `c` (or, reverse, the edges into `c`). */
  private expandFrom(c: number, moves: 8 | 4, reverse: boolean): void {
    const grid = this.grid;
    const space = this.space;
    const w = grid.width;
    const x = c % w;
    const y = (c - x) / w;
    const stride = moves === 8 ? 1 : 2;
    for (let d = 0; d < 8; d += stride) {
      // Forwards the edge is c → v; backwards it is u → c, with u the neighbour behind direction d.
      const ux = reverse ? x - DX[d] : x;
      const uy = reverse ? y - DY[d] : y;
      const vx = ux + DX[d];
      const vy = uy + DY[d];
      if (!grid.inBounds(ux, uy) || !grid.canStep(ux, uy, d)) continue;
      const u = uy * w + ux;
      // Backwards, nobody walks from a wall: wall cells keep no distance (the sources aside).
      if (reverse && grid.walkable[u] !== 1) continue;
      const v = vy * w + vx;
      const next = reverse ? u : v;
      if (space.seen[next] === space.gen && space.pos[next] < 0) continue;
      if (!reverse && this.walled(v)) continue;
      if (
        (d & 1) === 1 &&
        (this.walled(u + DX[(d + 7) & 7] + w * DY[(d + 7) & 7]) ||
          this.walled(u + DX[(d + 1) & 7] + w * DY[(d + 1) & 7]))
      )
        continue;
      // The cost of entering v moving in direction d, either way round (backwards v is c itself).
      const ng = space.g[c] + STEP_LENGTH[d] * grid.stepCost(v, d) + this.rules.penalty(v);
      if (space.seen[next] !== space.gen) space.open(next, ng, ng, c);
      else if (ng < space.g[next]) {
        space.g[next] = ng;
        space.parent[next] = c;
        space.heap.decrease(next, ng, ng);
      }
    }
  }
}
