import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { PathPlanner } from '../../../src/core/path/PathPlanner.ts';
import type { Algorithm, OccupancyPolicy } from '../../../src/core/path/types.ts';
import { oracleDistances, walkPath } from './oracle.ts';

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

interface CrowdCase {
  grid: NavGrid;
  start: number;
  goals: number[];
  occupancy: OccupancyPolicy;
  describe: string;
}

/**
 * The game's queries: a map larger than the occupancy window, a crowd packed around the start (most of them
 * inside the radius), 'cost' or 'block' with a small radius, and one goal, the tiles around a foe (an attack),
 * or a few scattered tiles (tied nearest tiles).
 */
const crowdCase: fc.Arbitrary<CrowdCase> = fc
  .record({ w: fc.integer({ min: 4, max: 26 }), h: fc.integer({ min: 4, max: 26 }) })
  .chain(({ w, h }) => {
    const n = w * h;
    const cell = fc.integer({ min: 0, max: n - 1 });
    const near = fc.tuple(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 }));
    return fc.record({
      w: fc.constant(w),
      h: fc.constant(h),
      walls: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
      wallDensity: fc.double({ min: 0, max: 0.4, noNaN: true }),
      start: cell,
      // Mostly the searcher's own; sometimes another's (a walker mid-step can plan from a tile it shares).
      startHolder: fc.constantFrom(1, 1, 1, 2),
      crowd: fc.array(fc.tuple(near, fc.integer({ min: 1, max: 3 })), { maxLength: 40 }),
      far: fc.array(fc.tuple(cell, fc.integer({ min: 2, max: 3 })), { maxLength: 10 }),
      goalKind: fc.constantFrom('one', 'foe', 'scattered'),
      goalCells: fc.array(cell, { minLength: 1, maxLength: 8 }),
      policy: fc.oneof(
        fc.record({
          kind: fc.constant('cost' as const),
          self: fc.constant(1),
          extra: fc.oneof(
            fc.constant(4),
            fc.integer({ min: 0, max: 12 }),
            fc.double({ min: 0, max: 6, noNaN: true }),
          ),
          radius: fc.oneof(fc.constant(3), fc.integer({ min: 0, max: 6 }), fc.constant(undefined)),
        }),
        fc.record({
          kind: fc.constant('block' as const),
          self: fc.constant(1),
          allowGoal: fc.boolean(),
          radius: fc.oneof(fc.constant(3), fc.integer({ min: 0, max: 6 }), fc.constant(undefined)),
        }),
      ),
    });
  })
  .map((r) => {
    const grid = new NavGrid(r.w, r.h);
    for (let i = 0; i < r.w * r.h; i++)
      grid.setWalkable(i % r.w, Math.floor(i / r.w), i === r.start || r.walls[i] >= r.wallDensity);
    const sx = r.start % r.w;
    const sy = Math.floor(r.start / r.w);
    grid.occupy(r.start, r.startHolder);
    for (const [[dx, dy], id] of r.crowd) {
      if (grid.inBounds(sx + dx, sy + dy) && grid.index(sx + dx, sy + dy) !== r.start)
        grid.occupy(grid.index(sx + dx, sy + dy), id);
    }
    for (const [c, id] of r.far) if (c !== r.start) grid.occupy(c, id);
    let goals: number[];
    if (r.goalKind === 'one') goals = [r.goalCells[0]];
    else if (r.goalKind === 'scattered') goals = r.goalCells;
    else {
      // The walkable tiles around a foe.
      const f = r.goalCells[0];
      const fx = f % r.w;
      const fy = Math.floor(f / r.w);
      goals = [];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++)
          if ((dx || dy) && grid.isWalkable(fx + dx, fy + dy)) goals.push(grid.index(fx + dx, fy + dy));
      if (goals.length === 0) goals = [f];
    }
    const rows: string[] = [];
    for (let y = 0; y < r.h; y++) {
      let row = '';
      for (let x = 0; x < r.w; x++) {
        const i = y * r.w + x;
        row +=
          i === r.start
            ? 'S'
            : goals.includes(i)
              ? 'G'
              : !grid.walkable[i]
                ? '#'
                : grid.occupant[i]
                  ? String(grid.occupant[i])
                  : '.';
      }
      rows.push(row);
    }
    return {
      grid,
      start: r.start,
      goals,
      occupancy: r.policy,
      describe: `${rows.join('\n')}\n${JSON.stringify(r.policy)}`,
    };
  });

