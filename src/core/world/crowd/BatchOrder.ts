import type { NavGrid } from '../../grid/index.ts';
import { DX, DY } from '../../grid/index.ts';
import { GoalRegions } from './GoalRegions.ts';
import { StepBits } from './StepBits.ts';

/** What the order needs of a walker of a batch. */
export interface OrderedWalker {
  readonly cell: number;
  readonly goal: number;
  /** Admissible tiles from a cell to its goal. */
  tilesLeft(cell: number): number;
}

/**
 * Cells the first order's searches may cover, walkers times the map's cells (a walker's search may cover the
 * map): 1 M, some 45 ms (lak304d's 37,442 cells with 232 walkers took 370 ms in a throwaway timing script).
 * Beyond, the order learns only from the batch's failures.
 */
const STATIC_CELLS = 1 << 20;

/**
 * The order a batch is planned in (prioritised planning: each walker round those planned before it). A walker
 * that stands on its goal for good is a wall to everyone planned after it; where goals shut a way others must
 * take (a door, a corridor whose other lane is another goal, two goals corner to corner), those planned after
 * find no timetable and the batch fails. Crowd tool, random-32-32-20 with 100 walkers on rows drawn by `--rows 3`,
 * 8 moves: with the failed walker first and then shuffled orders, the batch failed in all four and went to the
 * whole crowd's knot, whose plan took 2.48× the lower bound; in this order it is planned, 1.43×.
 *
 * So a walker is planned before the walkers whose goals shut it off from its own:
 * - the goals a walk from its start must cross, were every other walker on its goal (the fewest such: a 0-1
 *   breadth-first search over the walls, no diagonal past a goal either), found when the order is made;
 * - those found when its search fails in an order (`shutBy` over what is held for good then, `mustPass`).
 * Among those free to go: the ones that failed before (`first`), then nearest goal first. Where the
 * constraints make a cycle, the one with the fewest before it not planned yet goes first.
 */
export class BatchOrder {
  private readonly grid: NavGrid;
  private readonly moves: 8 | 4;
  private readonly walkers: readonly OrderedWalker[];
  /** Batch index by goal tile. */
  private readonly goalOf = new Map<number, number>();
  /** Per walker, the walkers that must be planned before it. */
  private readonly before: Set<number>[];
  private readonly near: Float64Array;
  // shutBy's search: per cell its stamp, cost (negative once done: -1 - cost) and parent; a ring of cells.
  private readonly seen: Uint32Array;
  private readonly cost: Int32Array;
  private readonly parent: Int32Array;
  private readonly ring: Int32Array;
  private stamp = 0;
  /** Constraints the last `order` could not keep (walkers picked with others still to go before them). */
  broken = 0;

  constructor(
    grid: NavGrid,
    moves: 8 | 4,
    walkers: readonly OrderedWalker[],
    statics: 'none' | 'tiles' | 'regions' = walkers.length * grid.size <= STATIC_CELLS ? 'tiles' : 'none',
    steps: StepBits = new StepBits(grid),
  ) {
    this.grid = grid;
    this.moves = moves;
    this.walkers = walkers;
    const n = walkers.length;
    for (let i = 0; i < n; i++) this.goalOf.set(walkers[i].goal, i);
    this.before = Array.from({ length: n }, () => new Set<number>());
    this.near = new Float64Array(n);
    this.seen = new Uint32Array(grid.size);
    this.cost = new Int32Array(grid.size);
    this.parent = new Int32Array(grid.size);
    // Each cell is queued at most once per cost it improves to, at most twice (costs differ by one at most
    // among the queued): twice the cells, and room to spare.
    this.ring = new Int32Array(2 * grid.size + 2);
    for (let j = 0; j < n; j++) this.near[j] = walkers[j].tilesLeft(walkers[j].cell);
    // The goals each walker could not get round were everyone else on theirs: it goes before their walkers
    // (`statics`: found by a search over the map's tiles per walker, by one over its regions, or not at all, and
    // then only what the batch's failures teach counts, `mustPass`; by default tiles up to STATIC_CELLS).
    if (statics === 'none') return;
    const isGoal = new Uint8Array(grid.size);
    for (const wk of walkers) isGoal[wk.goal] = 1;
    // The regions' search where steps go both ways (GoalRegions); else the tiles'.
    const regions =
      statics === 'regions' && grid.directedCells === 0 ? new GoalRegions(grid, moves, steps, isGoal) : null;
    for (let j = 0; j < n; j++) {
      const wk = walkers[j];
      const own = wk.goal;
      const shut =
        regions !== null
          ? regions.shutBy(wk.cell, own)
          : this.shutBy(wk.cell, own, (c) => isGoal[c] === 1 && c !== own);
      if (shut !== null) for (const c of shut) this.mustPass(j, this.goalHolder(c));
    }
  }

