import type { NavGrid } from '../grid/NavGrid.ts';
import { AStar } from './AStar.ts';
import { BAND_SCALE } from './BandQueue.ts';
import { Dijkstra } from './Dijkstra.ts';
import { GoalSet } from './GoalSet.ts';
import { JumpPointSearch } from './JumpPointSearch.ts';
import { JumpTable } from './JumpTable.ts';
import { JumpTableSearch } from './JumpTableSearch.ts';
import { OCCUPANCY_BLOCK as BLOCK, OCCUPANCY_IGNORE as IGNORE, OccupancyRules } from './OccupancyRules.ts';
import {
  ClosestReached,
  OUTCOME_FOUND as FOUND,
  OUTCOME_PARTIAL as PARTIAL,
  SearchOutcome,
} from './SearchOutcome.ts';
import { SearchSpace } from './SearchSpace.ts';
import { StepMasks } from './StepMasks.ts';
import type { Algorithm, OccupancyPolicy, PathObserver, PathQuery, PathResult } from './types.ts';

// Module-local copies: some loaders (tsx in Node) turn imported bindings into getters, a call per query.
const OCCUPANCY_BLOCK = BLOCK;
const OCCUPANCY_IGNORE = IGNORE;
const OUTCOME_FOUND = FOUND;
const OUTCOME_PARTIAL = PARTIAL;

/** Largest occupancy window (cells) JPS walls off per search; beyond it A* handles 'block' queries. */
const JPS_WALL_WINDOW = 65536;

export interface DistanceFieldOptions {
  /** 8 (default) or 4. */
  moves?: 8 | 4;
  /** Follow edges backwards: `out[i]` is then the cost of going from i to the nearest source. */
  reverse?: boolean;
  /** Cells costing more than this stay Infinity. */
  maxCost?: number;
  /** Stop after expanding this many cells. */
  maxExpanded?: number;
  /** Occupancy as in path queries; a `radius` is measured from the first source. */
  occupancy?: OccupancyPolicy;
}

/**
 * The one door to pathfinding for a grid: callers ask for a path, the planner picks the search.
 *
 * One planner per grid; it owns the per-cell arrays and the heap every search shares, so a search allocates
 * nothing but the returned path. Not re-entrant (one search at a time), which is how a game loop uses it.
 */
export class PathPlanner {
  readonly grid: NavGrid;
  /** Told of every `find` (a query log); null costs nothing. */
  observer: PathObserver | null = null;
  private readonly space: SearchSpace;
  private readonly goals = new GoalSet();
  private readonly rules = new OccupancyRules();
  private readonly closest = new ClosestReached();
  private readonly outcome = new SearchOutcome();
  private readonly astar: AStar;
  private readonly dijkstra: Dijkstra;
  private readonly jps: JumpPointSearch;
  private readonly steps: StepMasks;
  /** JPS over precomputed jump distances (see tableSearch). */
  private jpsTable: JumpTableSearch | null = null;
  /** Cells walled off in the JPS lines for the current search (characters under 'block'). */
  private walled = new Int32Array(64);
  private walledCount = 0;

  /**
   * @param bandScale bands per unit of f in A*'s bucket queue (see BandQueue). Tests pass a small one so
   * that bands hold several f values; games leave the default.
   */
  constructor(grid: NavGrid, bandScale = BAND_SCALE) {
    this.grid = grid;
    this.space = new SearchSpace(grid, bandScale);
    this.steps = new StepMasks(grid);
    this.astar = new AStar(grid, this.space, this.goals, this.rules, this.closest, this.steps);
    this.dijkstra = new Dijkstra(grid, this.space, this.goals, this.rules, this.closest, this.steps);
    this.jps = new JumpPointSearch(grid, this.space, this.goals);
  }

  /**
   * Builds now what this grid's searches would otherwise build on first use (step masks, the jump table and
   * bit lines, the per-cell arrays of the fast loops), so no search pays for it in play. The world calls it
   * when a map loads; call it again after changing walls to rebuild at once rather than on the next search.
   */
  prepare(): void {
    this.steps.refresh();
    this.jps.bits.refresh();
    if (JumpTable.fits(this.grid)) this.tableSearch().prepare();
    this.astar.prepare();
  }

  /**
   * Finds a cheapest path from `query.start` to the cheapest of its goals.
   * `algo` 'auto' (default) picks the fastest search whose assumptions hold.
   */
  find(query: PathQuery, algo: Algorithm = 'auto'): PathResult {
    const observer = this.observer;
    if (observer === null) return this.search(query, algo);
    observer.begin(query);
    const result = this.search(query, algo);
    observer.end(query, result);
    return result;
  }

