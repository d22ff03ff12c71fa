export const OUTCOME_NONE = 0;
export const OUTCOME_FOUND = 1;
export const OUTCOME_PARTIAL = 2;

/**
 * How a search ended, written by the search and read by the planner to build the result (one object per
 * planner, reused). `end` is the goal reached, or for a partial outcome the reached cell closest to the goal.
 */
export class SearchOutcome {
  status = OUTCOME_NONE;
  end = -1;
  cost = 0;
  expanded = 0;
  /** Whether the search stopped on its iteration limit rather than by running out of cells. */
  limited = false;
  /** The path itself, when the search made it (RouteSearch); else the planner traces the parents. */
  path: number[] | null = null;

  reset(): void {
    this.status = OUTCOME_NONE;
    this.end = -1;
    this.cost = 0;
    this.expanded = 0;
    this.limited = false;
    this.path = null;
  }
}

/**
 * Tracks the reached cell closest to the goal for partial paths: smallest distance to the nearest goal
 * (walls ignored), ties to the lower path cost, further ties to the first reached.
 */
export class ClosestReached {
  cell = -1;
  distance = Number.POSITIVE_INFINITY;
  cost = Number.POSITIVE_INFINITY;

  reset(): void {
    this.cell = -1;
    this.distance = Number.POSITIVE_INFINITY;
    this.cost = Number.POSITIVE_INFINITY;
  }

  offer(cell: number, distance: number, cost: number): void {
    if (distance < this.distance || (distance === this.distance && cost < this.cost)) {
      this.cell = cell;
      this.distance = distance;
      this.cost = cost;
    }
  }
}
