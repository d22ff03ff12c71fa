import type { NavGrid } from '../grid/index.ts';
import type { GoalSet } from './GoalSet.ts';
import { OCCUPANCY_BLOCK, OCCUPANCY_COST, type OccupancyRules } from './OccupancyRules.ts';
import type { OccupancyWindow } from './OccupancyWindow.ts';
import type { SearchOutcome } from './SearchOutcome.ts';
import type { SearchSpace } from './SearchSpace.ts';
import type { StepMasks } from './StepMasks.ts';
import { tunedLoop } from './TunedLoop.ts';

const SQRT2 = Math.SQRT2;
const SQRT2_MINUS_2 = Math.SQRT2 - 2;
/**
 * The g of a cell no search has reached, as in TunedLoop.ts. Not imported from there: exported, the loop's
 * own would be read through a module cell in each direction block (same-process A/B: 3–5% slower).
 */
const UNSEEN_G = Number.POSITIVE_INFINITY;

/**
 * A*'s tuned loop: one goal, every cell costs 1, no one-way edges, 8 or 4 moves, and occupancy near the start
 * ('cost' or 'block' within a radius, compiled into an OccupancyWindow). Everything the general loop asks per
 * neighbour through calls (relax, heuristic, canStep, rules) is folded into the loop, and the open list is the
 * space's BandQueue with its push and pop written out, per direction. The loop is `tunedLoop` (TunedLoop.ts);
 * this class makes its per-cell arrays, prepares each search (the window's box, the start) and puts back
 * after it what the search changed.
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
 * The eight direction blocks in `tunedLoop` are one template written out eight times (a loop over the set
 * bits with the differences read from arrays measured 17–50% slower on arena2 and lak304d, same process; so
 * did filing through a helper function). They differ only in these, in the step masks' bit order:
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
  readonly grid: NavGrid;
  readonly space: SearchSpace;
  readonly goals: GoalSet;
  private readonly steps: StepMasks;
  private readonly rules: OccupancyRules;
  private readonly win: OccupancyWindow;
  /** The g per cell, UNSEEN_G outside a search (each search puts back every cell it reached). */
  g: Float64Array | null = null;
  /**
   * Per cell: its open steps (the step masks, low byte) and the steps that cost extra (high byte). The cells
   * of the window's box are rewritten for one search under its policy and put back after it (`saved`).
   */
  stepsOf: Uint16Array | null = null;
  /** The grid version `stepsOf` was copied at. */
  private version = -1;
  private saved = new Uint16Array(128);
  // One search's constants, worked out by `run` for the loop (tunedLoop): the open steps' mask, the
  // heuristic's diagonal term, the extra cost of a step into the window, bands per unit of f. (The loop
  // works out the goal's x and y and the grid's 1/width itself: read from fields, measured 2–3% slower.)
  moveMask = 255;
  diagonalTerm = SQRT2_MINUS_2;
  extra = 0;
  scale = 1;

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
    this.moveMask = moves === 8 ? 255 : 15;
    // The heuristic: dx + dy + diagonalTerm · min(dx, dy), octile for 8 moves, Manhattan for 4.
    this.diagonalTerm = moves === 8 ? SQRT2_MINUS_2 : 0;
    // The window's box (none: an empty box no cell falls in), and the extra cost of its steps.
    const win = this.win;
    this.extra = win.count > 0 && this.rules.mode === OCCUPANCY_COST ? this.rules.extra : 0;
    if (win.count > 0) this.rewriteBox();
    const bands = this.space.bands;
    bands.reset(0);
    // Keys span twice the longest step plus the extra cost: bands coarse enough for the ring to hold that.
    const span = (moves === 8 ? 2 * SQRT2 : 2) + this.extra;
    this.scale = Math.min(bands.scale, (bands.ringMask - 2) / span);
    this.fileStart(start);
    tunedLoop(this, maxExpanded, partial, out);
    // Every cell this search reached has an entry: back to unseen for the next search.
    const g = this.g!;
    const entries = bands.cellOf;
    for (let k = 0; k < bands.top; k++) g[entries[k]] = UNSEEN_G;
    if (win.count > 0) this.restoreBox();
  }

  /** Files the start by hand (BandQueue.push would record its entry in pos; here pos holds bands). */
  private fileStart(start: number): void {
    const bands = this.space.bands;
    const w = this.grid.width;
    const sy = ((start + 0.5) * (1 / w)) | 0;
    let h0x = this.goals.xs[0] - (start - sy * w);
    if (h0x < 0) h0x = -h0x;
    let h0y = this.goals.ys[0] - sy;
    if (h0y < 0) h0y = -h0y;
    const h0 = h0x + h0y + this.diagonalTerm * (h0x < h0y ? h0x : h0y);
    const floor = Math.floor(h0 * this.scale);
    const r0 = floor & bands.ringMask;
    bands.cellOf[0] = start;
    bands.keyOf[0] = 0;
    bands.nextOf[0] = -1;
    bands.head[r0] = 0;
    bands.firstKey[r0] = h0;
    bands.bits[r0 >> 5] |= 1 << (r0 & 31);
    bands.touched[0] = r0;
    bands.touchedCount = 1;
    bands.top = 1;
    bands.live = 1;
    bands.floor = floor;
    this.g![start] = 0;
    this.space.parent[start] = start;
  }

  /** Rewrites the open steps of each cell of the window's box under the policy, and those costing extra. */
  private rewriteBox(): void {
    const win = this.win;
    const w = this.grid.width;
    const cells = (win.bx1 - win.bx0 + 1) * (win.by1 - win.by0 + 1);
    if (this.saved.length < cells) this.saved = new Uint16Array(Math.max(cells, 2 * this.saved.length));
    const stepsOf = this.stepsOf!;
    const { dx, dy } = this.steps;
    const block = this.rules.mode === OCCUPANCY_BLOCK;
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
