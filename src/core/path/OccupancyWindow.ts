import type { NavGrid } from '../grid/index.ts';
import { DX, DY } from '../grid/index.ts';
import type { GoalSet } from './GoalSet.ts';
import {
  OCCUPANCY_BLOCK as BLOCK_MODE,
  OCCUPANCY_COST as COST_MODE,
  OCCUPANCY_IGNORE as IGNORE_MODE,
  type OccupancyRules,
} from './OccupancyRules.ts';
import type { SearchSpace } from './SearchSpace.ts';

const BLOCK = BLOCK_MODE;
const COST = COST_MODE;
const IGNORE = IGNORE_MODE;

/** Largest radius window (cells) scanned per search; a wider policy is left to A*'s general loop. */
export const MAX_WINDOW_CELLS = 64 * 64;

/**
 * Where one query's occupancy policy changes the map: the box around the cells it affects (under 'cost' the
 * cells others hold within the radius, which cost extra to enter; under 'block' those that are walls for this
 * search, goals excepted when allowed). Outside that box every step costs what the static grid says, so the
 * fast searches treat the map's walls as all there is and search only the box (grown by a cell, `b*`) step by
 * step: a game query is the static map everywhere but a few cells near its start.
 *
 * `held[(y - by0) * bw + (x - bx0)]` is 1 for an affected cell of the grown box. Compiled per query from a
 * scan of the radius window (49 cells for the world's radius of 3); nothing is allocated once `held` has
 * grown to the largest box seen.
 */
export class OccupancyWindow {
  /** Affected cells: 0 when the policy changes nothing for this search. */
  count = 0;
  /** The policy's radius window fits MAX_WINDOW_CELLS (or it has no occupancy at all). */
  fits = true;
  /** The affected cells' box. */
  x0 = 0;
  y0 = 0;
  x1 = -1;
  y1 = -1;
  /** The box grown by one cell, clipped to the grid: the cells searched step by step. */
  bx0 = 0;
  by0 = 0;
  bx1 = -1;
  by1 = -1;
  bw = 0;
  held = new Uint8Array(128);
  /** Under 'block': affected cells are walls, corners included (else they cost extra to enter). */
  block = false;
  private grid: NavGrid | null = null;
  /** shutsIn's flood over the grown box: a mark per cell and a stack. */
  private mark = new Uint8Array(128);
  private stack = new Int32Array(128);

