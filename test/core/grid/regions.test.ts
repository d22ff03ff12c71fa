import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/NavGrid.ts';
import { nearestReachable } from '../../../src/core/grid/nearestReachable.ts';
import { Regions } from '../../../src/core/grid/Regions.ts';
import { reachOracle } from './reachOracle.ts';

interface Case {
  grid: NavGrid;
  from: number;
  to: number;
  describe: string;
}

/** Random grids: walls from sparse to dense (many small regions), optionally one-way exits. */
function gridCase(directed: boolean): fc.Arbitrary<Case> {
  return fc
    .record({ w: fc.integer({ min: 1, max: 12 }), h: fc.integer({ min: 1, max: 12 }) })
    .chain(({ w, h }) => {
      const n = w * h;
      const cell = fc.integer({ min: 0, max: n - 1 });
      return fc.record({
        w: fc.constant(w),
        h: fc.constant(h),
        density: fc.double({ min: 0, max: 0.6, noNaN: true }),
        walls: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
        exits: directed
          ? fc.array(fc.tuple(cell, fc.integer({ min: 0, max: 7 })), { minLength: 1, maxLength: n })
          : fc.constant([]),
        from: cell,
        to: cell,
      });
    })
    .map((r) => {
      const grid = new NavGrid(r.w, r.h);
      for (let i = 0; i < r.w * r.h; i++) {
        grid.setWalkable(i % r.w, Math.floor(i / r.w), i === r.from || r.walls[i] >= r.density);
      }
      for (const [i, d] of r.exits) grid.setExitBlocked(i % r.w, Math.floor(i / r.w), d, true);
      const rows: string[] = [];
      for (let y = 0; y < r.h; y++) {
        let row = '';
        for (let x = 0; x < r.w; x++) {
          const i = y * r.w + x;
          row += i === r.from ? 'S' : i === r.to ? 'T' : grid.walkable[i] ? '.' : '#';
        }
        rows.push(row);
      }
      return {
        grid,
        from: r.from,
        to: r.to,
        describe: `${rows.join('\n')}\nexits ${JSON.stringify(r.exits)}`,
      };
    });
}

/** Every reachable cell closest to `to`, by brute force over the oracle's reach: octile or Manhattan, then straight. */
function closestOracle(grid: NavGrid, reached: Uint8Array, to: number, moves: 8 | 4): number[] {
  const w = grid.width;
  const key = (c: number): [number, number] => {
    const ax = Math.abs((c % w) - (to % w));
    const ay = Math.abs(Math.floor(c / w) - Math.floor(to / w));
    const d = moves === 8 ? Math.max(ax, ay) + (Math.SQRT2 - 1) * Math.min(ax, ay) : ax + ay;
    return [d, ax * ax + ay * ay];
  };
  let best: [number, number] = [Number.POSITIVE_INFINITY, 0];
  let out: number[] = [];
  for (let c = 0; c < grid.size; c++) {
    if (!reached[c]) continue;
    const k = key(c);
    const cmp = Math.abs(k[0] - best[0]) < 1e-9 ? k[1] - best[1] : k[0] - best[0];
    if (cmp < 0) {
      best = k;
      out = [c];
    } else if (cmp === 0) out.push(c);
  }
  return out;
}

