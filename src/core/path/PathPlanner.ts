import { diagonalExtra, type NavGrid, openDistance } from '../grid/index.ts';
import { AStar } from './AStar.ts';
import { BAND_SCALE } from './BandQueue.ts';
import { Dijkstra } from './Dijkstra.ts';
import { GoalDistance } from './GoalDistance.ts';
import { GoalSet } from './GoalSet.ts';
import { JumpNodes } from './JumpNodes.ts';
import { JumpPointSearch } from './JumpPointSearch.ts';
import { JumpTable } from './JumpTable.ts';
import { JumpTableSearch } from './JumpTableSearch.ts';
import { Landmarks } from './Landmarks.ts';
import { OCCUPANCY_COST, OCCUPANCY_IGNORE, OccupancyRules } from './OccupancyRules.ts';
import { OccupancyWindow } from './OccupancyWindow.ts';
import { RouteSearch } from './RouteSearch.ts';
import { RouteTable } from './RouteTable.ts';
import { ClosestReached, OUTCOME_FOUND, OUTCOME_PARTIAL, SearchOutcome } from './SearchOutcome.ts';
import { SearchSpace } from './SearchSpace.ts';
import { StepMasks } from './StepMasks.ts';
import { Tolls } from './Tolls.ts';
import { TunedAStar } from './TunedAStar.ts';
import { tracePath } from './tracePath.ts';
import type { Algorithm, OccupancyPolicy, PathObserver, PathQuery, PathResult } from './types.ts';
import { WindowJumpSearch } from './WindowJumpSearch.ts';

/** Largest occupancy window (cells) JPS walls off per search; beyond it A* handles 'block' queries. */
const JPS_WALL_WINDOW = 65536;
/**
 * Nodes of the jump-table searches and entries of the bucket queue made room for when a map loads, up to one
 * per cell (a search needing more grows them once: the first that big).
 */
const PREPARED_ENTRIES = 1 << 16;
/** Most goals the jump-table searches check each jump against; larger sets go to the bit-line JPS or A*. */
const MAX_JUMP_GOALS = 8;

const ALGORITHMS: readonly Algorithm[] = ['auto', 'astar', 'astar-general', 'jps', 'dijkstra'];

