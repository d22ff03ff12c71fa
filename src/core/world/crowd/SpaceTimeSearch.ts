import type { NavGrid } from '../../grid/index.ts';
import { DX, DY } from '../../grid/index.ts';
import { growBytes, growFloat, growInt } from './growArrays.ts';
import type { Reservations } from './Reservations.ts';
import { StepBits } from './StepBits.ts';

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
 * Free intervals a tile keeps in one search (later ones are ignored, the tile counting as held then). A busy
 * tile of a big crowd is passed by many: with too few its last, endless interval is cut off, and nobody can end
 * there or pass after (lak304d ×1,000 kept 16 a tile when states were laid out per tile, and timetables failed
 * for it). States are made only for the tiles a search reads, so a generous bound costs nothing elsewhere.
 */
const MAX_GAPS_PER_TILE = 256;
/** Grids with more tiles than this get no timetables (their per-tile arrays would be too big). */
const MAX_TILES = 1 << 18;
/** States made room for at first (the pool grows, by doubling, when a search needs more). */
const FIRST_STATES = 1 << 14;
/**
 * The most states one search makes (about 90 MB of them): a bound on memory, far above what searches use
 * (lak304d ×1,000: at most 172,282 in one search; the 32 × 32 maps: under 2,000).
 */
const MAX_STATES = 1 << 21;
const NONE = -1;
/**
 * A walker's search is held to the goal's opening (`key`) within this many tiles of its goal, or from anywhere
 * when the goal opens over FLOOR_WAIT_STEPS steps' time after the walker could be there. Not always: held so
 * from anywhere, walkers head for their goals early and wait beside them, in others' way (random ×300 with 8
 * moves, crowd tool: sum of arrivals 15.2× → 17.7× the lower bound; with the wait over 40 steps, 18.2×).
 */
const FLOOR_NEAR = 2;
/**
 * Steps' time (a straight step's) by which a goal must open after the walker's earliest arrival for its search
 * to be held to it from anywhere: 120, 30 s at 4 tiles a second. Crowd tool, 300 s: lak304d ×1,000 with 8 moves,
 * the last first step 10.85 → 9.85 s (the floor spares the states a long wait round the map takes), the sums
 * unchanged (1.782× and 1.442×); random ×200 with 8 moves 4.94× → 4.80×.
 */
const FLOOR_WAIT_STEPS = 120;
/** Per tick left, what a state held to the goal's opening (`key`) counts more: far below a tick. */
const FLOOR_TIE = 1e-10;

export interface Timetable {
  /** Tiles from the start to the goal. */
  cells: number[];
  /** When each step starts (continuous ticks): the step from `cells[k]` to `cells[k + 1]` starts at `departs[k]`. */
  departs: number[];
}

/** Ticks a step from tile `a` into its neighbour `b` takes: `straight`, or √2 of it for a diagonal. */
export function stepTicks(width: number, straight: number, a: number, b: number): number {
  return a % width !== b % width && Math.floor(a / width) !== Math.floor(b / width)
    ? straight * Math.SQRT2
    : straight;
}

export class SpaceTimeSearch {
  /** States expanded since the search began (the planner's unit of work). */
  work = 0;
  private readonly grid: NavGrid;
  private readonly moves: 8 | 4;
  private readonly reservations: Reservations;
  // Per (tile, interval) state, from a pool this search fills: a tile's states are made together when the
  // search first reads its free intervals (`first[tile]` + the interval's index), each with its tile, the
  // interval ([gapStart, gapEnd)), and, once reached, its best arrival, parent state, departure from the parent.
  private pooled = 0;
  private cellOf: Int32Array = new Int32Array(0);
  private gapStart: Float64Array = new Float64Array(0);
  private gapEnd: Float64Array = new Float64Array(0);
  private reached: Uint8Array = new Uint8Array(0);
  private closed: Uint8Array = new Uint8Array(0);
  private best: Float64Array = new Float64Array(0);
  private parent: Int32Array = new Int32Array(0);
  private depart: Float64Array = new Float64Array(0);
  // Per tile, stamped with the search's generation: its first state and how many free intervals it has.
  private first: Int32Array = new Int32Array(0);
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
  /** Per tile, which steps the static grid allows. */
  private readonly steps: StepBits;
  /** The least key of this search's states (`key`): 0, or a tick's step after the goal's endless interval opens. */
  private floor = 0;
  /** A tile's free intervals as read, before they go to the pool. */
  private readonly gaps = new Float64Array(2 * MAX_GAPS_PER_TILE);

  /** `steps`: the crowd's, when it has them (else its own). */
  constructor(grid: NavGrid, moves: 8 | 4, reservations: Reservations, steps = new StepBits(grid)) {
    this.grid = grid;
    this.moves = moves;
    this.reservations = reservations;
    this.steps = steps;
  }

