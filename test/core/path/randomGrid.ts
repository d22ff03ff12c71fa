import fc from 'fast-check';
import { NavGrid } from '../../../src/core/grid/index.ts';
import type { OccupancyPolicy } from '../../../src/core/path/types.ts';

export interface GridCase {
  grid: NavGrid;
  start: number;
  goals: number[];
  moves: 8 | 4;
  occupancy: OccupancyPolicy;
  describe: string;
}

export interface GridCaseOptions {
  /** Cell costs other than 1. */
  costs?: boolean;
  /** One-way exits. */
  directed?: boolean;
  /** Costs that depend on the direction a cell is entered from. */
  directionCosts?: boolean;
  /** Other characters on the grid and an occupancy policy. */
  occupancy?: boolean;
  /** 4-connected queries too. */
  fourWay?: boolean;
  maxSide?: number;
  /** Allow more goals than the exact-heuristic limit. */
  manyGoals?: boolean;
}

/** Random grids with walls, costs, one-way exits, characters and goal sets, as seen by the searches. */
export function gridCase(opts: GridCaseOptions = {}): fc.Arbitrary<GridCase> {
  const maxSide = opts.maxSide ?? 12;
  return fc
    .record({ w: fc.integer({ min: 1, max: maxSide }), h: fc.integer({ min: 1, max: maxSide }) })
    .chain(({ w, h }) => {
      const n = w * h;
      const cell = fc.integer({ min: 0, max: n - 1 });
      return fc.record({
        w: fc.constant(w),
        h: fc.constant(h),
        wallDensity: fc.double({ min: 0, max: 0.45, noNaN: true }),
        walls: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
        costs: opts.costs
          ? fc.array(
              fc.oneof(
                fc.constant(1),
                fc.constant(1),
                fc.integer({ min: 1, max: 6 }),
                fc.double({ min: 1, max: 4, noNaN: true }),
              ),
              { minLength: n, maxLength: n },
            )
          : fc.constant(null),
        entries: opts.directionCosts
          ? fc.array(
              fc.tuple(
                cell,
                fc.integer({ min: 0, max: 7 }),
                fc.oneof(fc.integer({ min: 1, max: 5 }), fc.double({ min: 1, max: 3, noNaN: true })),
              ),
              { maxLength: 2 * n },
            )
          : fc.constant([]),
        exits: opts.directed
          ? fc.array(fc.tuple(cell, fc.integer({ min: 0, max: 7 })), { maxLength: n })
          : fc.constant([]),
        occupants: opts.occupancy
          ? fc.array(fc.tuple(cell, fc.integer({ min: 1, max: 4 })), { maxLength: Math.ceil(n / 3) })
          : fc.constant([]),
        policy: opts.occupancy
          ? fc.oneof(
              fc.constant<OccupancyPolicy>({ kind: 'ignore' }),
              fc.record({
                kind: fc.constant('block' as const),
                self: fc.integer({ min: 1, max: 4 }),
                allowGoal: fc.boolean(),
                radius: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
              }),
              fc.record({
                kind: fc.constant('cost' as const),
                self: fc.integer({ min: 1, max: 4 }),
                extra: fc.oneof(
                  fc.constant(0),
                  fc.integer({ min: 1, max: 10 }),
                  fc.double({ min: 0, max: 5, noNaN: true }),
                ),
                radius: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
              }),
            )
          : fc.constant<OccupancyPolicy>({ kind: 'ignore' }),
        start: cell,
        goals: fc.array(cell, { minLength: 1, maxLength: opts.manyGoals ? 14 : 3 }),
        moves: opts.fourWay ? fc.constantFrom<8 | 4>(8, 4) : fc.constant<8 | 4>(8),
      });
    })
    .map((r) => {
      const grid = new NavGrid(r.w, r.h);
      for (let y = 0; y < r.h; y++) {
        for (let x = 0; x < r.w; x++) {
          const i = y * r.w + x;
          grid.setWalkable(x, y, i === r.start || r.walls[i] >= r.wallDensity);
          if (r.costs) grid.setCost(x, y, r.costs[i]);
        }
      }
      for (const [i, d, f] of r.entries) grid.setEntryCost(i % r.w, Math.floor(i / r.w), d, f);
      for (const [i, d] of r.exits) grid.setExitBlocked(i % r.w, Math.floor(i / r.w), d, true);
      for (const [i, id] of r.occupants) grid.occupy(i, id);
      const rows: string[] = [];
      for (let y = 0; y < r.h; y++) {
        let row = '';
        for (let x = 0; x < r.w; x++) {
          const i = y * r.w + x;
          row +=
            i === r.start
              ? 'S'
              : r.goals.includes(i)
                ? 'G'
                : grid.walkable[i]
                  ? grid.occupant[i]
                    ? String(grid.occupant[i])
                    : '.'
                  : '#';
        }
        rows.push(row);
      }
      return {
        grid,
        start: r.start,
        goals: r.goals,
        moves: r.moves,
        occupancy: r.policy,
        describe: `${rows.join('\n')}\nmoves ${r.moves} ${JSON.stringify(r.policy)} exits ${JSON.stringify(r.exits)} entries ${JSON.stringify(r.entries)}`,
      };
    });
}
