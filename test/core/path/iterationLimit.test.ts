import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PathPlanner } from '../../../src/core/path/PathPlanner.ts';
import type { Algorithm } from '../../../src/core/path/types.ts';
import { goalDistance, oracleDistances, walkPath } from './oracle.ts';
import { gridCase } from './randomGrid.ts';

describe('iteration limits', () => {
  it('never expand more than maxExpanded; a partial path ends at the closest expanded cell', () => {
    fc.assert(
      fc.property(
        gridCase({ costs: true, occupancy: true, directed: true, fourWay: true, maxSide: 14 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom<Algorithm>('auto', 'astar', 'jps', 'dijkstra'),
        (c, maxExpanded, algo) => {
          const planner = new PathPlanner(c.grid);
          const q = {
            start: c.start,
            goal: c.goals,
            moves: c.moves,
            occupancy: c.occupancy,
            maxExpanded,
            partial: true,
          };
          const r = planner.find(q, algo);
          expect(r.expanded).toBeLessThanOrEqual(maxExpanded);
          const walked = walkPath(c.grid, c.start, r.path, c.goals, c.moves, c.occupancy);
          expect(Math.abs(walked - r.cost)).toBeLessThanOrEqual(1e-9 * Math.max(1, r.cost));
          const dist = oracleDistances(c.grid, c.start, c.goals, c.moves, c.occupancy);
          if (r.status === 'found') {
            // Found within the limit: still the cheapest path.
            const best = Math.min(...c.goals.map((g) => dist[g]));
            expect(Math.abs(r.cost - best)).toBeLessThanOrEqual(1e-9 * Math.max(1, best));
            return;
          }
          if (r.expanded === 0) {
            expect(r.status).toBe('none');
            return;
          }
          expect(r.status).toBe('partial');
          // With a limit the planner answers with A* (or Dijkstra): the reached cells are the expanded ones.
          const expanded = new Int32Array(c.grid.size);
          const n = planner.lastExpanded(expanded);
          let closest = Number.POSITIVE_INFINITY;
          let cheapest = Number.POSITIVE_INFINITY;
          for (const cell of expanded.subarray(0, n)) {
            const d = goalDistance(c.grid, cell, c.goals, c.moves);
            if (d < closest - 1e-12) {
              closest = d;
              cheapest = dist[cell];
            } else if (Math.abs(d - closest) <= 1e-12) cheapest = Math.min(cheapest, dist[cell]);
          }
          const end = r.path.length ? r.path[r.path.length - 1] : c.start;
          expect(goalDistance(c.grid, end, c.goals, c.moves)).toBeCloseTo(closest, 9);
          expect(Math.abs(r.cost - cheapest)).toBeLessThanOrEqual(1e-9 * Math.max(1, cheapest));
        },
      ),
      { numRuns: 400 },
    );
  });
});