  /** Whether the grid is small enough for timetables (their per-tile state is allocated on first use). */
  static fits(grid: NavGrid): boolean {
    return grid.size <= MAX_TILES;
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
    if (this.first.length === 0) {
      this.first = new Int32Array(grid.size);
      this.gapCount = new Int32Array(grid.size);
      this.gapStamp = new Int32Array(grid.size);
      this.left = new Float64Array(grid.size);
      this.leftStamp = new Int32Array(grid.size);
      this.growPool(FIRST_STATES);
    }
    if (++this.gen === 0x7fffffff) {
      this.gapStamp.fill(0);
      this.leftStamp.fill(0);
      this.gen = 1;
    }
    const gen = this.gen;
    const steps = this.steps;
    this.pooled = 0;
    this.heapSize = 0;
    // The start state: the free interval of the start tile that holds `now`.
    const ng = this.gapsOf(start, now, id);
    let s0 = -1;
    for (let k = this.first[start]; k < this.first[start] + ng; k++)
      if (this.gapStart[k] <= now && now < this.gapEnd[k]) s0 = k;
    if (s0 < 0) return null;
    // The walker ends in the goal's endless free interval, entered by a step that starts once it opens: it
    // arrives no sooner than that, a bound the tiles left cannot see. Beside a goal someone passes long after,
    // the search would otherwise try every way and every wait round the map before that time (lak304d ×1,000:
    // one walker failed 20,000 states a round, for 17 s, a tile from its goal). With no endless interval the
    // goal is held for good: no timetable gets there (only a partial one, which has no floor).
    const opens = this.endlessFrom(goal, now, id);
    if (opens === Number.POSITIVE_INFINITY && !partial) return null;
    const left = tilesLeft(start);
    const held =
      opens !== Number.POSITIVE_INFINITY &&
      (left <= FLOOR_NEAR || opens - (now + left * straight) > FLOOR_WAIT_STEPS * straight);
    this.floor = held ? opens + straight : 0;
    this.reached[s0] = 1;
    this.best[s0] = now;
    this.parent[s0] = NONE;
    this.depart[s0] = now;
    this.push(s0, this.key(now, tilesLeft(start) * straight));
    let expanded = 0;
    const step = this.moves === 8 ? 1 : 2;
    // The best place to stay for good met so far (nearest the goal, then earliest), for a partial timetable.
    let stay = -1;
    let stayLeft = tilesLeft(start) - 0.5;
    let stayAt = Number.POSITIVE_INFINITY;
    while (this.heapSize > 0 && expanded < maxExpanded) {
      const s = this.pop();
      if (this.closed[s] === 1) continue;
      this.closed[s] = 1;
      expanded++;
      const v = this.cellOf[s];
      const g = this.best[s];
      const ceilG = Math.ceil(g);
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
      const mask = steps.of(v);
      for (let d = 0; d < 8; d += step) {
        if (((mask >> d) & 1) === 0) continue;
        const u = v + DY[d] * w + DX[d];
        const dur = d & 1 ? straight * Math.SQRT2 : straight;
        // (Each tile's gaps are read once per search: the reservations do not change during one.)
        const nu = this.gapsOf(u, now, id);
        const base = this.first[u];
        // The first gap still open when the walker is on v (gaps are sorted and disjoint).
        let su = base;
        let hi = base + nu;
        while (su < hi) {
          const mid = (su + hi) >> 1;
          if (this.gapEnd[mid] <= g) su = mid + 1;
          else hi = mid;
        }
        // A diagonal's corners: their gaps, walked forwards as the start times tried only grow.
        let pa = 0;
        let enda = 0;
        let pb = 0;
        let endb = 0;
        if (d & 1) {
          // From the first gap of each corner still open at the first tick the step could start, found by
          // binary search (a busy tile has dozens of gaps; walking them from the first, for each diagonal of
          // each state, cost lak304d ×1,000's planning about 4 %).
          const ca = v + DX[d];
          const cb = v + DY[d] * w;
          enda = this.gapsOf(ca, now, id);
          enda += this.first[ca];
          pa = this.firstOpen(this.first[ca], enda, ceilG);
          endb = this.gapsOf(cb, now, id);
          endb += this.first[cb];
          pb = this.firstOpen(this.first[cb], endb, ceilG);
        }
        for (; su < base + nu; su++) {
          const a = this.gapStart[su];
          // This gap and the later ones open only after the walker must have left v.
          if (a >= endV) break;
          const b = this.gapEnd[su];
          // Leave now (carrying the fraction) when the tile is free from the tick the step starts; else
          // wait, in whole ticks, for it.
          let t = ceilG >= a ? g : a;
          if (d & 1) {
            // Both corners free at the tick the diagonal starts: the first tick from ⌈t⌉ that lies in a gap of
            // each, waiting for them up to 8 ticks and no later than the tile's gap allows, found from one gap's
            // opening to the next (not tick by tick: in a big crowd most diagonals wait).
            const from = Math.ceil(t);
            const last = from + 8 < b - 1 ? from + 8 : from > b - 1 ? from : b - 1;
            let tick = from;
            let free = false;
            for (;;) {
              while (pa < enda && this.gapEnd[pa] <= tick) pa++;
              while (pb < endb && this.gapEnd[pb] <= tick) pb++;
              if (pa >= enda || pb >= endb) break;
              const opens = Math.ceil(Math.max(this.gapStart[pa], this.gapStart[pb]));
              if (opens <= tick) {
                free = true;
                break;
              }
              if (opens > last) break;
              tick = opens;
            }
            if (!free) continue;
            if (tick !== from) t = tick;
          }
          const arrive = t + dur;
          // Held on v until it arrives on u; on u from the start of the step, and it must get out again.
          if (Math.ceil(arrive) > endV || Math.ceil(arrive) >= b) continue;
          if (this.reached[su] === 1 && (this.best[su] <= arrive || this.closed[su] === 1)) continue;
          this.reached[su] = 1;
          this.best[su] = arrive;
          this.parent[su] = s;
          this.depart[su] = t;
          if (this.leftStamp[u] !== gen) {
            this.leftStamp[u] = gen;
            this.left[u] = tilesLeft(u) * straight;
          }
          this.push(su, this.key(arrive, this.left[u]));
        }
      }
    }
    this.work += expanded;
    return stay >= 0 ? this.timetable(stay) : null;
  }

