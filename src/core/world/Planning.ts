import { nearestReachable } from '../grid/index.ts';
import type { PathQuery } from '../path/index.ts';
import { reachCells } from './adjacency.ts';
import type { Character } from './Character.ts';
import type { WorldContext } from './WorldContext.ts';

/** Tiles near the start within which others count as obstacles (farther ones will have moved on). */
const CROWD_RADIUS = 3;

const attackGoals: number[] = [];
const nearGoals: number[] = [];

/**
 * Runs the search character `c` asked for and installs its path (what it shows, and the route the crowd
 * planner prices its tiles by). Returns nodes expanded. No search is capped: a walk to any reachable tile is
 * found, however long (the scheduler spreads searches over ticks instead).
 */
export function runPlan(w: WorldContext, c: Character): number {
  return c.kind === 'player' ? planPlayer(w, c) : planWalk(w, c);
}

/** The player's walk to its goal (the reachable tiles closest to it), or (plan 'attack') to a tile in reach of its target. */
function planPlayer(w: WorldContext, c: Character): number {
  const goal = playerGoal(w, c);
  if (goal === null) {
    w.setPath(c, []);
    return 0;
  }
  const res = w.planner.find(playerWalk(w, c, goal));
  if (w.config.debug) w.expandedCount = w.planner.lastExpanded(w.expanded);
  w.setPath(c, res.status === 'none' ? [] : res.path);
  return res.expanded;
}

/** Anyone else's route to the tile it walks to, over the map's walls (the crowd planner sees to the people). */
function planWalk(w: WorldContext, c: Character): number {
  const start = c.planCell;
  if (c.walk.dest < 0 || c.walk.dest === start) {
    w.setPath(c, []);
    return 0;
  }
  const res = w.planner.find({ start, goal: c.walk.dest, moves: w.config.moves });
  w.setPath(c, res.status === 'found' ? res.path : []);
  return res.expanded;
}

/** What the player's queued search looks for: the tiles of `c.goal`'s walk, or tiles in reach of its foe. */
function playerGoal(w: WorldContext, c: Character): number | readonly number[] | null {
  const start = c.planCell;
  if (c.walk.plan === 'attack') {
    const foe = w.get(c.fight.target);
    if (!foe) return null;
    attackGoals.length = 0;
    reachCells(w.grid, foe.cell, attackGoals, w.config.moves);
    return attackGoals.length === 0 ? null : attackGoals;
  }
  if (c.walk.goal < 0 || c.walk.goal === start) return null;
  return walkGoal(w, start, c.walk.goal);
}

/**
 * The search of the player's walk from where it plans to `goal` (a click runs it, the hover preview too):
 * priced for the crowd (tiles others hold near the start cost more, so the walk goes round a crowd where that
 * is cheap and through it, the others making way, where it is not) and for the map's exits (a walk to
 * elsewhere pays a toll to pass over an exit tile, so it goes round the stairs where that costs little more).
 */
export function playerWalk(
  w: Pick<WorldContext, 'exits' | 'config'>,
  c: Character,
  goal: number | readonly number[],
): PathQuery {
  return {
    start: c.planCell,
    goal,
    moves: w.config.moves,
    occupancy: { kind: 'cost', self: c.id, extra: w.config.crowdCost, radius: CROWD_RADIUS },
    partial: true,
    toll: { cells: w.exits.cells, extra: w.config.exitToll },
  };
}

/**
 * The goal of a walk from `start` towards tile `goal`: the tile itself when reachable, else the reachable
 * tiles closest to it (octile, then straight distance; the search then takes the shortest walk among any
 * still tied), leaving out exit tiles (a click beside the door is not a wish to leave) unless nothing else is
 * reachable. Picked from the grid's region labels, so a click on water costs one ordinary search to the
 * shore, not a search of everything the walker can reach. The array is shared: use it before the next call.
 */
export function walkGoal(
  w: Pick<WorldContext, 'regions' | 'exits' | 'config'>,
  start: number,
  goal: number,
): number | readonly number[] {
  const exits = w.exits;
  const moves = w.config.moves;
  nearestReachable(w.regions, start, goal, moves, nearGoals, exits.cells.length > 0 ? exits.covers : null);
  if (nearGoals.length === 0 && exits.cells.length > 0)
    nearestReachable(w.regions, start, goal, moves, nearGoals);
  // A walker standing where nothing is walkable (the grid changed under it): the planner's partial search.
  if (nearGoals.length === 0) return goal;
  return nearGoals.length === 1 ? nearGoals[0] : nearGoals;
}
