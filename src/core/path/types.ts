/** What a path query asks and what it answers. Shared by A*, JPS, Dijkstra and the planner that picks among them. */

/** How a search treats cells held by other characters (`NavGrid.occupant`). */
export type OccupancyPolicy =
  /** Ignore occupancy: plan over the static grid. */
  | { kind: 'ignore' }
  /**
   * Occupied cells are blocked, except those held by `self` (the searcher's id) and, when `allowGoal`,
   * occupied goal cells. `radius` (optional) limits blocking to cells within that Chebyshev distance of the
   * start: farther crowds will likely have moved by the time the searcher gets there.
   */
  | { kind: 'block'; self: number; allowGoal?: boolean; radius?: number }
  /** Entering an occupied cell (not held by `self`) costs `extra` more (an additive penalty, ≥ 0). */
  | { kind: 'cost'; self: number; extra: number; radius?: number };

export interface PathQuery {
  /** Start cell index (`y * width + x`). */
  start: number;
  /** Goal cell index, or several: the search stops at the first (cheapest) one it reaches. */
  goal: number | readonly number[];
  /** 8 (default) or 4. */
  moves?: 8 | 4;
  occupancy?: OccupancyPolicy;
  /** Stop after expanding this many nodes (an iteration limit). Default: unlimited. */
  maxExpanded?: number;
  /** When the goal is unreachable or the limit is hit, return the path to the reached cell closest to the goal. */
  partial?: boolean;
  /**
   * Cells that cost `extra` more to enter, unless they are goals: tiles a walk should pass over only where going
   * round costs more (a map's exits, on which a walk to somewhere else must not stop by the way).
   */
  toll?: Toll;
}

/** Cells a path pays `extra` (a finite number ≥ 0) more to enter; see `PathQuery.toll`. */
export interface Toll {
  cells: readonly number[];
  extra: number;
}

export type PathStatus = 'found' | 'partial' | 'none';

export interface PathResult {
  status: PathStatus;
  /** Cell indices after the start, in walking order; empty when status is 'none' or start is the goal. */
  path: number[];
  /** Total cost of `path` (step lengths times entered cell costs, plus occupancy penalties and tolls). */
  cost: number;
  /** Nodes expanded (popped from the open list and processed). */
  expanded: number;
}

/**
 * 'auto' picks the fastest loop whose assumptions hold; 'astar' the fastest A* loop; 'astar-general' A*'s
 * general loop whatever the query (the reference the fast loops are checked against); 'jps' Jump Point Search
 * where it can answer, else A*; 'dijkstra' plain Dijkstra.
 */
export type Algorithm = 'auto' | 'astar' | 'astar-general' | 'jps' | 'dijkstra';

/**
 * Told of every `PathPlanner.find`, before and after it runs (tools log the searches a session makes).
 * `end` gets the result `find` returns; nothing is called when no observer is set.
 */
export interface PathObserver {
  begin(query: PathQuery): void;
  end(query: PathQuery, result: PathResult): void;
}
