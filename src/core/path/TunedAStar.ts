import type { NavGrid } from '../grid/index.ts';
import type { GoalSet } from './GoalSet.ts';
import {
  OCCUPANCY_BLOCK as BLOCK_MODE,
  OCCUPANCY_COST as COST_MODE,
  type OccupancyRules,
} from './OccupancyRules.ts';
import type { OccupancyWindow } from './OccupancyWindow.ts';
import { OUTCOME_FOUND as FOUND, OUTCOME_PARTIAL as PARTIAL, type SearchOutcome } from './SearchOutcome.ts';
import type { SearchSpace } from './SearchSpace.ts';
import type { StepMasks } from './StepMasks.ts';

// Module-local copies: some loaders (tsx in Node) turn imported bindings into getters, too slow for a hot loop.
const BLOCK = BLOCK_MODE;
const COST = COST_MODE;
const OUTCOME_FOUND = FOUND;
const OUTCOME_PARTIAL = PARTIAL;

const SQRT2 = Math.SQRT2;
const SQRT2_MINUS_2 = Math.SQRT2 - 2;
/** The g of a cell no search has reached: any step improves on it. */
const UNSEEN_G = Number.POSITIVE_INFINITY;
/** The g of an expanded cell: no step improves on it. */
const CLOSED_G = Number.NEGATIVE_INFINITY;

/**
 * A*'s tuned loop: one goal, every cell costs 1, no one-way edges, 8 or 4 moves, and occupancy near the start
 * ('cost' or 'block' within a radius, compiled into an OccupancyWindow). Everything the general loop asks per
 * neighbour through calls (relax, heuristic, canStep, rules) is folded in here, and the open list is the
 * space's BandQueue with its push and pop written out, per direction.
 *
 * Occupancy changes the map only inside the window's box, so a cell outside it reads its open steps from the
 * step masks as they are; a cell inside reads them from a copy made for this search (steps into a walled cell
 * or squeezing past one cleared under 'block') along with a bit per step that costs extra under 'cost'. One
 * box test per expansion and a bit test per step, nothing per cell of the map.
 *
 * The bucket queue holds keys within a span of the least one: every f a step files is at most twice the
 * step plus the extra cost above the f expanded (the heuristic, octile or Manhattan, is consistent). A wide
 * span gets coarser bands so the ring still covers it; bands holding different f values are then marked
 * mixed and popped least-f first, so the order stays exact.
 *
 * Two choices keep V8's code for this loop in registers (measured on arena2, same process):
 * - The loop makes no calls and its arrays never change inside it: one rarely taken call to grow the
 *   entry arrays, inside the loop, made it ~30% slower. They grow between passes instead (`room`).
 * - A band's first key stands for its keys (`firstKey`); a band that gets a key further from it than
 *   rounding noise is mixed, and pops from it take the least f, recomputed from the entry's g and the
 *   heuristic (entries store their g, below, but no f).
 *
 * And one keeps its memory traffic down: a step reads one per-cell number, the cell's g in its own array
 * (UNSEEN_G for a cell not reached, CLOSED_G once expanded, restored to UNSEEN_G for every cell reached when
 * the search ends). A step improves iff its g is below that, with no generation stamp or open/closed mark to
 * read. Each entry records the g it was filed with (`keyOf`), and a popped entry is its cell's live one iff
 * the cell's g is still that (a cheaper filing or the expansion changed it). Same-process A/B on arena2 and
 * lak304d: 7–10% faster than with `seen` and a band per cell in `pos`.
 *
 * The eight direction blocks in `search` are one template written out eight times (a loop over the set bits
 * with the differences read from arrays measured 17–50% slower on arena2 and lak304d, same process; so did
 * filing through a helper function). They differ only in these, in the step masks' bit order:
 *
 *   bit   step  cell v      step cost  x of the goal from v  y of the goal from v
 *     1   N     c - w       1          hx                    hy + 1
 *     2   E     c + 1       1          hx - 1                hy
 *     4   S     c + w       1          hx                    hy - 1
 *     8   W     c - 1       1          hx + 1                hy
 *    16   NE    c - w + 1   SQRT2      hx - 1                hy + 1
 *    32   SE    c + w + 1   SQRT2      hx - 1                hy - 1
 *    64   SW    c + w - 1   SQRT2      hx + 1                hy - 1
 *   128   NW    c - w - 1   SQRT2      hx + 1                hy + 1
 *
 * A fix goes in all eight: test/core/path/tunedAStarBlocks.test.ts reads this table and fails when a block is
 * not the template with its row filled in.
 */
