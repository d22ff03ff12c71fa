import { nearestReachable } from '../grid/nearestReachable.ts';
import type { PathQuery } from '../path/types.ts';
import { reachCells } from './adjacency.ts';
import type { Character } from './Character.ts';
import type { World } from './World.ts';

/** Searches stop here (the player's click is unlimited: its goal is always a tile it can reach). */
const ENEMY_MAX_EXPANDED = 6000;
const AROUND_MAX_EXPANDED = 3000;
/** Tiles near the start within which others count as obstacles (farther ones will have moved on). */
const CROWD_RADIUS = 3;
/** A way around is taken when it costs at most this much more than waiting on. */
const DETOUR_ALLOWANCE = 8;

const attackGoals: number[] = [];
const nearGoals: number[] = [];

/** Runs the search character `c` asked for and installs its path. Returns nodes expanded. */
export function runPlan(w: World, c: Character): number {
  switch (c.plan) {
    case 'around':
      return planAround(w, c);
    default:
      return planGoal(w, c);
  }
}

/** To its goal cell, or (plan 'attack') to any tile in reach of its target; partial for the player. */
function planGoal(w: World, c: Character): number {
  const query = goalQuery(w, c);
  if (!query) {
    c.path.clear();
    return 0;
  }
  query.occupancy = { kind: 'cost', self: c.id, extra: w.config.crowdCost, radius: CROWD_RADIUS };
  query.partial = getsSomewhere(c);
  if (c.kind !== 'player') query.maxExpanded = ENEMY_MAX_EXPANDED;
  const res = w.planner.find(query);
  if (c.kind === 'player' && w.config.debug) w.expandedCount = w.planner.lastExpanded(w.expanded);
  if (res.status === 'none') {
    if (c.path.remaining > 0) w.replaced(c);
    c.path.clear();
  } else w.setPath(c, res.path);
  c.waitTicks = 0;
  return res.expanded;
}

/** Its goal again, with the characters near it blocked; kept only when it is not much longer than waiting. */
function planAround(w: World, c: Character): number {
  const query = goalQuery(w, c);
  if (!query || c.path.remaining === 0) return 0;
  query.occupancy = { kind: 'block', self: c.id, radius: CROWD_RADIUS };
  query.maxExpanded = AROUND_MAX_EXPANDED;
  const res = w.planner.find(query);
  if (res.status === 'found' && res.cost <= remainingCost(w, c) + DETOUR_ALLOWANCE) w.setPath(c, res.path);
  return res.expanded;
}

function goalQuery(w: World, c: Character): PathQuery | null {
  const start = c.planCell;
  if (c.plan === 'attack' || (c.plan === 'around' && c.target !== 0)) {
    const foe = w.get(c.target);
    if (!foe) return null;
    attackGoals.length = 0;
    reachCells(w.grid, foe.cell, attackGoals);
    if (attackGoals.length === 0) return null;
    return { start, goal: attackGoals };
  }
  if (c.goal < 0 || c.goal === start) return null;
  return { start, goal: getsSomewhere(c) ? walkGoal(w, start, c.goal) : c.goal };
}

/** The player always gets somewhere, and so does an enemy going home: the reachable tile closest to its goal. */
function getsSomewhere(c: Character): boolean {
  return c.kind === 'player' || c.state === 'return';
}

/**
 * The goal of a walk from `start` towards tile `goal`: the tile itself when reachable, else the reachable
 * tiles closest to it (octile, then straight distance; the search then takes the shortest walk among any
 * still tied). Picked from the grid's region labels, so a click on water costs one ordinary search to the
 * shore, not a search of everything the walker can reach. The array is shared: use it before the next call.
 */
export function walkGoal(w: World, start: number, goal: number): number | readonly number[] {
  nearestReachable(w.regions, start, goal, 8, nearGoals);
  // A walker standing where nothing is walkable (the grid changed under it): the planner's partial search.
  if (nearGoals.length === 0) return goal;
  return nearGoals.length === 1 ? nearGoals[0] : nearGoals;
}

/** The cost of the rest of `c`'s path (step lengths times cell costs), as the planner counts it. */
function remainingCost(w: World, c: Character): number {
  const grid = w.grid;
  const width = grid.width;
  const p = c.path;
  let ax = c.planCell % width;
  let sum = 0;
  for (let k = p.cursor; k < p.length; k++) {
    const n = p.cells[k];
    const nx = n % width;
    const prev = k === p.cursor ? c.planCell : p.cells[k - 1];
    const diagonal = nx !== ax && (n - nx) / width !== (prev - ax) / width;
    sum += (diagonal ? Math.SQRT2 : 1) * grid.cost[n];
    ax = nx;
  }
  return sum;
}