  /** Batch index of the walker whose goal is `cell`, or -1. */
  goalHolder(cell: number): number {
    return this.goalOf.get(cell) ?? -1;
  }

  /** Walker `j` must be planned before walker `i`. */
  mustPass(j: number, i: number): void {
    if (i !== j) this.before[i].add(j);
  }

  /** Batch indices in planning order; `first`: indices to put first among those free to go. */
  order(first: ReadonlySet<number> = new Set()): number[] {
    const n = this.walkers.length;
    const waiting = new Int32Array(n);
    const follow: number[][] = Array.from({ length: n }, () => []);
    for (let i = 0; i < n; i++) {
      waiting[i] = this.before[i].size;
      for (const j of this.before[i]) follow[j].push(i);
    }
    const near = this.near;
    const done = new Uint8Array(n);
    const order: number[] = [];
    this.broken = 0;
    while (order.length < n) {
      let pick = -1;
      for (let i = 0; i < n; i++) {
        if (done[i] === 1) continue;
        if (pick < 0) {
          pick = i;
          continue;
        }
        const dw = waiting[i] - waiting[pick];
        const df = (first.has(pick) ? 1 : 0) - (first.has(i) ? 1 : 0);
        if (dw < 0 || (dw === 0 && (df < 0 || (df === 0 && near[i] < near[pick])))) pick = i;
      }
      done[pick] = 1;
      if (waiting[pick] > 0) this.broken++;
      order.push(pick);
      for (const i of follow[pick]) waiting[i]--;
    }
    return order;
  }

  /**
   * The fewest tiles held for good (`held`) a walk from `start` to `goal` must go through (a 0-1 breadth-first
   * search, a held tile costing one to enter and no diagonal past one), or null when it needs none: the tiles
   * whose holders shut the walker off from its goal (null too when walls alone do).
   */
  shutBy(start: number, goal: number, held: (cell: number) => boolean): number[] | null {
    const grid = this.grid;
    const w = grid.width;
    const step = this.moves === 8 ? 1 : 2;
    const { cost, parent, ring } = this;
    const cap = ring.length;
    // Cells this search reached carry its stamp; `cost` and `parent` mean something only there.
    const stamp = ++this.stamp;
    const seen = this.seen;
    let head = grid.size;
    let tail = head;
    ring[tail++] = start;
    seen[start] = stamp;
    cost[start] = 0;
    parent[start] = -1;
    while (head !== tail) {
      const v = ring[head];
      head = head + 1 === cap ? 0 : head + 1;
      // A cell may be queued twice (cheaper the second time); its first pop is its cost.
      if (cost[v] < 0) continue;
      if (v === goal) break;
      const cv = cost[v];
      cost[v] = -1 - cv;
      const x = v % w;
      const y = (v - x) / w;
      for (let d = 0; d < 8; d += step) {
        if (!grid.canStep(x, y, d)) continue;
        const u = v + DY[d] * w + DX[d];
        const known = seen[u] === stamp;
        // Done already (its cost flipped negative), or no cheaper this way.
        if (known && (cost[u] < 0 || cost[u] <= cv)) continue;
        if (d & 1 && (held(y * w + x + DX[d]) || held(v + DY[d] * w))) continue;
        const c = cv + (held(u) ? 1 : 0);
        if (known && cost[u] <= c) continue;
        seen[u] = stamp;
        cost[u] = c;
        parent[u] = v;
        if (c === cv) {
          head = head === 0 ? cap - 1 : head - 1;
          ring[head] = u;
        } else {
          ring[tail] = u;
          tail = tail + 1 === cap ? 0 : tail + 1;
        }
      }
    }
    if (seen[goal] !== stamp) return null;
    const c = cost[goal] < 0 ? -1 - cost[goal] : cost[goal];
    if (c === 0) return null;
    const tiles: number[] = [];
    for (let v = goal; v !== start && v >= 0; v = parent[v]) if (held(v)) tiles.push(v);
    return tiles;
  }
}
