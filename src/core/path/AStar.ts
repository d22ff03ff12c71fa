import type { NavGrid } from '../grid/NavGrid.ts';
import type { GoalSet } from './GoalSet.ts';
import {
  OCCUPANCY_BLOCK as BLOCK_MODE,
  OCCUPANCY_COST as COST_MODE,
  OCCUPANCY_IGNORE as IGNORE_MODE,
  type OccupancyRules,
} from './OccupancyRules.ts';
import { TIE as HEAP_TIE } from './OpenHeap.ts';
import {
  type ClosestReached,
  OUTCOME_FOUND as FOUND,
  OUTCOME_PARTIAL as PARTIAL,
  type SearchOutcome,
} from './SearchOutcome.ts';
import type { SearchSpace } from './SearchSpace.ts';
import type { StepMasks } from './StepMasks.ts';

// Module-local copies: some loaders (tsx in Node) turn imported bindings into getters, too slow for a hot loop.
const BLOCK = BLOCK_MODE;
const COST = COST_MODE;
const IGNORE = IGNORE_MODE;
const OUTCOME_FOUND = FOUND;
const OUTCOME_PARTIAL = PARTIAL;
const TIE = HEAP_TIE;

const SQRT2 = Math.SQRT2;
const SQRT2_MINUS_2 = Math.SQRT2 - 2;
/** `pos` of a cell waiting in the fast lane (open, but not in the heap). */
const IN_LANE = -2;
/** runPlain's g of a cell no search has reached: any step improves on it. */
const UNSEEN_G = Number.POSITIVE_INFINITY;
/** runPlain's g of an expanded cell: no step improves on it. */
const CLOSED_G = Number.NEGATIVE_INFINITY;
/**
 * Relative slack for "as cheap as the best open node": 1e-12 covers rounding in g + h; a node admitted by
 * it is at most that much costlier than optimal, far below the 1e-6 any caller could notice.
 */
const LANE_SLACK = 1 + 1e-12;

/**
 * A* over any NavGrid: per-cell and per-direction costs, directed edges, occupancy, 8 or 4 moves. The heuristic (octile or
 * Manhattan to the nearest goal, times the cheapest cell cost) is consistent, so a popped cell is final and
 * never reopened. Allocates nothing: all state lives in the shared SearchSpace.
 */
export class AStar {
  private readonly grid: NavGrid;
  private readonly space: SearchSpace;
  private readonly goals: GoalSet;
  private readonly rules: OccupancyRules;
  private readonly closest: ClosestReached;
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
  /** All cells cost 1 and no 'cost' occupancy: a step costs its length, no per-cell read. */
  private uniform = true;
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
  private readonly steps: StepMasks;
  /**
   * runPlain's own g per cell, UNSEEN_G outside a search (it puts back every cell it reached), so that one
   * read tells a step whether it improves: no generation stamp, no band read.
   */
  private plainG: Float64Array | null = null;