  private search(query: PathQuery, algo: Algorithm): PathResult {
    const grid = this.grid;
    const start = query.start;
    if (!Number.isInteger(start) || start < 0 || start >= grid.size) {
      throw new RangeError(
        `path query start ${start} is not a cell of the ${grid.width} × ${grid.height} grid`,
      );
    }
    const moves = query.moves ?? 8;
    if (moves !== 8 && moves !== 4) throw new RangeError(`path query moves must be 8 or 4, got ${moves}`);
    const maxExpanded = query.maxExpanded ?? Number.POSITIVE_INFINITY;
    if (!(maxExpanded >= 0)) {
      throw new RangeError(`path query maxExpanded must be a number ≥ 0, got ${query.maxExpanded}`);
    }
    const partial = query.partial === true;
    const space = this.space;
    space.begin();
    this.goals.configure(query.goal, grid, space, moves);
    this.rules.configure(query.occupancy, grid, start);
    const out = this.outcome;
    out.reset();
    if (space.goalMark[start] === space.gen) return { status: 'found', path: [], cost: 0, expanded: 0 };

    if (algo === 'dijkstra') this.dijkstra.run(start, moves, maxExpanded, partial, out);
    else if (algo === 'astar') this.astar.run(start, moves, maxExpanded, partial, out);
    else if (algo === 'auto' || algo === 'jps') {
      // A partial answer under an iteration limit is A*'s: its expanded cells are the "reached" ones and
      // the limit means the same work. Otherwise JPS where its assumptions hold.
      if (this.jpsFits(moves) && !(partial && maxExpanded !== Number.POSITIVE_INFINITY)) {
        this.runJps(start, maxExpanded, out);
        if (out.status !== OUTCOME_FOUND && partial) {
          // Unreachable: JPS only knows its jump points, so A* finds the closest reachable cell.
          const jpsExpanded = out.expanded;
          space.begin();
          this.goals.configure(query.goal, grid, space, moves);
          out.reset();
          this.astar.run(start, moves, maxExpanded, partial, out);
          out.expanded += jpsExpanded;
        }
      } else this.astar.run(start, moves, maxExpanded, partial, out);
    } else throw new RangeError(`path algorithm must be 'auto', 'astar', 'jps' or 'dijkstra', got ${algo}`);

    if (out.status === OUTCOME_FOUND || out.status === OUTCOME_PARTIAL) {
      return {
        status: out.status === OUTCOME_FOUND ? 'found' : 'partial',
        path: this.tracePath(start, out.end),
        cost: out.cost,
        expanded: out.expanded,
      };
    }
    return { status: 'none', path: [], cost: 0, expanded: out.expanded };
  }

  /**
   * Dijkstra from one or more source cells, filling `out[i]` with the cost to reach i (Infinity if
   * unreachable or beyond the bounds). With `reverse` it follows edges backwards (the cost of going from i
   * to the sources): a flow field that many chasers descend towards one target. Walls stay Infinity unless
   * they are sources. Returns cells expanded.
   */
  distanceField(
    sources: number | readonly number[],
    out: Float64Array,
    opts: DistanceFieldOptions = {},
  ): number {
    const grid = this.grid;
    if (out.length !== grid.size) {
      throw new RangeError(`distance field array has ${out.length} entries, the grid has ${grid.size} cells`);
    }
    const moves = opts.moves ?? 8;
    if (moves !== 8 && moves !== 4) throw new RangeError(`distance field moves must be 8 or 4, got ${moves}`);
    const maxCost = opts.maxCost ?? Number.POSITIVE_INFINITY;
    const maxExpanded = opts.maxExpanded ?? Number.POSITIVE_INFINITY;
    if (!(maxCost >= 0))
      throw new RangeError(`distance field maxCost must be a number ≥ 0, got ${opts.maxCost}`);
    if (!(maxExpanded >= 0)) {
      throw new RangeError(`distance field maxExpanded must be a number ≥ 0, got ${opts.maxExpanded}`);
    }
    const reverse = opts.reverse === true;
    const space = this.space;
    space.begin();
    // Backwards the sources play the goals' part (an occupied source is still reachable under allowGoal).
    if (reverse) this.goals.configure(sources, grid, space, moves);
    const first = typeof sources === 'number' ? sources : sources[0];
    const count = typeof sources === 'number' ? 1 : sources.length;
    if (count === 0) throw new RangeError('distance field needs at least one source cell');
    for (let k = 0; k < count; k++) {
      const s = typeof sources === 'number' ? sources : sources[k];
      if (!Number.isInteger(s) || s < 0 || s >= grid.size) {
        throw new RangeError(
          `distance field source ${s} is not a cell of the ${grid.width} × ${grid.height} grid`,
        );
      }
      if (space.seen[s] !== space.gen) space.open(s, 0, 0, s);
    }
    this.rules.configure(opts.occupancy, grid, first);
    return this.dijkstra.fill(out, moves, reverse, maxCost, maxExpanded);
  }

