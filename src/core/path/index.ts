// The search's front door: one PathPlanner per grid answers every query (it picks the loop that fits: JPS over
// the jump table, A*'s tuned or general loop, Dijkstra), and distance fields. Nothing outside src/core/path
// imports its files directly.
export type { GoalDistance } from './GoalDistance.ts';
// The searches' open list (an indexed min-heap of cells over typed arrays), for the crowd's own small searches.
export { OpenHeap } from './OpenHeap.ts';
export { type DistanceFieldOptions, PathPlanner } from './PathPlanner.ts';
export type {
  Algorithm,
  OccupancyPolicy,
  PathObserver,
  PathQuery,
  PathResult,
  PathStatus,
} from './types.ts';
