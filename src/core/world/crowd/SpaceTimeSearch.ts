import type { NavGrid } from '../../grid/index.ts';
import { DX, DY } from '../../grid/index.ts';
import type { Reservations } from './Reservations.ts';

/**
 * A walker's timetable through the others' reservations: Safe Interval Path Planning (Phillips & Likhachev,
 * ICRA 2011) under the world's rules, in ticks. A step from v into u starting at time t (continuous; the
 * world starts it at tick ⌈t⌉, carrying the fraction over) holds u from ⌈t⌉ and v until it arrives,
 * ⌈t + d⌉, d being the step's duration; a diagonal needs both corner tiles free when it starts. States are
 * (tile, free interval of that tile); each keeps the earliest time it can be reached, and waiting is only
 * ever done in whole ticks. The walker ends on its goal in an interval that never ends (it can stay).
 *
 * Prioritised planning over these timetables (each walker planned around those planned before) is what
 * keeps a crowd of walkers flowing: they pass one another in time instead of pushing (docs/movement.md).
 */

/**
 * Search states, all tiles together: each tile keeps as many free intervals as fit (16 to 64; later ones are
 * ignored, the tile counting as held then). A busy tile of a big crowd is passed by many: with too few
 * intervals its last, endless one is cut off, and nobody can end there or pass after.
 */
const MAX_STATES = 1 << 20;
const MIN_GAPS = 16;
const MAX_GAPS_PER_TILE = 64;
/** Grids with more tiles than this ÷ 16 get no timetables (their state would not fit). */
const MAX_STATES_EVER = 1 << 22;
const NONE = -1;

export interface Timetable {
  /** Tiles from the start to the goal. */
  cells: number[];
  /** When each step starts (continuous ticks): the step from `cells[k]` to `cells[k + 1]` starts at `departs[k]`. */
  departs: number[];
}

export class SpaceTimeSearch {
  /** States expanded since the search began (the planner's unit of work). */
  work = 0;
  private readonly grid: NavGrid;
  private readonly moves: 8 | 4;
  private readonly reservations: Reservations;
  // Per (tile, interval) state, stamped by search: best arrival, parent state, departure from the parent.
  private stamp: Int32Array = new Int32Array(0);
  private closed: Int32Array = new Int32Array(0);
  private best: Float64Array = new Float64Array(0);
  private parent: Int32Array = new Int32Array(0);
  private depart: Float64Array = new Float64Array(0);
  private gapEnd: Float64Array = new Float64Array(0);
  // Each tile's free intervals as read in this search (stamped with the search's generation).
  private gapCache: Float64Array = new Float64Array(0);
  private gapCount: Int32Array = new Int32Array(0);
  private gapStamp: Int32Array = new Int32Array(0);
  // Each tile's estimate to the goal, in ticks, as computed in this search (stamped likewise).
  private left: Float64Array = new Float64Array(0);
  private leftStamp: Int32Array = new Int32Array(0);
  private gen = 0;
  // The open list: a binary heap of states by arrival + heuristic.
  private heap = new Int32Array(1024);
  private heapKey = new Float64Array(1024);
  private heapSize = 0;
  private readonly gaps: Float64Array;
  /** Free intervals kept per tile. */
  private readonly maxGaps: number;

  constructor(grid: NavGrid, moves: 8 | 4, reservations: Reservations) {
    this.maxGaps = Math.max(MIN_GAPS, Math.min(MAX_GAPS_PER_TILE, Math.floor(MAX_STATES / grid.size)));
    this.gaps = new Float64Array(2 * this.maxGaps);
    this.grid = grid;
    this.moves = moves;
    this.reservations = reservations;
  }

  /** Whether the grid is small enough for timetables (their per-tile state is allocated on first use). */
  static fits(grid: NavGrid): boolean {
    return grid.size * MIN_GAPS <= MAX_STATES_EVER;
  }