  /** The first state of `from`..`to` (one tile's gaps, in order) whose gap ends after `tick`, or `to`. */
  private firstOpen(from: number, to: number, tick: number): number {
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.gapEnd[mid] <= tick) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** When `cell`'s endless free interval opens (from `now` on, others' reservations but `id`'s), or Infinity. */
  private endlessFrom(cell: number, now: number, id: number): number {
    const n = this.gapsOf(cell, now, id);
    const last = this.first[cell] + n - 1;
    return n > 0 && this.gapEnd[last] === Number.POSITIVE_INFINITY
      ? this.gapStart[last]
      : Number.POSITIVE_INFINITY;
  }

  /**
   * A state's key in the open list: its arrival plus the ticks left (A*'s f), but no less than when the goal's
   * endless interval opens (still a lower bound of the walker's arrival, and a consistent one). States held
   * to that floor go nearest the goal first (ties by the ticks left, a hair each), so the search heads for the
   * goal and waits there, not round the map.
   */
  private key(arrive: number, left: number): number {
    const f = arrive + left;
    const floor = this.floor;
    return f >= floor ? f : floor + left * FLOOR_TIE;
  }

  /**
   * How many free intervals `cell` has from `now` on (others' reservations but `id`'s), read once per search
   * (the reservations do not change during one): its states are made then, `first[cell]` onwards.
   */
  private gapsOf(cell: number, now: number, id: number): number {
    if (this.gapStamp[cell] === this.gen) return this.gapCount[cell];
    this.gapStamp[cell] = this.gen;
    const gaps = this.gaps;
    let n = this.reservations.gaps(cell, now, id, gaps, 0, MAX_GAPS_PER_TILE);
    // Past the pool's bound the tile counts as held for the rest of this search (it may fail: it is tried
    // again later).
    if (this.pooled + n > MAX_STATES) n = 0;
    if (this.pooled + n > this.cellOf.length)
      this.growPool(Math.min(MAX_STATES, Math.max(2 * this.cellOf.length, this.pooled + n)));
    const at = this.pooled;
    this.pooled += n;
    this.first[cell] = at;
    this.gapCount[cell] = n;
    for (let k = 0; k < n; k++) {
      this.cellOf[at + k] = cell;
      this.gapStart[at + k] = gaps[2 * k];
      this.gapEnd[at + k] = gaps[2 * k + 1];
      this.reached[at + k] = 0;
      this.closed[at + k] = 0;
    }
    return n;
  }

  /** Makes room for `n` states (what the pool holds is kept: a search may grow it midway). */
  private growPool(n: number): void {
    this.cellOf = growInt(this.cellOf, n, 0);
    this.gapStart = growFloat(this.gapStart, n);
    this.gapEnd = growFloat(this.gapEnd, n);
    this.reached = growBytes(this.reached, n);
    this.closed = growBytes(this.closed, n);
    this.best = growFloat(this.best, n);
    this.parent = growInt(this.parent, n, 0);
    this.depart = growFloat(this.depart, n);
  }

  private timetable(s: number): Timetable {
    const cells: number[] = [];
    const departs: number[] = [];
    for (let x = s; x !== NONE; x = this.parent[x]) {
      cells.push(this.cellOf[x]);
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