  constructor(
    grid: NavGrid,
    space: SearchSpace,
    goals: GoalSet,
    rules: OccupancyRules,
    closest: ClosestReached,
    steps: StepMasks,
  ) {
    this.grid = grid;
    this.space = space;
    this.goals = goals;
    this.rules = rules;
    this.closest = closest;
    this.gOf = space.g;
    this.parentOf = space.parent;
    this.posOf = space.pos;
    this.seenOf = space.seen;
    this.laneOf = space.lane;
    this.cellCost = grid.cost;
    this.steps = steps;
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
    this.uniform = grid.nonUnitCostCells === 0 && rules.mode !== COST;
    this.entryCost = grid.directionCostCells !== 0 ? grid.entryCost : null;
    closest.reset();
    if (diagonals && !directed && this.uniform && this.singleGoal && rules.mode === IGNORE) {
      this.runPlain(start, maxExpanded, partial, out);
      return;
    }

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

  private newPlainG(): Float64Array {
    this.plainG = new Float64Array(this.grid.size).fill(UNSEEN_G);
    return this.plainG;
  }

  /**
   * The common game query, specialised: 8 moves, every cell costs 1, no one-way edges, no occupancy, one
   * goal. Everything the general loop asks per neighbour through calls (relax, heuristic, canStep, rules)
   * is folded in here, and the open list is the space's BandQueue (f stays within 2√2 of the minimum here)
   * with its push and pop written out, per direction.
   *
   * Two choices keep V8's code for this loop in registers (measured on arena2, same process):
   * - The loop makes no calls and its arrays never change inside it: one rarely taken call to grow the
   *   entry arrays, inside the loop, made it ~30% slower. They grow between passes instead (`room`).
   * - A band's first key stands for its keys (`firstKey`); a band that gets a key further from it than
   *   rounding noise is mixed, and pops from it take the least f, recomputed from the entry's g and the
   *   heuristic (entries store their g, below, but no f).
   *
   * And one keeps its memory traffic down: a step reads one per-cell number, the cell's g in `plainG`
   * (its own array: UNSEEN_G for a cell not reached, CLOSED_G once expanded, restored to UNSEEN_G for every
   * cell reached when the search ends). A step improves iff its g is below that, with no generation stamp
   * or open/closed mark to read. Each entry records the g it was filed with (`keyOf`), and a popped entry
   * is its cell's live one iff the cell's g is still that (a cheaper filing or the expansion changed it).
   * Same-process A/B on arena2 and lak304d: 7–10% faster than with `seen` and a band per cell in `pos`.
   */
  private runPlain(start: number, maxExpanded: number, partial: boolean, out: SearchOutcome): void {
    const space = this.space;
    const w = this.grid.width;
    const g = this.plainG ?? this.newPlainG();
    const parent = this.parentOf;
    const gx = this.gx;
    const gy = this.gy;
    const goal = gy * w + gx;
    const expandedCells = space.expandedCells;
    // y by multiplying with 1/w (exact for any grid that fits in memory): an integer division is slow.
    const invW = 1 / w;
    const steps = this.steps;
    steps.refresh();
    const masks = steps.masks;

    const bands = space.bands;
    bands.reset(0);
    const scale = bands.scale;
    const ringMask = bands.ringMask;
    const lastWord = ringMask >> 5;
    const head = bands.head;
    const mixed = bands.mixed;
    const bits = bands.bits;
    const firstKey = bands.firstKey;
    // The start, filed by hand (BandQueue.push would record its entry in pos; here pos holds bands).
    const sx = start % w;
    this.heuristic(sx, (start - sx) / w);
    let floor = Math.floor(this.hOut[0] * scale);
    const r0 = floor & ringMask;
    bands.cellOf[0] = start;
    bands.keyOf[0] = 0;
    bands.nextOf[0] = -1;
    head[r0] = 0;
    firstKey[r0] = this.hOut[0];
    bits[r0 >> 5] |= 1 << (r0 & 31);
    bands.touched[0] = r0;
    let touchedCount = 1;
    let top = 1;
    let live = 1;
    g[start] = 0;
    parent[start] = start;
    let expanded = 0;
    // partial: the reached cell nearest the goal (octile distance, then cost), as ClosestReached.offer keeps it.
    let nearCell = -1;
    let nearDistance = Number.POSITIVE_INFINITY;
    let nearCost = Number.POSITIVE_INFINITY;
    let found = false;
    let goalCost = 0;
    let done = false;
    while (!done) {
      if (top + 8 > bands.cellOf.length) {
        bands.top = top;
        bands.touchedCount = touchedCount;
        bands.grow();
      }
      const cellOf = bands.cellOf;
      const nextOf = bands.nextOf;
      const gAt = bands.keyOf;
      const touched = bands.touched;
      // An expansion files at most 8 entries: while `top` is at most `room` they fit.
      const room = cellOf.length - 8;
      while (top <= room) {
        if (live === 0 || expanded >= maxExpanded) {
          out.limited = live !== 0;
          done = true;
          break;
        }
        // The first non-empty band at or after the floor (one must be: live > 0).
        const at = floor & ringMask;
        let wi = at >> 5;
        let word = bits[wi] & (-1 << (at & 31));
        while (word === 0) {
          wi = wi === lastWord ? 0 : wi + 1;
          word = bits[wi];
        }
        const r = (wi << 5) | (31 - Math.clz32(word & -word));
        floor += (r - at) & ringMask;
        // Its newest entry; in a mixed band, the one of least f.
        let e = head[r];
        let prev = -1;
        if (mixed[r] === 1) {
          bands.mixedPops++;
          let least = Number.POSITIVE_INFINITY;
          for (let k = e, p = -1; k !== -1; p = k, k = nextOf[k]) {
            const v = cellOf[k];
            const vy = ((v + 0.5) * invW) | 0;
            let dx = gx - (v - vy * w);
            if (dx < 0) dx = -dx;
            let dy = gy - vy;
            if (dy < 0) dy = -dy;
            const f = gAt[k] + dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
            if (f < least) {
              least = f;
              e = k;
              prev = p;
            }
          }
        }
        const after = nextOf[e];
        if (prev === -1) head[r] = after;
        else nextOf[prev] = after;
        if (head[r] === -1) {
          bits[wi] &= ~(1 << (r & 31));
          mixed[r] = 0;
        }
        const c = cellOf[e];
        const gc = g[c];
        // Not its cell's live entry: the cell was filed again, cheaper, or is closed.
        if (gc !== gAt[e]) continue;
        g[c] = CLOSED_G;
        live--;
        expandedCells[expanded++] = c;
        if (c === goal) {
          goalCost = gc;
          found = done = true;
          break;
        }
        const y = ((c + 0.5) * invW) | 0;
        const hx = gx - (c - y * w);
        const hy = gy - y;
        if (partial) {
          const dx = hx < 0 ? -hx : hx;
          const dy = hy < 0 ? -hy : hy;
          const d = dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
          if (d < nearDistance || (d === nearDistance && gc < nearCost)) {
            nearCell = c;
            nearDistance = d;
            nearCost = gc;
          }
        }
        // The open steps, straights first: each reaches its cell first or more cheaply, or is dropped.
        const m = masks[c];
        if ((m & 1) !== 0) {
          const v = c - w;
          const ng = gc + 1;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx;
            if (dx < 0) dx = -dx;
            let dy = hy + 1;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
            let band = Math.floor(f * scale);
            if (band < floor) band = floor;
            const r = band & ringMask;
            const hd = head[r];
            cellOf[top] = v;
            gAt[top] = ng;
            nextOf[top] = hd;
            if (hd === -1) {
              bits[r >> 5] |= 1 << (r & 31);
              firstKey[r] = f;
              touched[touchedCount++] = r;
            } else {
              const d = firstKey[r] - f;
              if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
            }
            head[r] = top++;
          }
        }
        if ((m & 2) !== 0) {
          const v = c + 1;
          const ng = gc + 1;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx - 1;
            if (dx < 0) dx = -dx;
            let dy = hy;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
            let band = Math.floor(f * scale);
            if (band < floor) band = floor;
            const r = band & ringMask;
            const hd = head[r];
            cellOf[top] = v;
            gAt[top] = ng;
            nextOf[top] = hd;
            if (hd === -1) {
              bits[r >> 5] |= 1 << (r & 31);
              firstKey[r] = f;
              touched[touchedCount++] = r;
            } else {
              const d = firstKey[r] - f;
              if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
            }
            head[r] = top++;
          }
        }
        if ((m & 4) !== 0) {
          const v = c + w;
          const ng = gc + 1;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx;
            if (dx < 0) dx = -dx;
            let dy = hy - 1;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
            let band = Math.floor(f * scale);
            if (band < floor) band = floor;
            const r = band & ringMask;
            const hd = head[r];
            cellOf[top] = v;
            gAt[top] = ng;
            nextOf[top] = hd;
            if (hd === -1) {
              bits[r >> 5] |= 1 << (r & 31);
              firstKey[r] = f;
              touched[touchedCount++] = r;
            } else {
              const d = firstKey[r] - f;
              if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
            }
            head[r] = top++;
          }
        }
        if ((m & 8) !== 0) {
          const v = c - 1;
          const ng = gc + 1;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx + 1;
            if (dx < 0) dx = -dx;
            let dy = hy;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
            let band = Math.floor(f * scale);
            if (band < floor) band = floor;
            const r = band & ringMask;
            const hd = head[r];
            cellOf[top] = v;
            gAt[top] = ng;
            nextOf[top] = hd;
            if (hd === -1) {
              bits[r >> 5] |= 1 << (r & 31);
              firstKey[r] = f;
              touched[touchedCount++] = r;
            } else {
              const d = firstKey[r] - f;
              if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
            }
            head[r] = top++;
          }
        }
        if ((m & 16) !== 0) {
          const v = c - w + 1;
          const ng = gc + SQRT2;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx - 1;
            if (dx < 0) dx = -dx;
            let dy = hy + 1;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
            let band = Math.floor(f * scale);
            if (band < floor) band = floor;
            const r = band & ringMask;
            const hd = head[r];
            cellOf[top] = v;
            gAt[top] = ng;
            nextOf[top] = hd;
            if (hd === -1) {
              bits[r >> 5] |= 1 << (r & 31);
              firstKey[r] = f;
              touched[touchedCount++] = r;
            } else {
              const d = firstKey[r] - f;
              if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
            }
            head[r] = top++;
          }
        }
        if ((m & 32) !== 0) {
          const v = c + w + 1;
          const ng = gc + SQRT2;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx - 1;
            if (dx < 0) dx = -dx;
            let dy = hy - 1;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
            let band = Math.floor(f * scale);
            if (band < floor) band = floor;
            const r = band & ringMask;
            const hd = head[r];
            cellOf[top] = v;
            gAt[top] = ng;
            nextOf[top] = hd;
            if (hd === -1) {
              bits[r >> 5] |= 1 << (r & 31);
              firstKey[r] = f;
              touched[touchedCount++] = r;
            } else {
              const d = firstKey[r] - f;
              if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
            }
            head[r] = top++;
          }
        }
        if ((m & 64) !== 0) {
          const v = c + w - 1;
          const ng = gc + SQRT2;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx + 1;
            if (dx < 0) dx = -dx;
            let dy = hy - 1;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
            let band = Math.floor(f * scale);
            if (band < floor) band = floor;
            const r = band & ringMask;
            const hd = head[r];
            cellOf[top] = v;
            gAt[top] = ng;
            nextOf[top] = hd;
            if (hd === -1) {
              bits[r >> 5] |= 1 << (r & 31);
              firstKey[r] = f;
              touched[touchedCount++] = r;
            } else {
              const d = firstKey[r] - f;
              if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
            }
            head[r] = top++;
          }
        }
        if ((m & 128) !== 0) {
          const v = c - w - 1;
          const ng = gc + SQRT2;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx + 1;
            if (dx < 0) dx = -dx;
            let dy = hy + 1;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
            let band = Math.floor(f * scale);
            if (band < floor) band = floor;
            const r = band & ringMask;
            const hd = head[r];
            cellOf[top] = v;
            gAt[top] = ng;
            nextOf[top] = hd;
            if (hd === -1) {
              bits[r >> 5] |= 1 << (r & 31);
              firstKey[r] = f;
              touched[touchedCount++] = r;
            } else {
              const d = firstKey[r] - f;
              if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
            }
            head[r] = top++;
          }
        }
      }
    }
    bands.top = top;
    bands.touchedCount = touchedCount;
    bands.live = live;
    bands.floor = floor;
    out.expanded = expanded;
    space.expandedCount = expanded;
    // Every cell this search reached has an entry: back to unseen for the next search.
    const entries = bands.cellOf;
    for (let k = 0; k < top; k++) g[entries[k]] = UNSEEN_G;
    if (found) {
      out.status = OUTCOME_FOUND;
      out.end = goal;
      out.cost = goalCost;
    } else if (partial && nearCell >= 0) {
      out.status = OUTCOME_PARTIAL;
      out.end = nearCell;
      out.cost = nearCost;
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