describe('region labels', () => {
  for (const directed of [false, true]) {
    it(`match a flood-fill oracle on random grids (${directed ? 'one-way exits: strongly connected' : 'two-way'})`, () => {
      fc.assert(
        fc.property(gridCase(directed), ({ grid, describe }) => {
          const regions = new Regions(grid);
          regions.refresh();
          const n = grid.size;
          const w = grid.width;
          // Reach by 8 moves (corners never cut) and by 4: the labels claim both are the same.
          const reach8 = Array.from({ length: n }, (_, a) => reachOracle(grid, a, 8));
          const problems: string[] = [];
          for (let a = 0; a < n; a++) {
            if ((regions.label[a] === 0) !== (grid.walkable[a] === 0)) problems.push(`label of ${a}`);
            if (reach8[a].join('') !== reachOracle(grid, a, 4).join('')) problems.push(`4 moves from ${a}`);
            if (!grid.walkable[a]) continue;
            for (let b = 0; b < n; b++) {
              if (!grid.walkable[b]) continue;
              const both = reach8[a][b] === 1 && reach8[b][a] === 1;
              if ((regions.label[a] === regions.label[b]) !== both) problems.push(`region of ${a}, ${b}`);
            }
            // What a walker on a reaches: its region and everything downstream, and the box around it.
            const flags = regions.reachableFrom(a);
            const box = [w, grid.height, -1, -1];
            for (let b = 0; b < n; b++) {
              const reached = reach8[a][b] === 1;
              if ((flags[regions.label[b]] === 1) !== reached) problems.push(`reach from ${a} to ${b}`);
              if (!reached) continue;
              const x = b % w;
              const y = Math.floor(b / w);
              box[0] = Math.min(box[0], x);
              box[1] = Math.min(box[1], y);
              box[2] = Math.max(box[2], x);
              box[3] = Math.max(box[3], y);
            }
            const got = [regions.reachMinX, regions.reachMinY, regions.reachMaxX, regions.reachMaxY];
            if (got.join() !== box.join()) problems.push(`box from ${a}: ${got} against ${box}`);
          }
          expect(problems.slice(0, 5), describe).toEqual([]);
        }),
        { numRuns: directed ? 150 : 100 },
      );
    });
  }

  it('follow the grid: a wall knocked through joins two rooms, a door bricked up parts them again', () => {
    const grid = NavGrid.fromRows(['...#...', '...#...', '...#...']);
    const regions = new Regions(grid);
    expect(regions.regionOf(0)).not.toBe(regions.regionOf(6));
    expect(regions.count).toBe(2);
    grid.setWalkable(3, 1, true);
    expect(regions.regionOf(0)).toBe(regions.regionOf(6));
    expect(regions.count).toBe(1);
    grid.setWalkable(3, 1, false);
    expect(regions.regionOf(0)).not.toBe(regions.regionOf(6));
    // A one-way door: east lets through, west does not; the rooms stay apart, but the west reaches the east.
    grid.setWalkable(3, 1, true);
    grid.setExitBlocked(3, 1, 6, true);
    grid.setExitBlocked(4, 1, 6, true);
    expect(regions.regionOf(0)).not.toBe(regions.regionOf(6));
    expect(regions.reachableFrom(0)[regions.label[6]]).toBe(1);
    expect(regions.reachableFrom(6)[regions.label[0]]).toBe(0);
  });

  it('label a large grid of one-way lanes without running out of stack', () => {
    // 256 × 256 one-way rows (even rows run only east, odd rows only west, columns both ways): one region,
    // found by a search tens of thousands of cells deep.
    const size = 256;
    const grid = new NavGrid(size, size);
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) grid.setWalkable(x, y, true);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        grid.setExitBlocked(x, y, y % 2 === 0 ? 6 : 2, true);
      }
    }
    const regions = new Regions(grid);
    regions.refresh();
    expect(regions.count).toBe(1);
  });
});

describe('nearest reachable tile', () => {
  for (const directed of [false, true]) {
    for (const moves of [8, 4] as const) {
      it(`is the oracle's closest reachable tile (${moves} moves${directed ? ', one-way exits' : ''})`, () => {
        fc.assert(
          fc.property(gridCase(directed), ({ grid, from, to, describe }) => {
            const regions = new Regions(grid);
            const got = nearestReachable(regions, from, to, moves, []);
            const want = closestOracle(grid, reachOracle(grid, from, 8), to, moves);
            expect(
              [...got].sort((a, b) => a - b),
              describe,
            ).toEqual(want);
          }),
          { numRuns: 200 },
        );
      });
    }
  }

  it('under 4 moves, breaks a tie in steps by the straight distance', () => {
    const grid = NavGrid.fromRows(['.....', '..##.', '#####', '#####', '#####']);
    const regions = new Regions(grid);
    // From the middle of the wall (2, 2), (2, 0) and (1, 1) are both 2 steps away; (1, 1) is nearer in a
    // straight line (√2 against 2), and the only tile that near.
    expect(nearestReachable(regions, 0, grid.index(2, 2), 4, [])).toEqual([grid.index(1, 1)]);
  });

  it('returns every tile still tied, for the walk to choose among', () => {
    const grid = NavGrid.fromRows(['.....', '.###.', '.###.', '.###.', '.....']);
    const regions = new Regions(grid);
    // The middle of the block is 2 from the middle of each side: four tiles tie in both distances.
    const got = nearestReachable(regions, 0, grid.index(2, 2), 8, []).sort((a, b) => a - b);
    expect(got).toEqual([grid.index(2, 0), grid.index(0, 2), grid.index(4, 2), grid.index(2, 4)]);
  });

  it('returns the clicked tile itself when it is reachable, and nothing for a walker on a blocked tile', () => {
    const grid = NavGrid.fromRows(['..#', '..#', '###']);
    const regions = new Regions(grid);
    expect(nearestReachable(regions, 0, grid.index(1, 1), 8, [])).toEqual([grid.index(1, 1)]);
    expect(nearestReachable(regions, grid.index(2, 2), grid.index(1, 1), 8, [])).toEqual([]);
  });
});
