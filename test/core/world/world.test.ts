import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { populate } from '../../../src/core/world/populate.ts';
import { World } from '../../../src/core/world/World.ts';
import { checkTrace } from '../../support/checkTrace.ts';
import { gridRows, runTrace } from '../../support/runWorld.ts';

const TOWN = [
  '##############################',
  '#............................#',
  '#..####....####......#####...#',
  '#..#..#....#..#......#...#...#',
  '#..#..#....#..#......#...#...#',
  '#..##.#....##.#......###.#...#',
  '#............................#',
  '#....######......#######.....#',
  '#....#....#......#.....#.....#',
  '#....#....#......#.....#.....#',
  '#....###.##......###.###.....#',
  '#............................#',
  '#..#.#.#.#.#.#.#.#.#.#.#.#...#',
  '#............................#',
  '##############################',
];

/** A seeded run: the player is sent to a random walkable tile every 4 seconds, as the sim tool does. */
function seededRun(seed: number, enemies: number, ticks: number) {
  const grid = NavGrid.fromRows(TOWN);
  const world = new World(grid, { seed });
  populate(world, [], { enemies });
  const p = world.player!;
  const lines = runTrace(world, ticks, (t) => {
    if (t % 80 !== 0) return;
    for (;;) {
      const x = world.rng.int(grid.width);
      const y = world.rng.int(grid.height);
      if (grid.isWalkable(x, y)) return world.moveTo(p.id, x, y);
    }
  });
  return { grid, world, lines };
}

describe('a seeded world run', () => {
  it('keeps one character per tile, adjacent steps only, no corner cut, over a long crowded run', () => {
    const { grid, world, lines } = seededRun(11, 40, 4000);
    const summary = checkTrace(gridRows(grid), lines);
    expect(summary.problems).toEqual([]);
    expect(summary.counts.step).toBeGreaterThan(2000);
    // Enemies notice, chase and catch the wandering player.
    expect(world.stats.catches).toBeGreaterThan(0);
    expect(summary.counts.catch).toBe(world.stats.catches);
  });

  it('gives the same trace for the same seed, and another for another seed', () => {
    const a = seededRun(5, 15, 1200).lines;
    const b = seededRun(5, 15, 1200).lines;
    const c = seededRun(6, 15, 1200).lines;
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });
});

describe('a world as its map loads', () => {
  it('has every table its searches need built, so no search in play builds one', () => {
    const grid = NavGrid.fromRows(TOWN);
    const world = new World(grid);
    expect(world.planner.ready()).toBe(true);
    expect(world.regions.builtVersion).toBe(grid.version);
    // A wall going up makes them stale; the next search (or prepare) brings them up to date.
    grid.setWalkable(5, 6, false);
    expect(world.planner.ready()).toBe(false);
    world.planner.prepare();
    expect(world.planner.ready()).toBe(true);
  });
});
