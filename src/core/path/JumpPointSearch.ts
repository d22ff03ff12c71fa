import type { NavGrid } from '../grid/index.ts';
import type { GoalSet } from './GoalSet.ts';
import {
  JumpBits,
  scanBackward as scanBackwardBinding,
  scanForward as scanForwardBinding,
} from './JumpBits.ts';
import type { OccupancyRules } from './OccupancyRules.ts';
import { OCCUPANCY_BLOCK as BLOCK_MODE } from './OccupancyRules.ts';
import { OUTCOME_FOUND as FOUND, type SearchOutcome } from './SearchOutcome.ts';
import type { SearchSpace } from './SearchSpace.ts';

const SQRT2_MINUS_2 = Math.SQRT2 - 2;
// Module-local copies of imported bindings: the bundle needs none (it reads the one chunk's constants either
// way), but under tsx this search measured 1–4% slower without them (same-process A/B, arena2 and lak304d).
const OUTCOME_FOUND = FOUND;
const BLOCK = BLOCK_MODE;
const scanForward = scanForwardBinding;
const scanBackward = scanBackwardBinding;

/**
 * Jump Point Search (Harabor & Grastien) for 8-connected, uniform-cost grids where a diagonal step needs
 * both orthogonal neighbours open (no corner cutting). Under that rule a diagonal move has no forced
 * neighbours; a straight move east is forced to turn at x when the cell above (or below) x is open while the
 * one above x - 1 is a wall. Straight scans read 32 cells a word from JumpBits; diagonal scans step cell by
 * cell and launch the two straight scans from each.
 *
 * Only jump points enter the heap; `expanded` counts them. The planner only sends queries whose assumptions
 * hold here (see PathPlanner), and falls back to A* for the rest.
 */
export class JumpPointSearch {
  readonly bits: JumpBits;
  private readonly grid: NavGrid;
  private readonly space: SearchSpace;
  private readonly goals: GoalSet;
  /** The jump point being expanded. */
  private c0 = 0;
  /** The heuristic's answer (written, not returned: a returned double would be boxed per call). */
  private readonly hOut = new Float64Array(1);
  /** Cells walled off in the lines for the current search (characters under 'block'). */
  private walled = new Int32Array(64);
  private walledCount = 0;

  constructor(grid: NavGrid, space: SearchSpace, goals: GoalSet) {
    this.grid = grid;
    this.space = space;
    this.goals = goals;
    this.bits = new JumpBits(grid);
  }

  /**
   * Searches from `start` to the goals configured in the space, the lines brought up to date and, under
   * 'block', the cells others hold within the radius walled off for this search and put back after it.
   */
  runWalled(start: number, maxExpanded: number, out: SearchOutcome, rules: OccupancyRules): void {
    this.bits.refresh();
    if (rules.mode === BLOCK) this.wallOff(rules);
    try {
      this.run(start, maxExpanded, out);
    } finally {
      const w = this.grid.width;
      for (let k = 0; k < this.walledCount; k++) {
        const c = this.walled[k];
        const x = c % w;
        this.bits.set(x, (c - x) / w, true, false);
      }
      this.walledCount = 0;
    }
  }