  /**
   * The earliest timetable for walker `id` from `start` (where it stands, ready at tick `now`) to `goal`,
   * stepping a straight tile in `straight` ticks (a diagonal √2 times that), around everyone else's
   * reservations; `tilesLeft(cell)` is an admissible estimate of the tiles from a cell to the goal. Null when
   * none is found within `maxExpanded` states; with `partial`, then the timetable to the tile nearest the goal
   * where it can stay for good (half a tile nearer than its start at least), when there is one.
   */
  plan(
    id: number,
    start: number,
    now: number,
    goal: number,
    straight: number,
    tilesLeft: (cell: number) => number,
    maxExpanded: number,
    partial = false,
  ): Timetable | null {
    const grid = this.grid;
    const w = grid.width;
    const res = this.reservations;
    const gaps = this.gaps;
    if (this.stamp.length === 0) {
      const n = grid.size * this.maxGaps;
      this.stamp = new Int32Array(n);
      this.closed = new Int32Array(n);
      this.best = new Float64Array(n);
      this.parent = new Int32Array(n);
      this.depart = new Float64Array(n);
      this.gapEnd = new Float64Array(n);
      this.gapCache = new Float64Array(2 * n);
      this.gapCount = new Int32Array(grid.size);
      this.gapStamp = new Int32Array(grid.size);
      this.left = new Float64Array(grid.size);
      this.leftStamp = new Int32Array(grid.size);
    }
    if (++this.gen === 0x7fffffff) {
      this.stamp.fill(0);
      this.closed.fill(0);
      this.gapStamp.fill(0);
      this.leftStamp.fill(0);
      this.gen = 1;
    }
    const gen = this.gen;
    const G = this.maxGaps;
    const cache = this.gapCache;
    this.heapSize = 0;
    // The start state: the free interval of the start tile that holds `now`.
    const ng = res.gaps(start, now, id, gaps);
    let k0 = -1;
    for (let k = 0; k < ng; k++) if (gaps[2 * k] <= now && now < gaps[2 * k + 1]) k0 = k;
    if (k0 < 0) return null;
    const s0 = start * this.maxGaps + k0;
    this.stamp[s0] = gen;
    this.best[s0] = now;
    this.parent[s0] = NONE;
    this.depart[s0] = now;
    this.gapEnd[s0] = gaps[2 * k0 + 1];
    this.push(s0, now + tilesLeft(start) * straight);
    let expanded = 0;
    const step = this.moves === 8 ? 1 : 2;
    // The best place to stay for good met so far (nearest the goal, then earliest), for a partial timetable.
    let stay = -1;
    let stayLeft = tilesLeft(start) - 0.5;
    let stayAt = Number.POSITIVE_INFINITY;
    while (this.heapSize > 0 && expanded < maxExpanded) {
      const s = this.pop();
      if (this.closed[s] === gen) continue;
      this.closed[s] = gen;
      expanded++;
      const v = (s / this.maxGaps) | 0;
      const g = this.best[s];
      const endV = this.gapEnd[s];
      if (endV === Number.POSITIVE_INFINITY) {
        if (v === goal) {
          this.work += expanded;
          return this.timetable(s);
        }
        if (partial) {
          const left = tilesLeft(v);
          if (left < stayLeft || (left === stayLeft && g < stayAt)) {
            stay = s;
            stayLeft = left;
            stayAt = g;
          }
        }
      }
      const x = v % w;
      const y = (v - x) / w;
      for (let d = 0; d < 8; d += step) {
        if (!grid.canStep(x, y, d)) continue;
        const u = v + DY[d] * w + DX[d];
        const dur = d & 1 ? straight * Math.SQRT2 : straight;
        // Gaps are counted from the search's start, so a state's gap index names the same gap however late it
        // is reached.
        // (Each tile's gaps are read once per search: the reservations do not change during one.)
        const nu = this.gapsOf(u, now, id);
        const base = 2 * G * u;
        for (let j = 0; j < nu; j++) {
          const a = cache[base + 2 * j];
          // This gap and the later ones open only after the walker must have left v.
          if (a >= endV) break;
          const b = cache[base + 2 * j + 1];
          if (b <= g) continue;
          // Leave now (carrying the fraction) when the tile is free from the tick the step starts; else
          // wait, in whole ticks, for it.
          let t = Math.ceil(g) >= a ? g : a;
          if (d & 1) {
            // Both corners free at the tick the diagonal starts (wait for them while that is allowed).
            const ca = v + DX[d];
            const cb = v + DY[d] * w;
            let tries = 0;
            while (
              (this.heldAt(ca, Math.ceil(t), now, id) || this.heldAt(cb, Math.ceil(t), now, id)) &&
              tries++ < 8 &&
              Math.ceil(t) + 1 < b
            )
              t = Math.ceil(t) + 1;
            if (this.heldAt(ca, Math.ceil(t), now, id) || this.heldAt(cb, Math.ceil(t), now, id)) continue;
          }
          const arrive = t + dur;
          // Held on v until it arrives on u; on u from the start of the step, and it must get out again.
          if (Math.ceil(arrive) > endV || Math.ceil(arrive) >= b) continue;
          const su = u * this.maxGaps + j;
          if (this.stamp[su] === gen && (this.best[su] <= arrive || this.closed[su] === gen)) continue;
          this.stamp[su] = gen;
          this.best[su] = arrive;
          this.parent[su] = s;
          this.depart[su] = t;
          this.gapEnd[su] = b;
          if (this.leftStamp[u] !== gen) {
            this.leftStamp[u] = gen;
            this.left[u] = tilesLeft(u) * straight;
          }
          this.push(su, arrive + this.left[u]);
        }
      }
    }
    this.work += expanded;
    return stay >= 0 ? this.timetable(stay) : null;
  }