  /**
   * The cells expanded by the most recent search (find or distanceField), in expansion order, copied into
   * `out` (as many as fit). Returns how many there were. For JPS these are the jump points.
   */
  lastExpanded(out: Int32Array): number {
    const n = this.space.expandedCount;
    out.set(
      n <= out.length
        ? this.space.expandedCells.subarray(0, n)
        : this.space.expandedCells.subarray(0, out.length),
    );
    return n;
  }

  /**
   * Whether JPS may answer: 8 moves, uniform costs, no one-way edges, and occupancy it can model as walls
   * (none, or 'block' over a window small enough to wall off per search).
   */
  private jpsFits(moves: 8 | 4): boolean {
    const grid = this.grid;
    if (moves !== 8 || grid.nonUnitCostCells !== 0 || grid.directedCells !== 0) return false;
    const rules = this.rules;
    if (rules.mode === OCCUPANCY_IGNORE) return true;
    if (rules.mode !== OCCUPANCY_BLOCK) return false;
    const side = 2 * rules.radius + 1;
    return grid.size <= JPS_WALL_WINDOW || side * side <= JPS_WALL_WINDOW;
  }

  /** The jump-table JPS, made on the first query it fits (its table is 16 bytes a cell). */
  private tableSearch(): JumpTableSearch {
    this.jpsTable ??= new JumpTableSearch(this.grid, this.space, this.goals);
    return this.jpsTable;
  }

  private runJps(start: number, maxExpanded: number, out: SearchOutcome): void {
    // One goal and nobody to wall off: the map's walls are all there is, so the jump table answers.
    const tableFits = this.goals.count === 1 && JumpTable.fits(this.grid);
    if (tableFits && this.rules.mode !== OCCUPANCY_BLOCK) {
      this.tableSearch().run(start, maxExpanded, out);
      return;
    }
    this.jps.bits.refresh();
    if (this.rules.mode === OCCUPANCY_BLOCK) this.wallOffCharacters();
    try {
      if (this.walledCount === 0 && tableFits) this.tableSearch().run(start, maxExpanded, out);
      else this.jps.run(start, maxExpanded, out);
    } finally {
      for (let k = 0; k < this.walledCount; k++) {
        const c = this.walled[k];
        const x = c % this.grid.width;
        this.jps.bits.set(x, (c - x) / this.grid.width, true, false);
      }
      this.walledCount = 0;
    }
  }

  /** Clears, in the JPS lines, the cells other characters wall off under 'block' (within the radius). */
  private wallOffCharacters(): void {
    const grid = this.grid;
    const rules = this.rules;
    const r = Math.min(rules.radius, Math.max(grid.width, grid.height));
    const x0 = Math.max(0, rules.startX - r);
    const x1 = Math.min(grid.width - 1, rules.startX + r);
    const y0 = Math.max(0, rules.startY - r);
    const y1 = Math.min(grid.height - 1, rules.startY + r);
    const bits = this.jps.bits;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0, i = y * grid.width + x0; x <= x1; x++, i++) {
        if (grid.occupant[i] === 0 || grid.walkable[i] === 0 || !rules.blocks(i, this.space)) continue;
        if (this.walledCount === this.walled.length) {
          const more = new Int32Array(this.walled.length * 2);
          more.set(this.walled);
          this.walled = more;
        }
        this.walled[this.walledCount++] = i;
        bits.set(x, y, false, false);
      }
    }
  }

  /**
   * Walks parents back from `end`, filling in the straight or diagonal runs between JPS jump points (A*'s
   * parents are always neighbours). The only allocation of a search is this array.
   */
  private tracePath(start: number, end: number): number[] {
    const parent = this.space.parent;
    const w = this.grid.width;
    // Rows by truncating (c + 0.5)/w, multiplied by 1/w (exact for any grid that fits in memory): integer
    // divisions and Math.floor's checks are slow.
    const invW = 1 / w;
    let length = 0;
    for (let c = end; c !== start; c = parent[c]) {
      const p = parent[c];
      const cy = ((c + 0.5) * invW) | 0;
      const py = ((p + 0.5) * invW) | 0;
      const dy = cy > py ? cy - py : py - cy;
      const dx = c - cy * w - (p - py * w);
      const adx = dx < 0 ? -dx : dx;
      length += adx > dy ? adx : dy;
    }
    const path = new Array<number>(length);
    let k = length - 1;
    for (let c = end; c !== start; c = parent[c]) {
      const p = parent[c];
      const cy = ((c + 0.5) * invW) | 0;
      const py = ((p + 0.5) * invW) | 0;
      const dx = c - cy * w - (p - py * w);
      const step = (dx > 0 ? 1 : dx < 0 ? -1 : 0) + (cy > py ? w : cy < py ? -w : 0);
      for (let at = c; at !== p; at -= step) path[k--] = at;
    }
    return path;
  }
}