function check(c: CrowdCase, algo: Algorithm, partial: boolean, moves: 8 | 4 = 8, prepared = false): void {
  const planner = new PathPlanner(c.grid);
  // A prepared planner (the world's) has landmarks to sharpen its estimate.
  if (prepared) planner.prepare();
  const r = planner.find({ start: c.start, goal: c.goals, occupancy: c.occupancy, partial, moves }, algo);
  const dist = oracleDistances(c.grid, c.start, c.goals, moves, c.occupancy);
  const best = Math.min(...c.goals.map((g) => dist[g]));
  const walked = walkPath(c.grid, c.start, r.path, c.goals, moves, c.occupancy);
  expect(close(walked, r.cost), `walked ${walked}, reported ${r.cost}`).toBe(true);
  if (best === Number.POSITIVE_INFINITY) {
    expect(r.status).toBe(partial ? 'partial' : 'none');
    return;
  }
  expect(r.status).toBe('found');
  expect(close(r.cost, best), `${algo} cost ${r.cost}, optimal ${best}`).toBe(true);
  expect(c.goals).toContain(r.path.length ? r.path[r.path.length - 1] : c.start);
  // The general loop, the reference the game's costs are held to.
  const general = planner.find(
    { start: c.start, goal: c.goals, occupancy: c.occupancy, moves },
    'astar-general',
  );
  expect(close(general.cost, r.cost)).toBe(true);
}

describe('the fast loops on the game’s own queries: occupancy near the start, goal sets', () => {
  it('JPS with the window: the optimal cost under the policy, both policies, one goal, a foe’s tiles or scattered tiles', () => {
    fc.assert(
      fc.property(crowdCase, fc.boolean(), fc.boolean(), (c, partial, prepared) => {
        for (const algo of ['auto', 'jps'] as Algorithm[]) {
          try {
            check(c, algo, partial, 8, prepared);
          } catch (e) {
            throw new Error(
              `${algo} partial=${partial} prepared=${prepared}\n${c.describe}\n${(e as Error).message}`,
            );
          }
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("A*'s tuned loop: the optimal cost under the policy, 8 or 4 moves", () => {
    fc.assert(
      fc.property(crowdCase, fc.boolean(), fc.constantFrom<8 | 4>(8, 4), (c, partial, moves) => {
        const one = { ...c, goals: [c.goals[0]] };
        try {
          check(one, 'astar', partial, moves);
        } catch (e) {
          throw new Error(`astar moves=${moves} partial=${partial}\n${c.describe}\n${(e as Error).message}`);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('goes round a crowd in a corridor when waiting costs more, and through it when the way round is long', () => {
    const grid = NavGrid.fromRows(['..........', '.########.', '..........']);
    const planner = new PathPlanner(grid);
    grid.occupy(grid.index(2, 2), 2);
    const query = { start: grid.index(0, 2), goal: grid.index(9, 2) };
    // The way round: up the left end, along the top, down the right end (13 steps, no diagonal past the wall).
    const through = planner.find({ ...query, occupancy: { kind: 'cost', self: 1, extra: 3, radius: 3 } });
    expect(through.cost).toBe(9 + 3);
    expect(through.path).toContain(grid.index(2, 2));
    const around = planner.find({ ...query, occupancy: { kind: 'cost', self: 1, extra: 20, radius: 3 } });
    expect(around.cost).toBe(13);
    expect(around.path).not.toContain(grid.index(2, 2));
    const blocked = planner.find({ ...query, occupancy: { kind: 'block', self: 1, radius: 3 } });
    expect(blocked.cost).toBe(13);
    // Beyond the radius the crowd counts for nothing.
    expect(planner.find({ ...query, occupancy: { kind: 'block', self: 1, radius: 1 } }).cost).toBe(9);
  });
});