  compile(grid: NavGrid, rules: OccupancyRules, space: SearchSpace): void {
    this.grid = grid;
    this.block = rules.mode === BLOCK;
    this.count = 0;
    this.fits = true;
    this.bx1 = this.by1 = this.x1 = this.y1 = -1;
    this.bx0 = this.by0 = this.x0 = this.y0 = 0;
    this.bw = 0;
    if (rules.mode === IGNORE || (rules.mode === COST && rules.extra === 0)) return;
    const w = grid.width;
    const h = grid.height;
    const r = Math.min(Math.floor(rules.radius), Math.max(w, h));
    const sx = rules.startX;
    const sy = rules.startY;
    const x0 = Math.max(0, sx - r);
    const x1 = Math.min(w - 1, sx + r);
    const y0 = Math.max(0, sy - r);
    const y1 = Math.min(h - 1, sy + r);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_WINDOW_CELLS) {
      this.fits = false;
      return;
    }
    const occ = grid.occupant;
    const walk = grid.walkable;
    const self = rules.self;
    const spare = rules.mode === BLOCK && rules.allowGoal;
    const goalMark = space.goalMark;
    const gen = space.gen;
    let ax0 = w;
    let ay0 = h;
    let ax1 = -1;
    let ay1 = -1;
    let count = 0;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0, i = y * w + x0; x <= x1; x++, i++) {
        const o = occ[i];
        if (o === 0 || o === self || walk[i] !== 1 || (spare && goalMark[i] === gen)) continue;
        count++;
        if (x < ax0) ax0 = x;
        if (x > ax1) ax1 = x;
        if (y < ay0) ay0 = y;
        if (y > ay1) ay1 = y;
      }
    }
    if (count === 0) return;
    this.count = count;
    this.x0 = ax0;
    this.y0 = ay0;
    this.x1 = ax1;
    this.y1 = ay1;
    const bx0 = Math.max(0, ax0 - 1);
    const by0 = Math.max(0, ay0 - 1);
    const bx1 = Math.min(w - 1, ax1 + 1);
    const by1 = Math.min(h - 1, ay1 + 1);
    const bw = bx1 - bx0 + 1;
    const cells = bw * (by1 - by0 + 1);
    if (this.held.length < cells) this.held = new Uint8Array(Math.max(cells, 2 * this.held.length));
    const held = this.held;
    held.fill(0, 0, cells);
    for (let y = ay0; y <= ay1; y++) {
      for (let x = ax0, i = y * w + ax0; x <= ax1; x++, i++) {
        const o = occ[i];
        if (o === 0 || o === self || walk[i] !== 1 || (spare && goalMark[i] === gen)) continue;
        held[(y - by0) * bw + (x - bx0)] = 1;
      }
    }
    this.bx0 = bx0;
    this.by0 = by0;
    this.bx1 = bx1;
    this.by1 = by1;
    this.bw = bw;
  }

  /**
   * Whether the step from (x, y) to its neighbour (nx, ny), in direction d, is allowed under the policy: the
   * static rule (inside the map, walkable, no corner cut) and, under 'block', no walled cell entered or squeezed
   * past. With `entered` false, everything but the neighbour itself (the step out of a start, seen backwards).
   */
  allows(x: number, y: number, nx: number, ny: number, d: number, entered: boolean): boolean {
    const grid = this.grid!;
    if (nx < 0 || ny < 0 || nx >= grid.width || ny >= grid.height) return false;
    const walk = grid.walkable;
    const w = grid.width;
    if (entered && walk[ny * w + nx] !== 1) return false;
    if ((d & 1) === 1) {
      if (walk[y * w + nx] !== 1 || walk[ny * w + x] !== 1) return false;
      if (this.block && (this.affects(nx, y) || this.affects(x, ny))) return false;
    }
    return !(entered && this.block && this.affects(nx, ny));
  }

  /**
   * Whether every goal lies in the grown box and is shut in there: the cells a step under the policy leads to
   * from the goals, and on from those, never leave the box nor include `start`. Outside the box the map is the
   * static one, so such a goal cannot be reached at all, and a search would otherwise comb the whole map to
   * find that out (a goal another character stands on, under 'block'). A flood of at most the box's cells.
   */
  shutsIn(goals: GoalSet, start: number): boolean {
    if (this.count === 0) return false;
    const w = this.grid!.width;
    const walk = this.grid!.walkable;
    const { bx0, by0, bx1, by1 } = this;
    const bw = bx1 - bx0 + 1;
    const cells = bw * (by1 - by0 + 1);
    for (let g = 0; g < goals.count; g++) {
      const x = goals.xs[g];
      const y = goals.ys[g];
      if (x < bx0 || x > bx1 || y < by0 || y > by1) return false;
    }
    if (this.mark.length < cells) {
      this.mark = new Uint8Array(Math.max(cells, 2 * this.mark.length));
      this.stack = new Int32Array(this.mark.length);
    }
    const mark = this.mark;
    const stack = this.stack;
    mark.fill(0, 0, cells);
    let top = 0;
    for (let g = 0; g < goals.count; g++) {
      const x = goals.xs[g];
      const y = goals.ys[g];
      const k = (y - by0) * bw + (x - bx0);
      if (mark[k] === 1 || walk[y * w + x] !== 1 || (this.block && this.affects(x, y))) continue;
      mark[k] = 1;
      stack[top++] = k;
    }
    while (top > 0) {
      const k = stack[--top];
      const x = bx0 + (k % bw);
      const y = by0 + (k - (x - bx0)) / bw;
      for (let d = 0; d < 8; d++) {
        const nx = x + DX[d];
        const ny = y + DY[d];
        // The start is never entered: only the step out of it counts (the same corners, either way).
        if (ny * w + nx === start && nx >= 0 && nx < w) {
          if (this.allows(x, y, nx, ny, d, false)) return false;
          continue;
        }
        if (!this.allows(x, y, nx, ny, d, true)) continue;
        if (nx < bx0 || nx > bx1 || ny < by0 || ny > by1) return false;
        const n = (ny - by0) * bw + (nx - bx0);
        if (mark[n] === 1) continue;
        mark[n] = 1;
        stack[top++] = n;
      }
    }
    return true;
  }

  /** Whether (x, y) is an affected cell (entering it costs extra, or it is a wall for this search). */
  affects(x: number, y: number): boolean {
    return (
      x >= this.x0 &&
      x <= this.x1 &&
      y >= this.y0 &&
      y <= this.y1 &&
      this.held[(y - this.by0) * this.bw + (x - this.bx0)] === 1
    );
  }
}
