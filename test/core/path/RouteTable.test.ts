// A small map's route table (src/core/path/RouteTable.ts) and the queries read off it (RouteSearch.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { PathPlanner } from '../../../src/core/path/PathPlanner.ts';
import {
  MOVE_BITS,
  NO_MOVE,
  ROUTE_TABLE_MAX_TILES,
  RouteTable,
  runOf,
} from '../../../src/core/path/RouteTable.ts';
import { StepMasks } from '../../../src/core/path/StepMasks.ts';
import { oracleDistances, walkPath } from './oracle.ts';

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

describe('a route table', () => {
  it('holds the walk between every two tiles of a small map, and none to or from a wall', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.boolean(), { minLength: 144, maxLength: 144 }),
        (w, h, walls) => {
          const grid = new NavGrid(w, h);
          for (let i = 0; i < w * h; i++) grid.setWalkable(i % w, Math.floor(i / w), !walls[i]);
          const table = new RouteTable(grid);
          table.refresh(new StepMasks(grid));
          expect(table.builtFor(grid.version)).toBe(true);
          for (let g = 0; g < grid.size; g++) {
            const truth = oracleDistances(grid, g, []);
            for (let v = 0; v < grid.size; v++) {
              const d = table.distance(v, g);
              if (grid.walkable[v] !== 1 || grid.walkable[g] !== 1) expect(d).toBe(Number.POSITIVE_INFINITY);
              else if (truth[v] === Number.POSITIVE_INFINITY) expect(d).toBe(Number.POSITIVE_INFINITY);
              else expect(close(d, truth[v]), `${v} → ${g}: ${d}, walk ${truth[v]}`).toBe(true);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('says how far each walk goes its first way: every tile of the run steps the same way, the next one not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.boolean(), { minLength: 240, maxLength: 240 }),
        (w, h, walls) => {
          const grid = new NavGrid(w, h);
          for (let i = 0; i < w * h; i++)
            grid.setWalkable(i % w, Math.floor(i / w), i % 7 !== 0 || !walls[i]);
          const masks = new StepMasks(grid);
          const table = new RouteTable(grid);
          table.refresh(masks);
          const { index, firstMove, tiles } = table;
          const wrong: string[] = [];
          for (let g = 0; g < grid.size; g++) {
            if (index[g] < 0) continue;
            const row = index[g] * tiles;
            for (let v = 0; v < grid.size; v++) {
              if (index[v] < 0 || v === g || firstMove[row + index[v]] === NO_MOVE) continue;
              const move = firstMove[row + index[v]];
              const way = move & MOVE_BITS;
              let c = v;
              for (let k = 0; k < runOf(move); k++) {
                if (c === g || (firstMove[row + index[c]] & MOVE_BITS) !== way)
                  wrong.push(`${v} → ${g}, step ${k}`);
                c += masks.offset[way];
              }
              // Where the run stops (short of 31 steps), the walk turns or ends.
              if (runOf(move) < 31 && c !== g && (firstMove[row + index[c]] & MOVE_BITS) === way)
                wrong.push(`${v} → ${g}: the run stops short`);
            }
          }
          expect(wrong).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is kept only for small maps whose steps cost their length', () => {
    const open = (side: number) => NavGrid.fromRows(Array.from({ length: side }, () => '.'.repeat(side)));
    expect(RouteTable.fits(open(32))).toBe(true);
    expect(RouteTable.fits(open(33))).toBe(33 * 33 <= ROUTE_TABLE_MAX_TILES);
    const small = open(20);
    expect(RouteTable.fits(small)).toBe(true);
    small.setCost(3, 3, 2);
    expect(RouteTable.fits(small)).toBe(false);
  });

  it('follows the walls as they are when the map is prepared again', () => {
    // A wall across the room but for a door at its south end.
    const rows = ['.........', '.........', '....#....', '....#....', '....#....', '.........'];
    const grid = NavGrid.fromRows(rows);
    const planner = new PathPlanner(grid);
    planner.prepare();
    const at = (x: number, y: number) => y * grid.width + x;
    const before = planner.find({ start: at(2, 3), goal: at(6, 3) });
    // The door closes: the way goes round the north end instead.
    grid.setWalkable(4, 5, false);
    planner.prepare();
    const after = planner.find({ start: at(2, 3), goal: at(6, 3) });
    const truth = oracleDistances(grid, at(2, 3), [at(6, 3)]);
    expect(close(after.cost, truth[at(6, 3)])).toBe(true);
    expect(after.path).not.toContain(at(4, 5));
    expect(before.path.length).toBeGreaterThan(0);
  });
});

describe('a query read off the route table', () => {
  // A room and a corridor one tile wide, someone standing in the corridor.
  const rows = [
    '#########',
    '#.......#',
    '#.......#',
    '####.####',
    '####.####',
    '####.####',
    '#.......#',
    '#########',
  ];
  const grid = NavGrid.fromRows(rows);
  const at = (x: number, y: number) => y * grid.width + x;
  const planner = new PathPlanner(grid);
  planner.prepare();

  it('pays the extra cost to pass someone in the only corridor, as the oracle does', () => {
    grid.occupant[at(4, 4)] = 2;
    const occupancy = { kind: 'cost' as const, self: 1, extra: 4, radius: 3 };
    const q = { start: at(4, 2), goal: at(1, 6), occupancy };
    const r = planner.find(q);
    const truth = oracleDistances(grid, at(4, 2), [at(1, 6)], 8, occupancy)[at(1, 6)];
    expect(r.status).toBe('found');
    expect(close(r.cost, truth)).toBe(true);
    expect(close(walkPath(grid, at(4, 2), r.path, [at(1, 6)], 8, occupancy), r.cost)).toBe(true);
    expect(close(r.cost, planner.find(q, 'astar-general').cost)).toBe(true);
    grid.occupant[at(4, 4)] = 0;
  });

  it("finds none where the one in the corridor is a wall ('block'), and the nearest tile for a partial walk", () => {
    grid.occupant[at(4, 4)] = 2;
    const occupancy = { kind: 'block' as const, self: 1, radius: 3 };
    const none = planner.find({ start: at(4, 2), goal: at(1, 6), occupancy });
    expect(none.status).toBe('none');
    // Partial: the reached tile nearest the goal as the crow flies, the room's corner above it.
    const partial = planner.find({ start: at(4, 2), goal: at(1, 6), occupancy, partial: true });
    expect(partial.status).toBe('partial');
    expect(partial.path.at(-1)).toBe(at(1, 2));
    grid.occupant[at(4, 4)] = 0;
  });

  it('across open ground, turns once: diagonally first, then straight (no staircase)', () => {
    const open = NavGrid.fromRows(Array.from({ length: 14 }, () => '.'.repeat(30)));
    const p = new PathPlanner(open);
    p.prepare();
    const w = open.width;
    for (const [from, to] of [
      [1 * w + 1, 12 * w + 27],
      [12 * w + 2, 3 * w + 25],
      [13 * w + 29, 0],
    ]) {
      const r = p.find({ start: from, goal: to });
      let turns = 0;
      let last = -1;
      for (let k = 0, c = from; k < r.path.length; c = r.path[k++]) {
        const step = r.path[k] - c;
        if (last !== -1 && step !== last) turns++;
        last = step;
      }
      expect(turns, `${from} → ${to}`).toBe(1);
      expect(Math.abs(r.path[0] - from)).not.toBe(1);
      expect(Math.abs(r.path[0] - from)).not.toBe(w);
    }
  });

  it('walks the table’s way with nobody near, expanding only the cells of its path', () => {
    const r = planner.find({ start: at(1, 1), goal: at(7, 6) });
    const truth = oracleDistances(grid, at(1, 1), [at(7, 6)])[at(7, 6)];
    expect(close(r.cost, truth)).toBe(true);
    expect(r.expanded).toBe(r.path.length);
  });
});
