import { diagonalExtra, type NavGrid, openDistance } from '../../grid/index.ts';

/**
 * What the crowd planner knows of each character (by id): its role this tick, where it is going, and how far
 * any tile is from there — the distance the planner ranks a character's next tiles by (docs/movement.md).
 */

/** Not in the world (id 0, or a slot not used yet). */
export const ABSENT = 0;
/** Walking to a goal tile (a click, a wander, going home, a crowd walker): done when it stands there. */
export const WALK = 1;
/** Nowhere to be: it stays where it stands unless pushed, and goes back there after. */
export const REST = 2;
/** Chasing the player down a shared chase field: done when in reach. */
export const CHASE = 3;
/** Commanded (the player): walks exactly its path, never pushed; the others make way. */
export const STRICT = 4;
/** Holds its ground (the player standing, an enemy striking): never moves, never pushed. */
export const HOLD = 5;
/** Has nowhere in particular to be in this plan (a knot's resting or chasing member): goes where pushed. */
export const FREE = 6;

/** Route cells looked at on either side of the last match when pricing a tile off the route. */
const BEHIND = 2;
const AHEAD = 6;
/** Beyond every real distance: a tile a character cannot get to from here. */
export const FAR = 1e9;

export class Agents {
  role = new Uint8Array(16);
  /** The goal tile (WALK), the rest tile (REST), the tile it must end on (STRICT); -1 none. */
  goal = new Int32Array(16).fill(-1);
  /**
   * Exact distances to the goal (a reverse distance field), when the crowd has one for this character; else
   * it is priced along its route (see `dist`).
   */
  field: (Float64Array | null)[] = [null];
  /** Its route to the goal: cells from where it was planned, and the cost left from each. */
  routeCells: Int32Array[] = [new Int32Array(0)];
  routeRem: Float64Array[] = [new Float64Array(0)];
  routeLen = new Int32Array(16);
  /** Where on its route it was last seen: tiles are priced against the route cells around it. */
  hint = new Int32Array(16);
  /**
   * When set (a knot's own agents), fields are indexed by region slot, `slot[cell]`, not by cell; cells off
   * the region (slot -1) are out of reach.
   */
  slot: Int32Array | null = null;
  /** The tile chasers run to (the player's): off their field they head there as the crow flies. */
  chaseTarget = -1;
  count = 0;
  private readonly width: number;
  private readonly diagonal: number;

  constructor(grid: NavGrid, moves: 8 | 4) {
    this.width = grid.width;
    // With four moves a diagonal offset costs two straight steps: the metric is Manhattan, not octile.
    this.diagonal = diagonalExtra(moves);
  }

  grow(id: number): void {
    if (id >= this.role.length) {
      const n = Math.max(id + 1, this.role.length * 2);
      const role = new Uint8Array(n);
      role.set(this.role);
      this.role = role;
      this.goal = growInt(this.goal, n, -1);
      this.routeLen = growInt(this.routeLen, n, 0);
      this.hint = growInt(this.hint, n, 0);
    }
    while (this.field.length <= id) {
      this.field.push(null);
      this.routeCells.push(new Int32Array(0));
      this.routeRem.push(new Float64Array(0));
    }
    if (id >= this.count) this.count = id + 1;
  }

  /** Sets `id`'s route: `cells[0]` where it was planned from, then the path; `costs` of entering each cell. */
  setRoute(
    id: number,
    start: number,
    path: ArrayLike<number>,
    cost: (from: number, to: number) => number,
  ): void {
    const n = path.length + 1;
    let cells = this.routeCells[id];
    let rem = this.routeRem[id];
    if (cells.length < n) {
      const cap = Math.max(n, cells.length * 2, 16);
      cells = new Int32Array(cap);
      rem = new Float64Array(cap);
      this.routeCells[id] = cells;
      this.routeRem[id] = rem;
    }
    cells[0] = start;
    for (let k = 0; k < path.length; k++) cells[k + 1] = path[k];
    rem[n - 1] = 0;
    for (let k = n - 2; k >= 0; k--) rem[k] = rem[k + 1] + cost(cells[k], cells[k + 1]);
    this.routeLen[id] = n;
    this.hint[id] = 0;
  }

  clearRoute(id: number): void {
    this.routeLen[id] = 0;
    this.hint[id] = 0;
  }

  /**
   * How far tile `v` is from where `id` is going (lower is better): its distance field where it has one (a
   * chaser's is the chase field); else along its route (on the route: the cost left; beside it: the straight
   * distance to a route cell near where it was last, plus that cell's cost left); else the straight distance
   * to its goal. Straight distance is octile with 8 moves, Manhattan with 4.
   */
  dist(id: number, v: number): number {
    const role = this.role[id];
    if (role === HOLD || role === FREE) return 0;
    const field = this.field[id];
    if (field !== null) {
      const slot = this.slot;
      const k = slot === null ? v : slot[v];
      if (k < 0) return FAR;
      const d = field[k];
      if (d !== Number.POSITIVE_INFINITY) return d;
      // Off a chaser's bounded field it heads for the player as the crow flies.
      return role === CHASE && this.chaseTarget >= 0 ? FAR / 2 + this.metric(v, this.chaseTarget) : FAR;
    }
    if (role === CHASE) return this.chaseTarget < 0 ? FAR : FAR / 2 + this.metric(v, this.chaseTarget);
    const n = this.routeLen[id];
    const goal = this.goal[id];
    if (n === 0 || role === REST) return goal < 0 ? 0 : this.metric(v, goal);
    const cells = this.routeCells[id];
    const rem = this.routeRem[id];
    const h = this.hint[id];
    const lo = h > BEHIND ? h - BEHIND : 0;
    const hi = h + AHEAD < n ? h + AHEAD : n - 1;
    let best = FAR;
    for (let k = lo; k <= hi; k++) {
      const c = cells[k];
      if (c === v) return rem[k];
      const d = this.metric(v, c) + rem[k];
      if (d < best) best = d;
    }
    return best;
  }

  /** Moves `id`'s route hint to where it stands (`cell`), when that is on its route a little ahead. */
  follow(id: number, cell: number): void {
    const n = this.routeLen[id];
    const cells = this.routeCells[id];
    const h = this.hint[id];
    const end = Math.min(n, h + 2 * AHEAD);
    for (let k = h > BEHIND ? h - BEHIND : 0; k < end; k++) {
      if (cells[k] === cell) {
        this.hint[id] = k;
        return;
      }
    }
  }

  /**
   * The cell after `cell` on `id`'s route (the player's next step from there), or -1 where the route ends or
   * does not pass.
   */
  routeNext(id: number, cell: number): number {
    const n = this.routeLen[id];
    const cells = this.routeCells[id];
    const h = this.hint[id];
    for (let k = h > BEHIND ? h - BEHIND : 0; k < n; k++)
      if (cells[k] === cell) return k + 1 < n ? cells[k + 1] : -1;
    for (let k = 0; k < n && k < h; k++) if (cells[k] === cell) return k + 1 < n ? cells[k + 1] : -1;
    return -1;
  }

  /** Straight distance between two cells: octile with 8 moves, Manhattan with 4. */
  metric(a: number, b: number): number {
    return openDistance(a, b, this.width, this.diagonal);
  }
}

function growInt(a: Int32Array, n: number, fill: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n).fill(fill);
  b.set(a);
  return b;
}
