// The search's front door: one PathPlanner per grid answers every query (it picks the loop that fits: JPS over
// the jump table, A*'s tuned or general loop, Dijkstra), and distance fields. Nothing outside src/core/path
// imports its files directly.
export type { GoalDistance } from './GoalDistance.ts';
export { type DistanceFieldOptions, PathPlanner } from './PathPlanner.ts';
export type {
  Algorithm,
  OccupancyPolicy,
  PathObserver,
  PathQuery,
  PathResult,
  PathStatus,
} from './types.ts';
