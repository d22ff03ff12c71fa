import { DX, DY } from '../grid/directions.ts';
import type { NavGrid } from '../grid/NavGrid.ts';
import type { PathPlanner } from '../path/PathPlanner.ts';
import { inReach } from './adjacency.ts';
import type { Character } from './Character.ts';

const STEP_LENGTH = [1, Math.SQRT2, 1, Math.SQRT2, 1, Math.SQRT2, 1, Math.SQRT2];
/** Cells a chaser extracts ahead of itself per look (its shown path); more are read when it gets there. */
const LOOK_AHEAD = 24;

/**
 * One reverse Dijkstra from the chased character's tile, shared by every chaser: `dist[i]` is the cost of
 * walking from cell i to the target over the static grid. A chaser walks downhill (each step to the
 * neighbour minimising step cost + remaining distance, which is an optimal path), so a crowd of any size
 * costs one search per target move, not one per chaser. Occupancy is left to the chasers: a taken
 * downhill cell is swapped for another free downhill neighbour, or waited on.
 */
export class ChaseField {
  readonly dist: Float64Array;
  /** The cell the field leads to (-1: never built). */
  target = -1;
  /** Bumped by 2 on every rebuild (two fields never share a version): chasers re-read a newer field. */
  version: number;
  /** A chaser stood outside this bounded field: the next build covers the whole map. */
  needFull = false;
  private readonly grid: NavGrid;

  constructor(grid: NavGrid, parity: 0 | 1) {
    this.grid = grid;
    this.version = parity;
    this.dist = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
  }

  /** Rebuilds towards `target`, covering cells up to `maxCost` away (Infinity after a chaser fell outside). */
  build(planner: PathPlanner, target: number, maxCost: number): number {
    const bound = this.needFull ? Number.POSITIVE_INFINITY : maxCost;
    this.needFull = false;
    this.target = target;
    this.version += 2;
    return planner.distanceField(target, this.dist, { reverse: true, maxCost: bound });
  }

  /**
   * The best neighbour of `from` to step into going downhill (strictly closer to the target), skipping cells
   * that `c` cannot take now when `free` is set (held by others, or a diagonal past a held corner).
   * Returns -1 when there is none (at the target's side, or outside the field).
   */
  downhill(c: Character, from: number, free: boolean): number {
    const grid = this.grid;
    const w = grid.width;
    const dist = this.dist;
    const occ = grid.occupant;
    const here = dist[from];
    if (here === Number.POSITIVE_INFINITY) return -1;
    const x = from % w;
    const y = (from - x) / w;
    let best = -1;
    let bestScore = here;
    for (let d = 0; d < 8; d++) {
      if (!grid.canStep(x, y, d)) continue;
      const n = from + DY[d] * w + DX[d];
      const rest = dist[n];
      if (rest >= here || n === this.target) continue;
      const score = STEP_LENGTH[d] * grid.cost[n] + rest;
      if (free) {
        const o = occ[n];
        if (o !== 0 && o !== c.id) continue;
        if (d & 1) {
          const a = occ[from + DY[(d + 7) & 7] * w + DX[(d + 7) & 7]];
          const b = occ[from + DY[(d + 1) & 7] * w + DX[(d + 1) & 7]];
          if ((a !== 0 && a !== c.id) || (b !== 0 && b !== c.id)) continue;
        }
      }
      if (best < 0 || score < bestScore) {
        best = n;
        bestScore = score;
      }
    }
    return best;
  }

  /** Fills `c.path` with the downhill walk from `first` on (`first` itself included when ≥ 0), ending in reach of the target. */
  extract(c: Character, first: number): void {
    const path = c.path;
    path.clear();
    let at = c.planCell;
    if (first >= 0) {
      path.push(first);
      at = first;
    }
    // Stop where it can strike: the path shown ends where the chaser will stand.
    while (path.length < LOOK_AHEAD && !inReach(this.grid, at, this.target)) {
      const n = this.downhill(c, at, false);
      if (n < 0) break;
      path.push(n);
      at = n;
    }
  }
}