  /**
   * How many free intervals `cell` has from `now` on (others' reservations but `id`'s), read into the cache
   * once per search: the reservations do not change during one.
   */
  private gapsOf(cell: number, now: number, id: number): number {
    if (this.gapStamp[cell] !== this.gen) {
      this.gapStamp[cell] = this.gen;
      const G = this.maxGaps;
      this.gapCount[cell] = this.reservations.gaps(cell, now, id, this.gapCache, 2 * G * cell, G);
    }
    return this.gapCount[cell];
  }

  /**
   * Whether someone other than `id` holds `cell` at tick `t` (≥ `now`): whether t lies outside its free
   * intervals, from the cache (a tile's intervals beyond those kept count as held, as everywhere here).
   */
  private heldAt(cell: number, t: number, now: number, id: number): boolean {
    const n = this.gapsOf(cell, now, id);
    const cache = this.gapCache;
    const base = 2 * this.maxGaps * cell;
    // The last gap opening by t (gaps are sorted and disjoint): t is free only inside it.
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cache[base + 2 * mid] <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 || t >= cache[base + 2 * (lo - 1) + 1];
  }

  private timetable(s: number): Timetable {
    const cells: number[] = [];
    const departs: number[] = [];
    for (let x = s; x !== NONE; x = this.parent[x]) {
      cells.push((x / this.maxGaps) | 0);
      if (this.parent[x] !== NONE) departs.push(this.depart[x]);
    }
    cells.reverse();
    departs.reverse();
    return { cells, departs };
  }

  private push(s: number, key: number): void {
    if (this.heapSize === this.heap.length) {
      const h = new Int32Array(this.heap.length * 2);
      h.set(this.heap);
      this.heap = h;
      const k = new Float64Array(this.heapKey.length * 2);
      k.set(this.heapKey);
      this.heapKey = k;
    }
    const heap = this.heap;
    const keys = this.heapKey;
    let i = this.heapSize++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p] <= key) break;
      heap[i] = heap[p];
      keys[i] = keys[p];
      i = p;
    }
    heap[i] = s;
    keys[i] = key;
  }

  private pop(): number {
    const heap = this.heap;
    const keys = this.heapKey;
    const top = heap[0];
    const n = --this.heapSize;
    if (n > 0) {
      const s = heap[n];
      const key = keys[n];
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && keys[r] < keys[l] ? r : l;
        if (keys[c] >= key) break;
        heap[i] = heap[c];
        keys[i] = keys[c];
        i = c;
      }
      heap[i] = s;
      keys[i] = key;
    }
    return top;
  }
}
