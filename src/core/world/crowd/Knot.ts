import { DX, DY } from '../../grid/directions.ts';
import type { NavGrid } from '../../grid/NavGrid.ts';
import { Agents, FREE, WALK } from './Agents.ts';
import { ConfigSearch } from './ConfigSearch.ts';
import type { StepQueue } from './StepQueue.ts';
import { Transition } from './Transition.ts';

/**
 * A knot (MOVEMENT.md): walkers that stopped getting nearer their goals, and everyone standing around them,
 * solved together. The knot owns a region of tiles; its members are every character whose tile lies in it
 * (the player and anyone striking stay out: they are walls to it), and everyone else keeps out of it until it
 * is undone. Each walking member gets a target inside the region (its goal when the goal lies there, else the
 * tile of the region nearest its goal, no two alike); the others may go anywhere. LaCAM (ConfigSearch) then
 * searches the members' configurations, within the region, for one with every walker on its target — complete:
 * if such a configuration can be reached it is found — and the members play it out as committed steps.
 */

/** Transitions the knot's search looks ahead of what its members have been given. */
const LOOKAHEAD = 64;

export interface KnotMember {
  /** Global character id. */
  id: number;
  /** The tile it stands on or steps into. */
  front: number;
  /** Its global goal tile for a walker, -1 for one with nowhere to be. */
  goal: number;
  /** How far a tile is from its goal (the crowd's pricing), for picking a target beside the region. */
  dist: (cell: number) => number;
  prio: number;
}

export class Knot {
  /** Member global ids by local id (index 0 unused). */
  readonly members: Int32Array;
  /** The region's tiles (a tile's index here is its slot). */
  readonly cells: Int32Array;
  /** Tick it was tied. */
  readonly since: number;
  private readonly grid: NavGrid;
  private readonly moves: 8 | 4;
  private readonly search: ConfigSearch;
  private readonly front: Int32Array;
  private frontNode = 0;
  private readonly target: Int32Array;

  /**
   * @param slot the crowd's per-tile slot array: this knot writes its region's slots there (and clears them
   *   in `untie`); regions of knots never overlap.
   * @param boundary tiles next to the region a member may not enter (off the region, or held by others).
   */
  constructor(
    grid: NavGrid,
    moves: 8 | 4,
    shared: Transition,
    slot: Int32Array,
    cells: Int32Array,
    boundary: Int32Array,
    members: readonly KnotMember[],
    since: number,
  ) {
    this.grid = grid;
    this.moves = moves;
    this.cells = cells;
    this.since = since;
    const m = members.length;
    this.members = new Int32Array(m + 1);
    this.front = new Int32Array(m + 1).fill(-1);
    this.target = new Int32Array(m + 1).fill(-1);
    for (let k = 0; k < cells.length; k++) slot[cells[k]] = k;
    const agents = new Agents(grid, moves);
    agents.grow(m);
    agents.slot = slot;
    const prio = new Float64Array(m + 1);
    const taken = new Uint8Array(cells.length);
    // Walkers whose goal lies in the region keep it; then the others, most urgent first, take the region
    // tile nearest their goal that nobody has yet.
    const order = members.map((_, k) => k).sort((a, b) => members[b].prio - members[a].prio || a - b);
    for (const k of order) {
      const mb = members[k];
      const s = mb.goal >= 0 ? slot[mb.goal] : -1;
      // (A slot of another knot's region is not this region's.)
      if (s >= 0 && cells[s] === mb.goal && taken[s] === 0) {
        taken[s] = 1;
        this.target[k + 1] = mb.goal;
      }
    }
    for (const k of order) {
      const mb = members[k];
      if (mb.goal < 0 || this.target[k + 1] >= 0) continue;
      let best = -1;
      let bestD = Number.POSITIVE_INFINITY;
      for (let s = 0; s < cells.length; s++) {
        if (taken[s] !== 0) continue;
        const d = mb.dist(cells[s]);
        if (d < bestD) {
          bestD = d;
          best = s;
        }
      }
      if (best < 0) continue;
      taken[best] = 1;
      this.target[k + 1] = cells[best];
    }
    for (let k = 1; k <= m; k++) {
      const mb = members[k - 1];
      this.members[k] = mb.id;
      this.front[k] = mb.front;
      prio[k] = mb.prio;
      const t = this.target[k];
      agents.role[k] = t >= 0 ? WALK : FREE;
      agents.goal[k] = t;
      agents.field[k] = t >= 0 ? this.regionField(t, slot) : null;
    }
    const transition = new Transition(grid, agents, moves, shared);
    this.search = new ConfigSearch(grid, agents, transition, moves);
    this.search.held = boundary;
    this.search.reset(this.front, prio);
  }