/** The loops that answer queries; `chooseSearch` picks one per query. */
const SEARCH_TABLE_JPS = 0;
const SEARCH_WINDOW_JPS = 1;
const SEARCH_BITS_JPS = 2;
const SEARCH_TUNED_ASTAR = 3;
const SEARCH_ASTAR = 4;
const SEARCH_DIJKSTRA = 5;
const SEARCH_ROUTE = 6;

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
  private readonly tolls = new Tolls();
  private readonly closest = new ClosestReached();
  private readonly window = new OccupancyWindow();
  private readonly outcome = new SearchOutcome();
  private readonly astar: AStar;
  private readonly tuned: TunedAStar;
  private readonly dijkstra: Dijkstra;
  private readonly jps: JumpPointSearch;
  private readonly steps: StepMasks;
  /** The node pool of the jump-table searches. */
  private readonly nodes: JumpNodes;
  /** The jump table and the two searches over it, made on the first query they fit (see tableSearches). */
  private table: JumpTable | null = null;
  private jpsTable: JumpTableSearch | null = null;
  private jpsWindow: WindowJumpSearch | null = null;
  /** The differential heuristic's landmarks, built by `prepare` (and only used while up to date). */
  private landmarks: Landmarks | null = null;
  /** A small map's every static walk (RouteTable), built by `prepare`, and the answers read off it. */
  private routes: RouteTable | null = null;
  private routeSearch: RouteSearch | null = null;

  /**
   * @param bandScale bands per unit of f in A*'s bucket queue (see BandQueue). Tests pass a small one so
   * that bands hold several f values; games leave the default.
   */
  constructor(grid: NavGrid, bandScale = BAND_SCALE) {
    this.grid = grid;
    this.space = new SearchSpace(grid, bandScale);
    this.steps = new StepMasks(grid);
    this.astar = new AStar(grid, this.space, this.goals, this.rules, this.closest, this.tolls);
    this.tuned = new TunedAStar(grid, this.space, this.goals, this.steps, this.rules, this.window);
    this.dijkstra = new Dijkstra(grid, this.space, this.goals, this.rules, this.closest, this.steps);
    this.jps = new JumpPointSearch(grid, this.space, this.goals);
    this.nodes = new JumpNodes(grid.size);
  }

  /**
   * Builds now what this grid's searches would otherwise build on first use (step masks, the jump table and
   * bit lines, the per-cell arrays of the fast loops), so no search pays for it in play. The world calls it
   * when a map loads; call it again after changing walls to rebuild at once rather than on the next search.
   */
  prepare(): void {
    const grid = this.grid;
    this.steps.refresh();
    this.jps.bits.refresh();
    const room = Math.min(grid.size, PREPARED_ENTRIES);
    if (JumpTable.fits(grid)) {
      this.jumpTable().refresh();
      this.nodes.prepare(room);
    }
    this.tuned.prepare();
    this.space.bands.reserve(room);
    if (Landmarks.fits(grid)) {
      this.landmarks ??= new Landmarks(grid);
      this.landmarks.refresh((source, out) => this.distanceField(source, out));
    }
    if (this.routes !== null || RouteTable.fits(grid)) {
      this.routes ??= new RouteTable(grid);
      this.routes.refresh(this.steps);
    }
  }

  /** Whether what `prepare` builds is up to date with the grid's walls (the next search builds nothing). */
  ready(): boolean {
    const grid = this.grid;
    return (
      this.steps.builtFor(grid.version) &&
      this.jps.bits.builtFor(grid.version) &&
      this.tuned.ready() &&
      (!JumpTable.fits(grid) || this.table?.builtFor(grid.version) === true)
    );
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
    if (!ALGORITHMS.includes(algo)) {
      throw new RangeError(
        `path algorithm must be 'auto', 'astar', 'astar-general', 'jps' or 'dijkstra', got ${algo}`,
      );
    }
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
    this.tolls.configure(query.toll, grid, space);
    const out = this.outcome;
    out.reset();
    if (space.goalMark[start] === space.gen) return { status: 'found', path: [], cost: 0, expanded: 0 };

    this.window.compile(grid, this.rules, space);
    // A partial answer under an iteration limit is A*'s: its expanded cells are the "reached" ones and the
    // limit means the same work.
    const partialLimited = partial && maxExpanded !== Number.POSITIVE_INFINITY;
    const pick = partialLimited && (algo === 'auto' || algo === 'jps') ? 'astar' : algo;
    // On a small map with its route table, a query the table can answer is read off it (RouteSearch); the
    // rest, and every query naming its algorithm (the debug view's comparisons), are searched.
    const routes =
      algo === 'auto' &&
      moves === 8 &&
      maxExpanded === Number.POSITIVE_INFINITY &&
      this.goals.count <= MAX_JUMP_GOALS &&
      this.window.fits
        ? this.routesFor()
        : null;
    const routed = routes?.run(start, out) === true;
    if (routes !== null && !routed && this.window.count !== 0) {
      // The route search ran A* on the shared per-cell state and found no way: the search below starts afresh.
      space.begin();
      this.goals.configure(query.goal, grid, space, moves);
      this.tolls.configure(query.toll, grid, space);
      this.window.compile(grid, this.rules, space);
    }
    const how = routed ? SEARCH_ROUTE : this.chooseSearch(pick, start, moves);
    if (!routed) this.runSearch(how, start, moves, maxExpanded, partial, out);
    if (how <= SEARCH_BITS_JPS && out.status !== OUTCOME_FOUND && partial) {
      // Unreachable: JPS only knows its jump points, so A* finds the closest reachable cell.
      const jpsExpanded = out.expanded;
      space.begin();
      this.goals.configure(query.goal, grid, space, moves);
      out.reset();
      this.runSearch(this.chooseSearch('astar', start, moves), start, moves, maxExpanded, partial, out);
      out.expanded += jpsExpanded;
    }

    if (out.status === OUTCOME_FOUND || out.status === OUTCOME_PARTIAL) {
      let path = out.path ?? tracePath(this.space.parent, grid.width, start, out.end);
      if (this.tolls.count !== 0 && how !== SEARCH_ASTAR && this.tolls.paidOn(path)) {
        // Only A*'s general loop prices tolls. A path the others find that pays none is the cheapest with tolls
        // too (a toll only adds to a path's cost); one that pays is searched again by the loop that prices them.
        const fastExpanded = out.expanded;
        space.begin();
        this.goals.configure(query.goal, grid, space, moves);
        out.reset();
        this.astar.run(start, moves, maxExpanded, partial, out);
        out.expanded += fastExpanded;
        if (out.status !== OUTCOME_FOUND && out.status !== OUTCOME_PARTIAL)
          return { status: 'none', path: [], cost: 0, expanded: out.expanded };
        path = tracePath(this.space.parent, grid.width, start, out.end);
      }
      return {
        status: out.status === OUTCOME_FOUND ? 'found' : 'partial',
        path,
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
   * A lower bound of the walk from cell `a` to cell `b` over the map's walls, in tiles (a step's length): the
   * octile distance (Manhattan with 4 moves), or the landmarks' bound where larger, on a map whose steps all
   * cost their length both ways and once `prepare` has built them. Admissible and consistent: an estimate
   * for searches of the planner's users (the crowd's timetables), never above the true walk.
   */
  estimate(a: number, b: number, moves: 8 | 4 = 8): number {
    const grid = this.grid;
    const near = openDistance(a, b, grid.width, diagonalExtra(moves));
    if (grid.nonUnitCostCells !== 0 || grid.directedCells !== 0) return near;
    const landmarks = this.upToDateLandmarks();
    if (landmarks === null) return near;
    const far = landmarks.bound(a, b);
    return far > near ? far : near;
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
   * Which loop answers this query: the fastest whose assumptions hold (`algo` narrows the choice).
   * - The jump-table JPS wants 8 moves and a map where every step costs its length both ways; it then takes
   *   the policy's window (OccupancyWindow), a few goals and the landmarks' estimate (WindowJumpSearch), or
   *   with none of them its plain form (JumpTableSearch).
   * - The bit-line JPS: the same maps too large for a table, walls and 'block' only.
   * - A*'s tuned loop: one goal, no cell costs, no one-way edges, 8 or 4 moves, the policy's window, from a
   *   walkable cell (the step masks know walkable cells only).
   * - A*'s general loop answers everything (direction costs, which `nonUnitCostCells` counts, only it and
   *   Dijkstra price; tolls only it prices, and `search` hands it a query whose faster answer paid one);
   *   Dijkstra only when asked.
   */
  private chooseSearch(algo: Algorithm, start: number, moves: 8 | 4): number {
    if (algo === 'dijkstra') return SEARCH_DIJKSTRA;
    if (algo === 'astar-general') return SEARCH_ASTAR;
    const grid = this.grid;
    const win = this.window;
    const goals = this.goals.count;
    const plainMap = grid.nonUnitCostCells === 0 && grid.directedCells === 0;
    if (algo !== 'astar' && plainMap && moves === 8) {
      if (JumpTable.fits(grid) && win.fits && goals <= MAX_JUMP_GOALS) {
        // The plain form for one goal on the map's walls alone, unless landmarks sharpen the estimate.
        const plain = win.count === 0 && goals === 1 && this.upToDateLandmarks() === null;
        return plain ? SEARCH_TABLE_JPS : SEARCH_WINDOW_JPS;
      }
      if (this.rules.mode !== OCCUPANCY_COST && this.wallWindowFits()) return SEARCH_BITS_JPS;
    }
    if (plainMap && goals === 1 && win.fits && grid.walkable[start] === 1) return SEARCH_TUNED_ASTAR;
    return SEARCH_ASTAR;
  }

  private runSearch(
    how: number,
    start: number,
    moves: 8 | 4,
    maxExpanded: number,
    partial: boolean,
    out: SearchOutcome,
  ): void {
    if (how === SEARCH_TABLE_JPS) this.tableSearch().run(start, maxExpanded, out);
    else if (how === SEARCH_WINDOW_JPS)
      this.windowSearch().run(start, maxExpanded, out, this.upToDateLandmarks());
    else if (how === SEARCH_BITS_JPS) this.jps.runWalled(start, maxExpanded, out, this.rules);
    else if (how === SEARCH_TUNED_ASTAR) this.tuned.run(start, moves, maxExpanded, partial, out);
    else if (how === SEARCH_ASTAR) this.astar.run(start, moves, maxExpanded, partial, out);
    else this.dijkstra.run(start, moves, maxExpanded, partial, out);
  }

  /**
   * A new resumable exact distance to one goal at a time over the walls (GoalDistance), for a caller that asks
   * many cells' distances to the same goal, as a walker's timetable search does.
   */
  goalDistance(): GoalDistance {
    return new GoalDistance(this.grid, this.steps);
  }

  /** The route search, when the map has a route table matching its walls (built by `prepare`), else null. */
  private routesFor(): RouteSearch | null {
    const table = this.routes;
    if (table === null || !table.builtFor(this.grid.version)) return null;
    this.routeSearch ??= new RouteSearch(
      this.grid,
      this.space,
      this.goals,
      table,
      this.steps,
      this.rules,
      this.window,
    );
    return this.routeSearch;
  }

  /** The landmarks when they match the grid's walls (built by `prepare`), else null. */
  private upToDateLandmarks(): Landmarks | null {
    const l = this.landmarks;
    return l?.builtFor(this.grid.version) ? l : null;
  }

  /** Whether the 'block' window is small enough to wall off in the bit lines for one search. */
  private wallWindowFits(): boolean {
    const rules = this.rules;
    if (rules.mode === OCCUPANCY_IGNORE) return true;
    const side = 2 * rules.radius + 1;
    return this.grid.size <= JPS_WALL_WINDOW || side * side <= JPS_WALL_WINDOW;
  }

  /** The jump table (16 bytes a cell), made on the first query it fits or by `prepare`. */
  private jumpTable(): JumpTable {
    this.table ??= new JumpTable(this.grid);
    return this.table;
  }

  private tableSearch(): JumpTableSearch {
    this.jpsTable ??= new JumpTableSearch(this.grid, this.space, this.goals, this.jumpTable(), this.nodes);
    return this.jpsTable;
  }

  private windowSearch(): WindowJumpSearch {
    this.jpsWindow ??= new WindowJumpSearch(
      this.grid,
      this.space,
      this.goals,
      this.jumpTable(),
      this.nodes,
      this.rules,
      this.window,
    );
    return this.jpsWindow;
  }
}