  /** Clears, in the lines, the cells other characters wall off under 'block' (within the radius). */
  private wallOff(rules: OccupancyRules): void {
    const grid = this.grid;
    const r = Math.min(rules.radius, Math.max(grid.width, grid.height));
    const x0 = Math.max(0, rules.startX - r);
    const x1 = Math.min(grid.width - 1, rules.startX + r);
    const y0 = Math.max(0, rules.startY - r);
    const y1 = Math.min(grid.height - 1, rules.startY + r);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0, i = y * grid.width + x0; x <= x1; x++, i++) {
        if (grid.occupant[i] === 0 || grid.walkable[i] === 0 || !rules.blocks(i, this.space)) continue;
        if (this.walledCount === this.walled.length) {
          const more = new Int32Array(this.walled.length * 2);
          more.set(this.walled);
          this.walled = more;
        }
        this.walled[this.walledCount++] = i;
        this.bits.set(x, y, false, false);
      }
    }
  }

  /** Searches from `start` to the goals configured in the space; the caller has refreshed `bits`. */
  run(start: number, maxExpanded: number, out: SearchOutcome): void {
    const grid = this.grid;
    const space = this.space;
    const goals = this.goals;
    const bits = this.bits;
    const w = grid.width;
    const heap = space.heap;
    const g = space.g;
    const parent = space.parent;
    const goalMark = space.goalMark;
    const gen = space.gen;
    const expandedCells = space.expandedCells;
    for (let k = 0; k < goals.count; k++) bits.set(goals.xs[k], goals.ys[k], true, true);
    try {
      const sx = start % w;
      space.open(start, 0, goals.estimate(sx, (start - sx) / w), start);
      let expanded = 0;
      while (heap.size > 0) {
        if (expanded >= maxExpanded) {
          out.limited = true;
          break;
        }
        const c = heap.pop();
        expandedCells[expanded++] = c;
        if (goalMark[c] === gen) {
          out.status = OUTCOME_FOUND;
          out.end = c;
          out.cost = g[c];
          break;
        }
        const x = c % w;
        const y = (c - x) / w;
        this.c0 = c;
        const p = parent[c];
        if (p === c) {
          // The start: every direction.
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              if (dx === 0 && dy === 0) continue;
              if (dx !== 0 && dy !== 0) this.diagonal(x, y, dx, dy);
              else this.straight(x, y, dx, dy);
            }
          }
          continue;
        }
        const px = p % w;
        const py = (p - px) / w;
        const dx = x > px ? 1 : x < px ? -1 : 0;
        const dy = y > py ? 1 : y < py ? -1 : 0;
        if (dx !== 0 && dy !== 0) {
          this.straight(x, y, dx, 0);
          this.straight(x, y, 0, dy);
          this.diagonal(x, y, dx, dy);
        } else if (dx !== 0) {
          this.straight(x, y, dx, 0);
          // Forced turns: a side cell open while the one behind it is a wall.
          for (let side = -1; side <= 1; side += 2) {
            if (bits.open(x, y + side) && !bits.open(x - dx, y + side)) {
              this.straight(x, y, 0, side);
              this.diagonal(x, y, dx, side);
            }
          }
        } else {
          this.straight(x, y, 0, dy);
          for (let side = -1; side <= 1; side += 2) {
            if (bits.open(x + side, y) && !bits.open(x + side, y - dy)) {
              this.straight(x, y, side, 0);
              this.diagonal(x, y, side, dy);
            }
          }
        }
      }
      out.expanded = expanded;
      space.expandedCount = expanded;
    } finally {
      for (let k = 0; k < goals.count; k++) bits.set(goals.xs[k], goals.ys[k], false, true);
    }
  }

  /** Relaxes the jump point reached going straight from (x, y) in (dx, dy), if there is one. */
  private straight(x: number, y: number, dx: number, dy: number): void {
    const b = this.bits;
    const w = this.grid.width;
    // The scan answers a position along the line: the step count and the cell follow without a division.
    if (dy === 0) {
      const jx =
        dx > 0
          ? scanForward(b.rows, b.goalRows, b.rowWords, y + 1, x + 1, w)
          : scanBackward(b.rows, b.goalRows, b.rowWords, y + 1, x - 1);
      if (jx >= 0) this.reach(y * w + jx, jx > x ? jx - x : x - jx, false);
      return;
    }
    const jy =
      dy > 0
        ? scanForward(b.cols, b.goalCols, b.colWords, x + 1, y + 1, this.grid.height)
        : scanBackward(b.cols, b.goalCols, b.colWords, x + 1, y - 1);
    if (jy >= 0) this.reach(jy * w + x, jy > y ? jy - y : y - jy, false);
  }

  /**
   * Steps diagonally from (x, y) while no corner is cut; a cell is a jump point when it is a goal or when
   * either straight scan from it finds one.
   */
  private diagonal(x: number, y: number, dx: number, dy: number): void {
    const b = this.bits;
    const w = this.grid.width;
    const h = this.grid.height;
    const rows = b.rows;
    const cols = b.cols;
    const goalRows = b.goalRows;
    const goalCols = b.goalCols;
    const rw = b.rowWords;
    const cw = b.colWords;
    const goalMark = this.space.goalMark;
    const gen = this.space.gen;
    let steps = 0;
    // Bit reads straight from the padded rows (a blank row above and below): only x needs a bounds check.
    for (;;) {
      const nx = x + dx;
      if (nx < 0 || nx >= w) return;
      const ny = y + dy;
      const rowY = (y + 1) * rw;
      const rowN = (ny + 1) * rw;
      const wn = nx >>> 5;
      const bn = nx & 31;
      if (
        ((rows[rowY + wn] >>> bn) & 1) === 0 ||
        ((rows[rowN + (x >>> 5)] >>> (x & 31)) & 1) === 0 ||
        ((rows[rowN + wn] >>> bn) & 1) === 0
      )
        return;
      x = nx;
      y = ny;
      steps++;
      const c = y * w + x;
      if (
        goalMark[c] === gen ||
        (dx > 0
          ? scanForward(rows, goalRows, rw, y + 1, x + 1, w)
          : scanBackward(rows, goalRows, rw, y + 1, x - 1)) >= 0 ||
        (dy > 0
          ? scanForward(cols, goalCols, cw, x + 1, y + 1, h)
          : scanBackward(cols, goalCols, cw, x + 1, y - 1)) >= 0
      ) {
        this.reach(c, steps, true);
        return;
      }
    }
  }

  /** Relaxes jump point `j`, `steps` straight or diagonal steps from the node being expanded. */
  private reach(j: number, steps: number, diagonal: boolean): void {
    const space = this.space;
    const ng = space.g[this.c0] + (diagonal ? steps * Math.SQRT2 : steps);
    const heap = space.heap;
    if (space.seen[j] === space.gen) {
      const p = space.pos[j];
      if (p < 0 || ng >= space.g[j]) return;
      space.g[j] = ng;
      space.parent[j] = this.c0;
      this.estimate(j);
      heap.pending[0] = ng + this.hOut[0];
      heap.pending[1] = ng;
      heap.decreasePending(j);
      return;
    }
    space.seen[j] = space.gen;
    space.g[j] = ng;
    space.parent[j] = this.c0;
    this.estimate(j);
    heap.pending[0] = ng + this.hOut[0];
    heap.pending[1] = ng;
    heap.pushPending(j);
  }

  private estimate(j: number): void {
    const w = this.grid.width;
    const x = j % w;
    const y = (j - x) / w;
    const goals = this.goals;
    if (goals.count !== 1) {
      this.hOut[0] = goals.estimate(x, y);
      return;
    }
    let dx = goals.xs[0] - x;
    if (dx < 0) dx = -dx;
    let dy = goals.ys[0] - y;
    if (dy < 0) dy = -dy;
    this.hOut[0] = dx + dy + SQRT2_MINUS_2 * Math.min(dx, dy);
  }
}
