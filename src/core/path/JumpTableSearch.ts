import type { NavGrid } from '../grid/NavGrid.ts';
import type { GoalSet } from './GoalSet.ts';
import { JumpTable } from './JumpTable.ts';
import { OUTCOME_FOUND as FOUND, type SearchOutcome } from './SearchOutcome.ts';
import type { SearchSpace } from './SearchSpace.ts';

const SQRT2 = Math.SQRT2;
const SQRT2_MINUS_2 = Math.SQRT2 - 2;
// Module-local copy: some loaders (tsx in Node) turn imported bindings into getters, too slow for a hot loop.
const OUTCOME_FOUND = FOUND;
/** Direction (0 = N, clockwise) of a unit step, indexed by (dy + 1) * 3 + (dx + 1). */
const DIR_OF = new Int8Array([7, 0, 1, 6, -1, 2, 5, 4, 3]);
const DXS = new Int8Array([0, 1, 1, 1, 0, -1, -1, -1]);
const DYS = new Int8Array([-1, -1, 0, 1, 1, 1, 0, -1]);

/**
 * Jump Point Search over precomputed jump distances (JPS+, after Rabin), for one goal and walls only: the
 * same jump points and pruning as JumpPointSearch, but each straight jump or diagonal walk is one table read.
 * The goal is not in the table, so each jump checks it instead: a straight jump whose line runs through the
 * goal within reach stops there; a diagonal jump whose quadrant holds the goal stops where it meets the
 * goal's row or column (a cell from which a straight jump may reach it).
 *
 * The planner sends only queries that fit: 8 moves, uniform costs, no one-way edges, one goal, and no
 * character walled off for this search (the table knows the map's walls only).
 */
export class JumpTableSearch {
  readonly table: JumpTable;
  private readonly grid: NavGrid;
  private readonly space: SearchSpace;
  private readonly goals: GoalSet;
  /** The canonical directions out of the jump point being expanded. */
  private readonly dirs = new Int32Array(8);
  private readonly dist: Int16Array;

  constructor(grid: NavGrid, space: SearchSpace, goals: GoalSet) {
    this.grid = grid;
    this.space = space;
    this.goals = goals;
    this.table = new JumpTable(grid);
    this.dist = this.table.dist;
  }