export class TunedAStar {
  private readonly grid: NavGrid;
  private readonly space: SearchSpace;
  private readonly goals: GoalSet;
  private readonly steps: StepMasks;
  private readonly rules: OccupancyRules;
  private readonly win: OccupancyWindow;
  /** The g per cell, UNSEEN_G outside a search (each search puts back every cell it reached). */
  private g: Float64Array | null = null;
  /**
   * Per cell: its open steps (the step masks, low byte) and the steps that cost extra (high byte). The cells
   * of the window's box are rewritten for one search under its policy and put back after it (`saved`).
   */
  private stepsOf: Uint16Array | null = null;
  /** The grid version `stepsOf` was copied at. */
  private version = -1;
  private saved = new Uint16Array(128);

  constructor(
    grid: NavGrid,
    space: SearchSpace,
    goals: GoalSet,
    steps: StepMasks,
    rules: OccupancyRules,
    win: OccupancyWindow,
  ) {
    this.grid = grid;
    this.space = space;
    this.goals = goals;
    this.steps = steps;
    this.rules = rules;
    this.win = win;
  }

  /** Makes the per-cell arrays now rather than on the first search. */
  prepare(): void {
    this.g ??= new Float64Array(this.grid.size).fill(UNSEEN_G);
    this.steps.refresh();
    this.stepsOf ??= new Uint16Array(this.grid.size);
    if (this.version !== this.grid.version) {
      this.stepsOf.set(this.steps.masks);
      this.version = this.grid.version;
    }
  }

  /** Whether the per-cell arrays are made and in step with the grid's walls. */
  ready(): boolean {
    return this.g !== null && this.version === this.grid.version;
  }

  /** Searches from `start` (a walkable cell) to the one goal configured, under the compiled window. */
  run(start: number, moves: 8 | 4, maxExpanded: number, partial: boolean, out: SearchOutcome): void {
    this.prepare();
    this.search(start, moves, maxExpanded, partial, out);
  }

