import type { NavGrid } from '../grid/index.ts';
import type { JumpTable } from './JumpTable.ts';
import { OCCUPANCY_BLOCK, type OccupancyRules } from './OccupancyRules.ts';
import type { OccupancyWindow } from './OccupancyWindow.ts';

/**
 * The window part of the window JPS (WindowJumpSearch): the policy's box grown by one, B, as the jumps over
 * the table see it. A cell of B is searched step by step under the policy; a jump from outside stops on the
 * first cell of B it would come into (a straight line meeting B, a diagonal landing in B or where a straight
 * scan from it would meet B), and the octile path is the answer only where it comes through B untouched.
 * Set per search (`use`); an empty box (bx1 < bx0) when the policy changes nothing.
 */
export class WindowBox {
  /** B's columns and rows (empty: bx1 < bx0). */
  bx0 = 0;
  by0 = 0;
  bx1 = -1;
  by1 = -1;
  /** Under 'block': the window's cells are walls, corners included. */
  blockMode = false;
  /** Under 'cost': what a step into one of the window's cells costs more. */
  extra = 0;
  private readonly grid: NavGrid;
  private readonly dist: Int16Array;
  private readonly win: OccupancyWindow;

  constructor(grid: NavGrid, table: JumpTable, win: OccupancyWindow) {
    this.grid = grid;
    this.dist = table.dist;
    this.win = win;
  }

  /** Takes the box and the policy of the window compiled for this search. */
  use(rules: OccupancyRules): void {
    const win = this.win;
    if (win.count > 0) {
      this.bx0 = win.bx0;
      this.by0 = win.by0;
      this.bx1 = win.bx1;
      this.by1 = win.by1;
    } else {
      this.bx0 = this.by0 = 0;
      this.bx1 = this.by1 = -1;
    }
    this.blockMode = rules.mode === OCCUPANCY_BLOCK;
    this.extra = this.blockMode ? 0 : rules.extra;
  }

  /** Steps along a straight line from (x, y) to the first cell of B on it, or 0 (none ahead, or no B). */
  ahead(x: number, y: number, dx: number, dy: number): number {
    if (this.bx1 < this.bx0) return 0;
    if (dy === 0) {
      if (y < this.by0 || y > this.by1) return 0;
      if (dx > 0) return x < this.bx0 ? this.bx0 - x : 0;
      return x > this.bx1 ? x - this.bx1 : 0;
    }
    if (x < this.bx0 || x > this.bx1) return 0;
    if (dy > 0) return y < this.by0 ? this.by0 - y : 0;
    return y > this.by1 ? y - this.by1 : 0;
  }

  /**
   * The first step (1 to `last`) of the diagonal from (x, y) that lands in B, or from which a straight scan
   * along one of its components meets B before a wall; else `steps` unchanged. Only the steps whose row or
   * column crosses B are looked at (a few).
   */
  diagonalMeets(x: number, y: number, dx: number, dy: number, last: number, steps: number): number {
    // The steps whose row lies in B's rows, then those whose column lies in B's columns.
    const rowFrom = dy > 0 ? this.by0 - y : y - this.by1;
    const rowTo = Math.min(last, dy > 0 ? this.by1 - y : y - this.by0);
    for (let i = rowFrom > 1 ? rowFrom : 1; i <= rowTo; i++) {
      if (this.diagonalStop(x + i * dx, y + i * dy, dx, dy)) {
        last = i - 1;
        steps = i;
        break;
      }
    }
    const colFrom = dx > 0 ? this.bx0 - x : x - this.bx1;
    const colTo = Math.min(last, dx > 0 ? this.bx1 - x : x - this.bx0);
    for (let i = colFrom > 1 ? colFrom : 1; i <= colTo; i++) {
      if (this.diagonalStop(x + i * dx, y + i * dy, dx, dy)) return i;
    }
    return steps;
  }

  /** Whether a diagonal along (dx, dy) stops on (cx, cy): in B, or a straight scan from it meets B. */
  private diagonalStop(cx: number, cy: number, dx: number, dy: number): boolean {
    const inRows = cy >= this.by0 && cy <= this.by1;
    const inCols = cx >= this.bx0 && cx <= this.bx1;
    if (inRows && inCols) return true;
    const c8 = (cy * this.grid.width + cx) * 8;
    const dist = this.dist;
    if (inRows) {
      const e = dx > 0 ? this.bx0 - cx : cx - this.bx1;
      const k = dist[c8 + (dx > 0 ? 2 : 6)];
      if (e > 0 && e <= (k > 0 ? k : -k)) return true;
    }
    if (inCols) {
      const e = dy > 0 ? this.by0 - cy : cy - this.by1;
      const k = dist[c8 + (dy > 0 ? 4 : 0)];
      if (e > 0 && e <= (k > 0 ? k : -k)) return true;
    }
    return false;
  }

  /**
   * Whether the steps of a run of `count` from (x, y) along (dx, dy) that come into B are untouched by the
   * policy (no extra cost; under 'block', no walled cell entered or squeezed past).
   */
  untouched(x: number, y: number, dx: number, dy: number, count: number): boolean {
    if (this.bx1 < this.bx0) return true;
    // The steps whose cell lies in B: a stretch of the run, clipped on each axis.
    let from = 1;
    let to = count;
    if (dx === 0) {
      if (x < this.bx0 || x > this.bx1) return true;
    } else {
      from = Math.max(from, dx > 0 ? this.bx0 - x : x - this.bx1);
      to = Math.min(to, dx > 0 ? this.bx1 - x : x - this.bx0);
    }
    if (dy === 0) {
      if (y < this.by0 || y > this.by1) return true;
    } else {
      from = Math.max(from, dy > 0 ? this.by0 - y : y - this.by1);
      to = Math.min(to, dy > 0 ? this.by1 - y : y - this.by0);
    }
    const win = this.win;
    const diagonal = dx !== 0 && dy !== 0;
    for (let i = from; i <= to; i++) {
      const tx = x + i * dx;
      const ty = y + i * dy;
      if (win.affects(tx, ty)) return false;
      if (diagonal && this.blockMode && (win.affects(tx - dx, ty) || win.affects(tx, ty - dy))) return false;
    }
    return true;
  }
}