  /** Whether no configuration with every walker on its target can be reached in this region. */
  get failed(): boolean {
    return this.search.exhausted;
  }

  /** The members' targets reached and played out: nothing left to take. */
  done(steps: StepQueue, moving: (id: number) => boolean): boolean {
    const search = this.search;
    if (search.found < 0 || this.frontNode !== search.found) return false;
    for (let k = 1; k < this.members.length; k++) {
      const id = this.members[k];
      if (steps.queued(id) > 0 || moving(id)) return false;
    }
    return true;
  }

  /**
   * One tick: search a bounded amount, and when a member stands idle with somewhere to be, commit the next
   * transition on the search's way. Returns PIBT calls spent.
   */
  tick(steps: StepQueue, budget: number, moving: (id: number) => boolean): number {
    const search = this.search;
    let work = 0;
    if (search.found < 0 && !search.exhausted && search.ahead(this.frontNode) < LOOKAHEAD) work = search.run(budget);
    if (!this.idle(steps, moving)) return work;
    const next = search.target() === this.frontNode ? -1 : search.nextOnWay(this.frontNode);
    if (next < 0) return work;
    const to = search.config(next);
    for (let k = 1; k < this.members.length; k++) {
      const a = this.front[k];
      const b = to[k];
      if (a !== b) steps.commit(this.members[k], a, b);
      this.front[k] = b;
    }
    this.frontNode = next;
    return work;
  }

  /** Whether a member stands with no committed step left, away from its target. */
  private idle(steps: StepQueue, moving: (id: number) => boolean): boolean {
    for (let k = 1; k < this.members.length; k++) {
      const id = this.members[k];
      if (steps.queued(id) === 0 && !moving(id) && this.target[k] >= 0 && this.front[k] !== this.target[k])
        return true;
    }
    return false;
  }

  /** Frees the region's slots. */
  untie(slot: Int32Array): void {
    for (let k = 0; k < this.cells.length; k++) slot[this.cells[k]] = -1;
  }

  /** Distances to `target` over the region alone (by slot), a reverse Dijkstra over its few tiles. */
  private regionField(target: number, slot: Int32Array): Float64Array {
    const cells = this.cells;
    const n = cells.length;
    const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
    const heapCell = new Int32Array(n * 8 + 1);
    const heapKey = new Float64Array(n * 8 + 1);
    let size = 0;
    const push = (s: number, d: number) => {
      let i = size++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (heapKey[p] <= d) break;
        heapCell[i] = heapCell[p];
        heapKey[i] = heapKey[p];
        i = p;
      }
      heapCell[i] = s;
      heapKey[i] = d;
    };
    const grid = this.grid;
    const w = grid.width;
    dist[slot[target]] = 0;
    push(slot[target], 0);
    while (size > 0) {
      const s = heapCell[0];
      const d = heapKey[0];
      const lastC = heapCell[--size];
      const lastK = heapKey[size];
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) break;
        const r = l + 1;
        const c = r < size && heapKey[r] < heapKey[l] ? r : l;
        if (heapKey[c] >= lastK) break;
        heapCell[i] = heapCell[c];
        heapKey[i] = heapKey[c];
        i = c;
      }
      heapCell[i] = lastC;
      heapKey[i] = lastK;
      if (d > dist[s]) continue;
      const v = cells[s];
      const x = v % w;
      const y = (v - x) / w;
      // Backwards: who could step into v.
      for (let dir = 0; dir < 8; dir += this.moves === 8 ? 1 : 2) {
        const px = x - DX[dir];
        const py = y - DY[dir];
        if (!grid.inBounds(px, py)) continue;
        const p = py * w + px;
        const ps = slot[p];
        if (ps < 0 || !grid.canStep(px, py, dir)) continue;
        const nd = d + (dir & 1 ? Math.SQRT2 : 1) * grid.cost[v];
        if (nd < dist[ps]) {
          dist[ps] = nd;
          push(ps, nd);
        }
      }
    }
    return dist;
  }
}