  private search(
    start: number,
    moves: 8 | 4,
    maxExpanded: number,
    partial: boolean,
    out: SearchOutcome,
  ): void {
    const space = this.space;
    const w = this.grid.width;
    const g = this.g!;
    const parent = space.parent;
    const gx = this.goals.xs[0];
    const gy = this.goals.ys[0];
    const goal = gy * w + gx;
    const expandedCells = space.expandedCells;
    // y by multiplying with 1/w (exact for any grid that fits in memory): an integer division is slow.
    const invW = 1 / w;
    const stepsOf = this.stepsOf!;
    const moveMask = moves === 8 ? 255 : 15;
    // The heuristic: dx + dy + diagonalTerm · min(dx, dy), octile for 8 moves, Manhattan for 4.
    const diagonalTerm = moves === 8 ? SQRT2_MINUS_2 : 0;
    // The window's box (none: an empty box no cell falls in), and the extra cost of its steps.
    const win = this.win;
    const extra = win.count > 0 && this.rules.mode === COST ? this.rules.extra : 0;
    if (win.count > 0) this.rewriteBox();

    const bands = space.bands;
    bands.reset(0);
    const ringMask = bands.ringMask;
    // Keys span twice the longest step plus the extra cost: bands coarse enough for the ring to hold that.
    const span = (moves === 8 ? 2 * SQRT2 : 2) + extra;
    const scale = Math.min(bands.scale, (ringMask - 2) / span);
    const lastWord = ringMask >> 5;
    const head = bands.head;
    const mixed = bands.mixed;
    const bits = bands.bits;
    const firstKey = bands.firstKey;
    // The start, filed by hand (BandQueue.push would record its entry in pos; here pos holds bands).
    const sy = ((start + 0.5) * invW) | 0;
    let h0x = gx - (start - sy * w);
    if (h0x < 0) h0x = -h0x;
    let h0y = gy - sy;
    if (h0y < 0) h0y = -h0y;
    const h0 = h0x + h0y + diagonalTerm * (h0x < h0y ? h0x : h0y);
    let floor = Math.floor(h0 * scale);
    const r0 = floor & ringMask;
    bands.cellOf[0] = start;
    bands.keyOf[0] = 0;
    bands.nextOf[0] = -1;
    head[r0] = 0;
    firstKey[r0] = h0;
    bits[r0 >> 5] |= 1 << (r0 & 31);
    bands.touched[0] = r0;
    let touchedCount = 1;
    let top = 1;
    let live = 1;
    g[start] = 0;
    parent[start] = start;
    let expanded = 0;
    // partial: the reached cell nearest the goal (its heuristic distance, then cost), as ClosestReached keeps it.
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
            const f = gAt[k] + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
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
          const d = dx + dy + diagonalTerm * (dx < dy ? dx : dy);
          if (d < nearDistance || (d === nearDistance && gc < nearCost)) {
            nearCell = c;
            nearDistance = d;
            nearCost = gc;
          }
        }
        // The open steps, straights first: each reaches its cell first or more cheaply, or is dropped.
        const open = stepsOf[c];
        const m = open & moveMask;
        const pen = open >> 8;
        if ((m & 1) !== 0) {
          const v = c - w;
          let ng = gc + 1;
          if ((pen & 1) !== 0) ng += extra;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx;
            if (dx < 0) dx = -dx;
            let dy = hy + 1;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
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
          let ng = gc + 1;
          if ((pen & 2) !== 0) ng += extra;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx - 1;
            if (dx < 0) dx = -dx;
            let dy = hy;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
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
          let ng = gc + 1;
          if ((pen & 4) !== 0) ng += extra;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx;
            if (dx < 0) dx = -dx;
            let dy = hy - 1;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
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
          let ng = gc + 1;
          if ((pen & 8) !== 0) ng += extra;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx + 1;
            if (dx < 0) dx = -dx;
            let dy = hy;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
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
          let ng = gc + SQRT2;
          if ((pen & 16) !== 0) ng += extra;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx - 1;
            if (dx < 0) dx = -dx;
            let dy = hy + 1;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
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
          let ng = gc + SQRT2;
          if ((pen & 32) !== 0) ng += extra;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx - 1;
            if (dx < 0) dx = -dx;
            let dy = hy - 1;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
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
          let ng = gc + SQRT2;
          if ((pen & 64) !== 0) ng += extra;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx + 1;
            if (dx < 0) dx = -dx;
            let dy = hy - 1;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
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
          let ng = gc + SQRT2;
          if ((pen & 128) !== 0) ng += extra;
          const gv = g[v];
          if (ng < gv) {
            if (gv === UNSEEN_G) live++;
            g[v] = ng;
            parent[v] = c;
            let dx = hx + 1;
            if (dx < 0) dx = -dx;
            let dy = hy + 1;
            if (dy < 0) dy = -dy;
            const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
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
    if (win.count > 0) this.restoreBox();
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

  /** Rewrites the open steps of each cell of the window's box under the policy, and those costing extra. */
  private rewriteBox(): void {
    const win = this.win;
    const w = this.grid.width;
    const cells = (win.bx1 - win.bx0 + 1) * (win.by1 - win.by0 + 1);
    if (this.saved.length < cells) this.saved = new Uint16Array(Math.max(cells, 2 * this.saved.length));
    const stepsOf = this.stepsOf!;
    const { dx, dy } = this.steps;
    const block = this.rules.mode === BLOCK;
    for (let y = win.by0, k = 0; y <= win.by1; y++) {
      for (let x = win.bx0; x <= win.bx1; x++, k++) {
        const c = y * w + x;
        const before = stepsOf[c];
        this.saved[k] = before;
        let m = before & 255;
        let pen = 0;
        for (let s = 0; s < 8; s++) {
          const bit = 1 << s;
          if ((m & bit) === 0) continue;
          const nx = x + dx[s];
          const ny = y + dy[s];
          if (!block) {
            if (win.affects(nx, ny)) pen |= bit;
          } else if (win.affects(nx, ny) || (s >= 4 && (win.affects(nx, y) || win.affects(x, ny)))) m &= ~bit;
        }
        stepsOf[c] = m | (pen << 8);
      }
    }
  }

  /** Puts back what rewriteBox changed. */
  private restoreBox(): void {
    const win = this.win;
    const w = this.grid.width;
    const stepsOf = this.stepsOf!;
    for (let y = win.by0, k = 0; y <= win.by1; y++)
      for (let x = win.bx0; x <= win.bx1; x++, k++) stepsOf[y * w + x] = this.saved[k];
  }
}
