import type { NavGrid } from '../grid/index.ts';
import { Regions } from '../grid/index.ts';

/** Landmarks per map: 8 distances a cell, one 64-byte cache line. */
const LANDMARKS = 8;
/** Largest grid that gets landmarks (64 bytes a cell: 64 MB at this size). */
export const LANDMARK_MAX_CELLS = 1 << 20;

/** Fills `out` with the static 8-move distance from `source` to every cell (Infinity where unreachable). */
export type DistanceFill = (source: number, out: Float64Array) => void;

/**
 * A differential heuristic (Goldberg & Harrelson's ALT, as Sturtevant's differential heuristics on grids):
 * the distances from a few landmark cells to every cell over the static map, 8 moves. For any cells v and g,
 * |d(L, v) − d(L, g)| ≤ d(v, g) (the triangle inequality), so the largest such bound over the landmarks is a
 * lower bound of the walk from v to g, and a consistent one; taking the larger of it and the octile distance
 * keeps both properties. Occupancy only adds cost or walls, so it stays a lower bound under any policy. For a
 * goal set the bound is the distance of d(L, v) to the interval of the goals' d(L, ·).
 *
 * Where the octile distance underestimates most (round a lake, out of a room whose door faces away) this one
 * knows the walls: a search goes more nearly straight down the way. Landmarks are placed farthest first
 * (each the cell farthest from those before), which puts them in the map's corners and dead ends. Distances
 * are kept in doubles: a bound off by a float32 rounding could make a search miss the optimum by more than
 * the 1e-9 the searches are held to.
 *
 * Built when the map loads (`PathPlanner.prepare`), one distance field per landmark, and again after the
 * walls change.
 */
export class Landmarks {
  /** Per cell, `count` distances: `dist[cell * count + k]`. */
  readonly dist: Float64Array;
  readonly count: number;
  readonly cells: Int32Array;
  private version = -1;
  private readonly grid: NavGrid;

  static fits(grid: NavGrid): boolean {
    return grid.size <= LANDMARK_MAX_CELLS;
  }

  constructor(grid: NavGrid) {
    this.grid = grid;
    this.count = LANDMARKS;
    this.dist = new Float64Array(grid.size * LANDMARKS);
    this.cells = new Int32Array(LANDMARKS).fill(-1);
  }

  builtFor(version: number): boolean {
    return this.version === version;
  }

  /** The landmarks' lower bound of the static walk between cells `a` and `b` (0 when no landmark reaches both). */
  bound(a: number, b: number): number {
    const k = this.count;
    const dist = this.dist;
    let best = 0;
    for (let l = 0; l < k; l++) {
      const da = dist[a * k + l];
      const db = dist[b * k + l];
      if (da === Number.POSITIVE_INFINITY || db === Number.POSITIVE_INFINITY) continue;
      const d = da > db ? da - db : db - da;
      if (d > best) best = d;
    }
    return best;
  }

  /**
   * Places the landmarks in the map's largest region (where long walks are) and fills their distances, when
   * the walls changed since the last build. Cells elsewhere keep Infinity: the bound skips them.
   */
  refresh(fill: DistanceFill): void {
    const grid = this.grid;
    if (this.version === grid.version) return;
    this.version = grid.version;
    const n = grid.size;
    const k = this.count;
    const dist = this.dist;
    this.cells.fill(-1);
    const regions = new Regions(grid);
    regions.refresh();
    let largest = 0;
    for (let r = 1; r <= regions.count; r++) if (regions.area[r] > regions.area[largest]) largest = r;
    if (largest === 0) {
      dist.fill(Number.POSITIVE_INFINITY);
      return;
    }
    const label = regions.label;
    const field = new Float64Array(n);
    // The nearest landmark's distance per cell of the region so far.
    const nearest = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
    // The first landmark is the cell farthest from an arbitrary one of the region: one of its far corners.
    fill(label.indexOf(largest), field);
    let next = farthest(label, largest, field);
    for (let l = 0; l < k; l++) {
      this.cells[l] = next;
      fill(next, field);
      for (let i = 0; i < n; i++) {
        dist[i * k + l] = field[i];
        if (field[i] < nearest[i]) nearest[i] = field[i];
      }
      next = farthest(label, largest, nearest);
    }
  }
}

/** The cell of region `region` with the largest `score`, ties to the first. */
function farthest(label: Int32Array, region: number, score: Float64Array): number {
  let best = -1;
  let bestScore = -1;
  for (let i = 0; i < label.length; i++) {
    if (label[i] !== region) continue;
    const s = score[i];
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  return best;
}