  /** Searches from `start` to the single goal configured in the space; writes how it ended to `out`. */
  run(start: number, maxExpanded: number, out: SearchOutcome): void {
    this.table.refresh();
    const w = this.grid.width;
    const h = this.grid.height;
    const walk = this.grid.walkable;
    const dist = this.dist;
    const space = this.space;
    const heap = space.heap;
    const pending = heap.pending;
    const g = space.g;
    const parent = space.parent;
    const seen = space.seen;
    const pos = space.pos;
    const goalMark = space.goalMark;
    const gen = space.gen;
    const expandedCells = space.expandedCells;
    const dirs = this.dirs;
    const gx = this.goals.xs[0];
    const gy = this.goals.ys[0];
    const sx = start % w;
    const sy = (start - sx) / w;
    // Rows by truncating (c + 0.5)/w, multiplied by 1/w (exact for any grid that fits in memory): integer
    // divisions and Math.floor's checks are slow.
    const invW = 1 / w;
    space.open(start, 0, octile(gx - sx, gy - sy), start);
    let expanded = 0;
    while (heap.size > 0) {
      if (expanded >= maxExpanded) {
        out.limited = true;
        break;
      }
      const c = heap.pop();
      expandedCells[expanded++] = c;
      const gc = g[c];
      if (goalMark[c] === gen) {
        out.status = OUTCOME_FOUND;
        out.end = c;
        out.cost = gc;
        break;
      }
      const y = ((c + 0.5) * invW) | 0;
      const x = c - y * w;
      // The canonical directions out of c (all eight from the start), then one jump along each.
      let n = 0;
      const p = parent[c];
      if (p === c) {
        for (let d = 0; d < 8; d++) dirs[n++] = d;
      } else {
        const py = ((p + 0.5) * invW) | 0;
        const px = p - py * w;
        const dx = x > px ? 1 : x < px ? -1 : 0;
        const dy = y > py ? 1 : y < py ? -1 : 0;
        if (dx !== 0 && dy !== 0) {
          // Diagonal: both straight components and the diagonal itself (no forced turns without corner cutting).
          dirs[n++] = DIR_OF[4 + dx];
          dirs[n++] = DIR_OF[(dy + 1) * 3 + 1];
          dirs[n++] = DIR_OF[(dy + 1) * 3 + dx + 1];
        } else if (dx !== 0) {
          dirs[n++] = DIR_OF[4 + dx];
          // Forced turns: a side cell open while the one behind it is a wall.
          for (let side = -1; side <= 1; side += 2) {
            const sy2 = y + side;
            if (sy2 < 0 || sy2 >= h) continue;
            const bx = x - dx;
            if (walk[sy2 * w + x] === 1 && (bx < 0 || bx >= w || walk[sy2 * w + bx] !== 1)) {
              dirs[n++] = DIR_OF[(side + 1) * 3 + 1];
              dirs[n++] = DIR_OF[(side + 1) * 3 + dx + 1];
            }
          }
        } else {
          dirs[n++] = DIR_OF[(dy + 1) * 3 + 1];
          for (let side = -1; side <= 1; side += 2) {
            const sx2 = x + side;
            if (sx2 < 0 || sx2 >= w) continue;
            const by = y - dy;
            if (walk[y * w + sx2] === 1 && (by < 0 || by >= h || walk[by * w + sx2] !== 1)) {
              dirs[n++] = DIR_OF[4 + side];
              dirs[n++] = DIR_OF[(dy + 1) * 3 + side + 1];
            }
          }
        }
      }
      const rx = gx - x;
      const ry = gy - y;
      for (let i = 0; i < n; i++) {
        // The jump along d: to the goal, a jump point, or nowhere.
        const d = dirs[i];
        const k = dist[c * 8 + d];
        const reach = k > 0 ? k : -k;
        if (reach === 0) continue;
        const dx = DXS[d];
        const dy = DYS[d];
        let steps = 0;
        let len = 1;
        if ((d & 1) === 0) {
          // Straight: the goal on this line, ahead and within reach, comes before any jump point beyond it.
          const along = dx !== 0 ? (ry === 0 ? rx * dx : 0) : rx === 0 ? ry * dy : 0;
          if (along > 0 && along <= reach) steps = along;
          else if (k > 0) steps = k;
        } else {
          // Diagonal: the goal's quadrant, met on its row or column before the jump point (or the wall).
          len = SQRT2;
          const ax = rx * dx;
          const ay = ry * dy;
          if (ax > 0 && ay > 0) {
            const meet = ax < ay ? ax : ay;
            if (k > 0 ? meet < k : meet <= reach) steps = meet;
          }
          if (steps === 0 && k > 0) steps = k;
        }
        if (steps === 0) continue;
        // Relax the cell `steps` along d.
        const jx = x + steps * dx;
        const jy = y + steps * dy;
        const j = jy * w + jx;
        const ng = gc + steps * len;
        let fresh = false;
        if (seen[j] === gen) {
          if (pos[j] < 0 || ng >= g[j]) continue;
        } else {
          seen[j] = gen;
          fresh = true;
        }
        g[j] = ng;
        parent[j] = c;
        let hx = gx - jx;
        if (hx < 0) hx = -hx;
        let hy = gy - jy;
        if (hy < 0) hy = -hy;
        pending[0] = ng + hx + hy + SQRT2_MINUS_2 * (hx < hy ? hx : hy);
        pending[1] = ng;
        if (fresh) heap.pushPending(j);
        else heap.decreasePending(j);
      }
    }
    out.expanded = expanded;
    space.expandedCount = expanded;
  }
}

/** Octile distance of an offset (dx, dy). */
function octile(dx: number, dy: number): number {
  if (dx < 0) dx = -dx;
  if (dy < 0) dy = -dy;
  return dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
}
