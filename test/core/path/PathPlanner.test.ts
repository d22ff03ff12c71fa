import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dir, NavGrid } from '../../../src/core/grid/index.ts';
import { PathPlanner } from '../../../src/core/path/PathPlanner.ts';
import type { Algorithm } from '../../../src/core/path/types.ts';
import { oracleDistances } from './oracle.ts';

const ALGOS: Algorithm[] = ['auto', 'astar', 'jps', 'dijkstra'];
const cells = (grid: NavGrid, path: number[]) =>
  path.map((i) => [i % grid.width, Math.floor(i / grid.width)]);

describe('PathPlanner.find', () => {
  it.each(ALGOS)('%s: walks a corridor cell by cell and reports its cost', (algo) => {
    const grid = NavGrid.fromRows(['.....']);
    const r = new PathPlanner(grid).find({ start: 0, goal: 4 }, algo);
    expect(r.status).toBe('found');
    expect(r.path).toEqual([1, 2, 3, 4]);
    expect(r.cost).toBe(4);
  });

  it.each(ALGOS)('%s: standing on the goal is found with an empty path', (algo) => {
    const grid = NavGrid.fromRows(['...']);
    expect(new PathPlanner(grid).find({ start: 1, goal: [5, 1].filter((g) => g < 3) }, algo)).toEqual({
      status: 'found',
      path: [],
      cost: 0,
      expanded: 0,
    });
  });

  it.each(ALGOS)('%s: never cuts the corner where two walls meet', (algo) => {
    const grid = NavGrid.fromRows(['.#', '..']);
    const r = new PathPlanner(grid).find({ start: 0, goal: 3 }, algo);
    expect(cells(grid, r.path)).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(r.cost).toBe(2);
  });

  it.each(ALGOS)('%s: a walled-in goal gives none, or with partial the closest reachable cell', (algo) => {
    const grid = NavGrid.fromRows(['....#.', '....#.', '....#.']);
    const planner = new PathPlanner(grid);
    const goal = grid.index(5, 1);
    expect(planner.find({ start: 0, goal }, algo)).toMatchObject({ status: 'none', path: [] });
    const r = planner.find({ start: 0, goal, partial: true }, algo);
    expect(r.status).toBe('partial');
    expect(cells(grid, r.path).at(-1)).toEqual([3, 1]);
    expect(r.cost).toBeCloseTo(2 + Math.SQRT2, 12);
  });

  it.each(ALGOS)('%s: a goal set is solved in one search, ending at the cheapest goal', (algo) => {
    const grid = NavGrid.fromRows(['.........', '.........']);
    const r = new PathPlanner(grid).find(
      { start: grid.index(4, 0), goal: [grid.index(0, 1), grid.index(7, 1)] },
      algo,
    );
    expect(r.path.at(-1)).toBe(grid.index(7, 1));
    expect(r.cost).toBeCloseTo(2 + Math.SQRT2, 12);
  });

  it('expensive cells are walked around when the detour is cheaper', () => {
    const grid = NavGrid.fromRows(['...', '...', '...']);
    grid.setCost(1, 1, 10);
    const r = new PathPlanner(grid).find({ start: grid.index(0, 1), goal: grid.index(2, 1) });
    expect(r.path).not.toContain(grid.index(1, 1));
    expect(r.cost).toBeCloseTo(2 * Math.SQRT2, 12);
  });

  it('a one-way exit is respected, and a diagonal may not slip past it', () => {
    const grid = NavGrid.fromRows(['..', '..']);
    grid.setExitBlocked(0, 0, Dir.E, true);
    const planner = new PathPlanner(grid);
    // (0,0) → (1,0): straight east is forbidden and the diagonal detour too; go down, across and up.
    const r = planner.find({ start: 0, goal: 1 });
    expect(r.cost).toBeCloseTo(3, 12);
    expect(planner.find({ start: 1, goal: 0 }).cost).toBe(1);
  });

  it("'block' walls off other characters but not the searcher's own cell or, when allowed, the goal", () => {
    const grid = NavGrid.fromRows(['...', '...', '...']);
    grid.occupy(grid.index(1, 0), 2);
    grid.occupy(grid.index(1, 1), 2);
    grid.occupy(grid.index(0, 0), 1);
    const planner = new PathPlanner(grid);
    const goal = grid.index(2, 0);
    const r = planner.find({ start: 0, goal, occupancy: { kind: 'block', self: 1 } });
    // No squeezing diagonally past the character at (1, 1): the long way round, six straight steps.
    expect(cells(grid, r.path)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [2, 2],
      [2, 1],
      [2, 0],
    ]);
    grid.occupy(goal, 3);
    expect(planner.find({ start: 0, goal, occupancy: { kind: 'block', self: 1 } }).status).toBe('none');
    expect(
      planner.find({ start: 0, goal, occupancy: { kind: 'block', self: 1, allowGoal: true } }).status,
    ).toBe('found');
    // Beyond the radius the crowd is ignored: the straight line is open again.
    expect(
      planner.find({ start: 0, goal, occupancy: { kind: 'block', self: 1, allowGoal: true, radius: 0 } })
        .cost,
    ).toBe(2);
  });

  it("'cost' charges extra for entering an occupied cell", () => {
    const grid = NavGrid.fromRows(['...']);
    grid.occupy(1, 7);
    const r = new PathPlanner(grid).find({
      start: 0,
      goal: 2,
      occupancy: { kind: 'cost', self: 1, extra: 5 },
    });
    expect(r.cost).toBe(7);
  });

  it.each(ALGOS)('%s: stops at the iteration limit and returns the best partial path', (algo) => {
    // Pillars on every other cell: every search, JPS included, needs many expansions here.
    const rows = Array.from({ length: 40 }, (_, y) => (y % 2 ? '.#'.repeat(20) : '.'.repeat(40)));
    const grid = NavGrid.fromRows(rows);
    const planner = new PathPlanner(grid);
    const r = planner.find({ start: 0, goal: grid.index(38, 38), maxExpanded: 5, partial: true }, algo);
    expect(r.expanded).toBeLessThanOrEqual(5);
    expect(r.status).toBe('partial');
    expect(r.path.length).toBeGreaterThan(0);
    expect(planner.find({ start: 0, goal: grid.index(38, 38), maxExpanded: 5 }, algo).status).toBe('none');
  });

  it('4 moves never step diagonally and use the Manhattan distance', () => {
    const grid = NavGrid.fromRows(['...', '...', '...']);
    const r = new PathPlanner(grid).find({ start: 0, goal: 8, moves: 4 });
    expect(r.cost).toBe(4);
    expect(r.path).toHaveLength(4);
  });

  it('names the bad parameter in one sentence', () => {
    const planner = new PathPlanner(NavGrid.fromRows(['..']));
    expect(() => planner.find({ start: 5, goal: 0 })).toThrow(
      'path query start 5 is not a cell of the 2 × 1 grid',
    );
    expect(() => planner.find({ start: 0, goal: [0.5] })).toThrow('path query goal 0.5 is not a cell');
    expect(() => planner.find({ start: 0, goal: [] })).toThrow('path query goal set is empty');
    expect(() => planner.find({ start: 0, goal: 1, moves: 6 as 8 })).toThrow('moves must be 8 or 4');
  });

  it('lastExpanded copies the cells the last search expanded, in order', () => {
    const grid = NavGrid.fromRows(['.....']);
    const planner = new PathPlanner(grid);
    const r = planner.find({ start: 0, goal: 4 }, 'astar');
    const out = new Int32Array(grid.size);
    expect(planner.lastExpanded(out)).toBe(r.expanded);
    expect(Array.from(out.subarray(0, r.expanded))).toEqual([0, 1, 2, 3, 4]);
  });

  it.each(ALGOS)(
    '%s: paths stay the same when the search stamps wrap round (once in two billion searches)',
    (algo) => {
      const grid = NavGrid.fromRows(['....#....', '.##.#.##.', '.#.....#.', '.#.###.#.', '.........']);
      const fresh = new PathPlanner(grid);
      const worn = new PathPlanner(grid);
      const space = (worn as unknown as { space: { gen: number } }).space;
      const queries = [
        { start: 0, goal: 8 },
        { start: 20, goal: 44 },
        { start: 8, goal: 36 },
        { start: 0, goal: 8 },
      ];
      // The first search leaves stamp 1 on the cells it reached; the first search after the wrap is stamped 1
      // again, and must not take those cells for its own.
      worn.find(queries[0], algo);
      space.gen = 0x7fffffff - 1;
      for (const q of [{ start: 36, goal: 0 }, ...queries, ...queries]) {
        expect(worn.find(q, algo)).toEqual(fresh.find(q, algo));
      }
      expect(space.gen).toBeLessThan(10);
    },
  );
});

