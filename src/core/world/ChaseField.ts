import type { NavGrid } from '../grid/index.ts';
import { DX, DY } from '../grid/index.ts';
import type { PathPlanner } from '../path/index.ts';
import { inReach } from './adjacency.ts';
import type { Character } from './Character.ts';

const STEP_LENGTH = [1, Math.SQRT2, 1, Math.SQRT2, 1, Math.SQRT2, 1, Math.SQRT2];
/** Cells of a chaser's shown path (more are read when it gets there). */
const LOOK_AHEAD = 24;

/**
 * One reverse Dijkstra from the chased character's tile, shared by every chaser: `dist[i]` is the cost of
 * walking from cell i to the target over the static grid. The crowd planner ranks a chaser's next tiles by it
 * (downhill is an optimal way), so a crowd of any size costs one search per target move, not one per chaser.
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
  private readonly moves: 8 | 4;

  constructor(grid: NavGrid, parity: 0 | 1, moves: 8 | 4 = 8) {
    this.grid = grid;
    this.version = parity;
    this.moves = moves;
    this.dist = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
  }

  /** Rebuilds towards `target`, covering cells up to `maxCost` away (Infinity after a chaser fell outside). */
  build(planner: PathPlanner, target: number, maxCost: number): number {
    const bound = this.needFull ? Number.POSITIVE_INFINITY : maxCost;
    this.needFull = false;
    this.target = target;
    this.version += 2;
    return planner.distanceField(target, this.dist, { reverse: true, maxCost: bound, moves: this.moves });
  }

  /**
   * The best neighbour of `from` going downhill (strictly closer to the target, minimising step cost plus
   * what is left), or -1 when there is none (at the target's side, or outside the field).
   */
  downhill(from: number): number {
    const grid = this.grid;
    const w = grid.width;
    const dist = this.dist;
    const here = dist[from];
    if (here === Number.POSITIVE_INFINITY) return -1;
    const x = from % w;
    const y = (from - x) / w;
    let best = -1;
    let bestScore = here;
    for (let d = 0; d < 8; d += this.moves === 8 ? 1 : 2) {
      if (!grid.canStep(x, y, d)) continue;
      const n = from + DY[d] * w + DX[d];
      const rest = dist[n];
      if (rest >= here || n === this.target) continue;
      const score = STEP_LENGTH[d] * grid.cost[n] + rest;
      if (best < 0 || score < bestScore) {
        best = n;
        bestScore = score;
      }
    }
    return best;
  }

  /** Fills `c.path` with the downhill walk from `from`, ending in reach of the target (the path it shows). */
  extract(c: Character, from: number): void {
    const path = c.path;
    path.clear();
    let at = from;
    while (path.length < LOOK_AHEAD && !inReach(this.grid, at, this.target, this.moves)) {
      const n = this.downhill(at);
      if (n < 0) break;
      path.push(n);
      at = n;
    }
  }
}
