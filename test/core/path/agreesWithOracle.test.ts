import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PathPlanner } from '../../../src/core/path/PathPlanner.ts';
import type { Algorithm, PathResult } from '../../../src/core/path/types.ts';
import { goalDistance, oracleDistances, walkPath } from './oracle.ts';
import { type GridCase, type GridCaseOptions, gridCase } from './randomGrid.ts';

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/**
 * Checks one search result against the oracle: optimal when reachable, closest reached cell when not.
 * `prepared`: the planner as the world makes it (jump table, bit lines and landmarks built up front).
 */
function check(c: GridCase, algo: Algorithm, partial: boolean, bandScale?: number, prepared = false): void {
  const planner = new PathPlanner(c.grid, bandScale);
  if (prepared) planner.prepare();
  const q = { start: c.start, goal: c.goals, moves: c.moves, occupancy: c.occupancy, partial };
  const result: PathResult = planner.find(q, algo);
  const dist = oracleDistances(c.grid, c.start, c.goals, c.moves, c.occupancy);
  const best = Math.min(...c.goals.map((g) => dist[g]));
  const walked = walkPath(c.grid, c.start, result.path, c.goals, c.moves, c.occupancy);
  expect(close(walked, result.cost), `walked cost ${walked} vs reported ${result.cost}`).toBe(true);
  if (best < Number.POSITIVE_INFINITY) {
    expect(result.status).toBe('found');
    expect(close(result.cost, best), `${algo} cost ${result.cost}, optimal ${best}`).toBe(true);
    const end = result.path.length ? result.path[result.path.length - 1] : c.start;
    expect(c.goals).toContain(end);
    return;
  }
  if (!partial) {
    expect(result.status).toBe('none');
    expect(result.path).toEqual([]);
    return;
  }
  expect(result.status).toBe('partial');
  // The closest reached cell: nearest to a goal as the crow flies (octile), cheapest among equals.
  let closest = Number.POSITIVE_INFINITY;
  let cheapest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < c.grid.size; i++) {
    if (dist[i] === Number.POSITIVE_INFINITY) continue;
    const d = goalDistance(c.grid, i, c.goals, c.moves);
    if (d < closest - 1e-12) {
      closest = d;
      cheapest = dist[i];
    } else if (Math.abs(d - closest) <= 1e-12) cheapest = Math.min(cheapest, dist[i]);
  }
  const end = result.path.length ? result.path[result.path.length - 1] : c.start;
  expect(goalDistance(c.grid, end, c.goals, c.moves)).toBeCloseTo(closest, 9);
  expect(close(result.cost, cheapest), `partial cost ${result.cost}, cheapest ${cheapest}`).toBe(true);
}

const runs = (
  opts: GridCaseOptions,
  algos: Algorithm[],
  numRuns = 300,
  bandScale?: number,
  prepared = false,
) => {
  fc.assert(
    fc.property(gridCase(opts), fc.boolean(), (c, partial) => {
      for (const algo of algos) {
        try {
          check(c, algo, partial, bandScale, prepared);
        } catch (e) {
          throw new Error(`${algo} partial=${partial}\n${c.describe}\n${(e as Error).message}`);
        }
      }
    }),
    { numRuns },
  );
};

describe('every search agrees with the oracle', () => {
  it('on plain walls, 8 moves', () => runs({}, ['astar', 'jps', 'dijkstra', 'auto']));
  it("on plain walls, A*'s bucket queue with bands coarse enough to hold several f values", () =>
    runs({}, ['astar'], 300, 2));
  it('with cell costs and 4 or 8 moves', () =>
    runs({ costs: true, fourWay: true }, ['astar', 'dijkstra', 'auto']));
  it('with one-way exits', () =>
    runs({ directed: true, fourWay: true }, ['astar', 'jps', 'dijkstra', 'auto']));
  it('with characters blocking or costing extra', () =>
    runs({ occupancy: true, costs: true, fourWay: true }, ['astar', 'dijkstra', 'auto']));
  it('with characters on uniform grids (where JPS may run)', () =>
    runs({ occupancy: true }, ['jps', 'auto']));
  it("with characters on uniform grids, 4 or 8 moves (A*'s tuned loop)", () =>
    runs({ occupancy: true, fourWay: true }, ['astar', 'auto']));
  it("with characters, A*'s tuned loop with bands coarse enough to hold several f values", () =>
    runs({ occupancy: true, fourWay: true }, ['astar'], 300, 2));
  it('with direction costs (a cell dearer to enter from some sides), 4 or 8 moves', () =>
    runs(
      { directionCosts: true, fourWay: true },
      ['astar', 'astar-general', 'jps', 'dijkstra', 'auto'],
      400,
    ));
  it('with direction costs, cell costs, one-way exits and characters together', () =>
    runs({ directionCosts: true, costs: true, directed: true, occupancy: true, fourWay: true }, [
      'astar',
      'astar-general',
      'jps',
      'dijkstra',
      'auto',
    ]));
  // The world's planner is prepared: its jump table and landmarks must not answer for a map with slopes.
  it('with direction costs and characters, on a prepared planner (as the world makes it)', () =>
    runs(
      { directionCosts: true, occupancy: true, fourWay: true },
      ['auto', 'astar', 'jps'],
      300,
      undefined,
      true,
    ));
  // Prepared, a small uniform map has its route table: most queries are read off it (RouteSearch), the
  // rest searched.
  it('with characters on uniform grids, on a prepared planner (the route table answers)', () =>
    runs({ occupancy: true }, ['auto'], 600, undefined, true));
  it('with goal sets and characters, on a prepared planner', () =>
    runs({ manyGoals: true, occupancy: true, maxSide: 16 }, ['auto'], 300, undefined, true));
  it('with large goal sets', () =>
    runs({ manyGoals: true, costs: true, maxSide: 16 }, ['astar', 'jps', 'auto']));
});