describe('PathPlanner.distanceField', () => {
  it('forwards: the cost from the sources to every cell; walls and far cells stay Infinity', () => {
    const grid = NavGrid.fromRows(['..#.', '..#.']);
    const out = new Float64Array(grid.size);
    new PathPlanner(grid).distanceField(0, out);
    expect(Array.from(out)).toEqual([0, 1, Infinity, Infinity, 1, Math.SQRT2, Infinity, Infinity]);
    new PathPlanner(grid).distanceField([0, 3], out, { maxCost: 1.2 });
    expect(Array.from(out)).toEqual([0, 1, Infinity, 0, 1, Infinity, Infinity, 1]);
  });

  it('backwards: the cost of walking from each cell to the target, one-way exits included', () => {
    const grid = NavGrid.fromRows(['...']);
    grid.setExitBlocked(1, 0, Dir.W, true);
    grid.setCost(2, 0, 3);
    const out = new Float64Array(grid.size);
    const planner = new PathPlanner(grid);
    planner.distanceField(0, out, { reverse: true });
    expect(Array.from(out)).toEqual([0, Infinity, Infinity]);
    planner.distanceField(2, out, { reverse: true });
    expect(Array.from(out)).toEqual([4, 3, 0]);
    planner.distanceField(2, out);
    expect(Array.from(out)).toEqual([Infinity, 1, 0]);
  });

  it('on open ground (the fast path of crowds; breadth-first with 4 moves) equals the plain Dijkstra search on every walkable cell, both ways, 8 and 4 moves', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.boolean(), { minLength: 144, maxLength: 144 }),
        fc.nat(),
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.constantFrom<8 | 4>(8, 4),
        (w, h, walls, pick, maxCost, moves) => {
          const grid = new NavGrid(w, h);
          for (let i = 0; i < w * h; i++)
            grid.setWalkable(i % w, Math.floor(i / w), !walls[i] || i === pick % (w * h));
          const source = pick % (w * h);
          const planner = new PathPlanner(grid);
          const out = new Float64Array(grid.size);
          for (const reverse of [true, false]) {
            planner.distanceField(source, out, { reverse, maxCost, moves });
            for (let i = 0; i < grid.size; i++) {
              const r = reverse
                ? planner.find({ start: i, goal: source, moves }, 'dijkstra')
                : planner.find({ start: source, goal: i, moves }, 'dijkstra');
              const reached = r.status === 'found' && r.cost <= maxCost;
              // Nobody stands on a wall: the field gives walls no distance (the source aside).
              const expected = reached && (grid.walkable[i] === 1 || i === source) ? r.cost : Infinity;
              expect(out[i]).toBeCloseTo(expected, 9);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('from a source on a blocked tile (a target standing where nobody may walk), equals the plain Dijkstra search both ways', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.boolean(), { minLength: 144, maxLength: 144 }),
        fc.nat(),
        (w, h, walls, pick) => {
          const grid = new NavGrid(w, h);
          const source = pick % (w * h);
          for (let i = 0; i < w * h; i++)
            grid.setWalkable(i % w, Math.floor(i / w), !walls[i] && i !== source);
          const planner = new PathPlanner(grid);
          const out = new Float64Array(grid.size);
          for (const reverse of [true, false]) {
            planner.distanceField(source, out, { reverse });
            for (let i = 0; i < grid.size; i++) {
              const r = reverse
                ? planner.find({ start: i, goal: source }, 'dijkstra')
                : planner.find({ start: source, goal: i }, 'dijkstra');
              const expected =
                r.status === 'found' && (grid.walkable[i] === 1 || i === source) ? r.cost : Infinity;
              expect(out[i]).toBeCloseTo(expected, 9);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('with cell and direction costs (the chase fields on a map with slopes) equals the oracle, both ways', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 64, maxLength: 64 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 6 })), {
          maxLength: 80,
        }),
        fc.nat(),
        fc.constantFrom<8 | 4>(8, 4),
        (w, h, walls, costs, entries, pick, moves) => {
          const grid = new NavGrid(w, h);
          const source = pick % (w * h);
          for (let i = 0; i < w * h; i++) {
            grid.setWalkable(i % w, Math.floor(i / w), !walls[i] || i === source);
            grid.setCost(i % w, Math.floor(i / w), costs[i]);
          }
          for (const [c, d, f] of entries)
            grid.setEntryCost((c % (w * h)) % w, Math.floor((c % (w * h)) / w), d, f);
          const planner = new PathPlanner(grid);
          const out = new Float64Array(grid.size);
          planner.distanceField(source, out, { moves });
          const from = oracleDistances(grid, source, [source], moves);
          for (let i = 0; i < grid.size; i++) expect(out[i]).toBeCloseTo(from[i], 9);
          planner.distanceField(source, out, { moves, reverse: true });
          for (let i = 0; i < grid.size; i++) {
            const to = grid.walkable[i] === 1 ? oracleDistances(grid, i, [source], moves)[source] : Infinity;
            expect(out[i]).toBeCloseTo(i === source ? 0 : to, 9);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('from several sources on open ground, each cell gets the distance to the nearest one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.boolean(), { minLength: 144, maxLength: 144 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        (w, h, walls, picks) => {
          const grid = new NavGrid(w, h);
          const sources = picks.map((p) => p % (w * h));
          for (let i = 0; i < w * h; i++)
            grid.setWalkable(i % w, Math.floor(i / w), !walls[i] || sources.includes(i));
          const planner = new PathPlanner(grid);
          const all = new Float64Array(grid.size);
          const one = new Float64Array(grid.size);
          const nearest = new Float64Array(grid.size).fill(Infinity);
          for (const s of sources) {
            planner.distanceField(s, one);
            for (let i = 0; i < grid.size; i++) nearest[i] = Math.min(nearest[i], one[i]);
          }
          planner.distanceField(sources, all);
          for (let i = 0; i < grid.size; i++) expect(all[i]).toBeCloseTo(nearest[i], 9);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('backwards under block: an occupied cell keeps its own cost but nobody routes through it', () => {
    const grid = NavGrid.fromRows(['...']);
    grid.occupy(1, 5);
    const out = new Float64Array(grid.size);
    new PathPlanner(grid).distanceField(2, out, { reverse: true, occupancy: { kind: 'block', self: 0 } });
    expect(Array.from(out)).toEqual([Infinity, 1, 0]);
  });
});

describe('PathPlanner.prepare', () => {
  it('builds the tables before the first search, and a wall change makes them stale until the next search', () => {
    const grid = NavGrid.fromRows(['......', '..##..', '......']);
    const planner = new PathPlanner(grid);
    expect(planner.ready()).toBe(false);
    planner.prepare();
    expect(planner.ready()).toBe(true);
    grid.setWalkable(0, 1, false);
    expect(planner.ready()).toBe(false);
    // Every loop brings what it reads up to date by itself.
    for (const algo of ['auto', 'astar', 'jps'] as const) {
      expect(planner.find({ start: 0, goal: grid.index(0, 2) }, algo).cost).toBe(4);
    }
    planner.prepare();
    expect(planner.ready()).toBe(true);
  });

  it('a slope set after prepare (a direction cost) is priced by every loop, uphill only', () => {
    const grid = NavGrid.fromRows(['...', '...', '...']);
    const planner = new PathPlanner(grid);
    planner.prepare();
    // The middle row is dear to climb straight north (3 a step): uphill goes round it diagonally.
    for (let x = 0; x < 3; x++) grid.setEntryCost(x, 1, Dir.N, 3);
    for (const algo of ['auto', 'astar', 'astar-general', 'jps', 'dijkstra'] as const) {
      expect(planner.find({ start: grid.index(1, 2), goal: grid.index(1, 0) }, algo).cost).toBeCloseTo(
        2 * Math.SQRT2,
        9,
      );
      expect(planner.find({ start: grid.index(1, 0), goal: grid.index(1, 2) }, algo).cost).toBe(2);
    }
  });
});
