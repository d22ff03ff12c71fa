// The order a batch of timetables is planned in (src/core/world/crowd/BatchOrder.ts): a walker goes before
// those whose goals, once they stand on them, would shut it off from its own.
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../../src/core/grid/index.ts';
import { BatchOrder } from '../../../../src/core/world/crowd/BatchOrder.ts';

// A corridor two tiles wide, 10 long, between two rooms of 2 × 4.
const ROWS = [
  '################',
  '#..##########..#',
  '#..............#',
  '#..............#',
  '#..##########..#',
  '################',
];
const grid = NavGrid.fromRows(ROWS);
const at = (x: number, y: number) => y * grid.width + x;
const walker = (cell: number, goal: number) => ({
  cell,
  goal,
  tilesLeft: (c: number) => Math.abs((c % grid.width) - (goal % grid.width)),
});

describe('the order of a batch', () => {
  it('puts a walker before the second of two whose goals close the corridor it must take', () => {
    const walkers = [
      // Two sent to goals side by side across the corridor, both a step from them: nearest goal first, they
      // would be planned first and close it.
      walker(at(6, 2), at(7, 2)),
      walker(at(6, 3), at(7, 3)),
      // One crossing from the west room to the east one: it must pass first.
      walker(at(1, 2), at(14, 3)),
    ];
    // Nearest first would be [0, 1, 2]; the crossing walker need only pass before the second settles.
    const order = new BatchOrder(grid, 8, walkers);
    expect(order.order()).toEqual([0, 2, 1]);
  });

  it('leaves nearest first where a goal in the corridor can be passed beside', () => {
    const walkers = [walker(at(6, 2), at(7, 2)), walker(at(1, 2), at(14, 3))];
    expect(new BatchOrder(grid, 8, walkers).order()).toEqual([0, 1]);
  });

  it('counts two goals corner to corner as closing a corridor: no diagonal squeezes past them', () => {
    const walkers = [walker(at(6, 2), at(7, 2)), walker(at(9, 3), at(8, 3)), walker(at(1, 3), at(14, 2))];
    // The crossing walker is planned before the second of the two, whichever it is (nearest first: last).
    expect(new BatchOrder(grid, 8, walkers).order()[2]).not.toBe(2);
    // With 4 moves no walk goes diagonally anyway: the two still close it.
    expect(new BatchOrder(grid, 4, walkers).order()[2]).not.toBe(2);
  });

  it('learns from a failed search which goals held then shut the walker in', () => {
    // The order built from goals alone sees nothing wrong here (nobody's goal closes the corridor), but two
    // walkers standing in it for good do: the walker goes before them from then on.
    const walkers = [walker(at(6, 2), at(13, 1)), walker(at(6, 3), at(14, 4)), walker(at(1, 2), at(14, 3))];
    const order = new BatchOrder(grid, 8, walkers);
    expect(order.order()).toEqual([0, 1, 2]);
    const held = new Set([at(7, 2), at(7, 3)]);
    const shut = order.shutBy(at(1, 2), at(14, 3), (c) => held.has(c));
    expect(shut).not.toBeNull();
    expect(shut!.length).toBe(1);
    expect(held.has(shut![0])).toBe(true);
    expect(order.shutBy(at(1, 2), at(14, 3), () => false)).toBeNull();
    // Those holding the tiles found go after it.
    order.mustPass(2, 0);
    order.mustPass(2, 1);
    expect(order.order(new Set([0]))[0]).toBe(2);
  });

  it('says when its goals ask for what cannot all be kept', () => {
    // A corridor one tile wide: each walker must pass the other's goal, so neither order keeps both needs.
    const lane = NavGrid.fromRows(['#######', '#.....#', '#######']);
    const one = (x: number, gx: number) => ({ cell: 8 + x - 1, goal: 8 + gx - 1, tilesLeft: () => 0 });
    const crossing = new BatchOrder(lane, 8, [one(1, 4), one(5, 2)]);
    crossing.order();
    expect(crossing.broken).toBe(1);
    // One going the other's way behind it asks for nothing that cannot be kept.
    const following = new BatchOrder(lane, 8, [one(1, 5), one(2, 4)]);
    expect(following.order()).toEqual([0, 1]);
    expect(following.broken).toBe(0);
  });

  it('finds the needs over the regions between goals as over the tiles, and none when told not to look', () => {
    const walkers = [walker(at(6, 2), at(7, 2)), walker(at(6, 3), at(7, 3)), walker(at(1, 2), at(14, 3))];
    // The crossing walker goes before the second of the two goals closing the corridor (either may be it: both
    // walks past one of them are as short).
    expect(new BatchOrder(grid, 8, walkers, 'regions').order()[2]).not.toBe(2);
    expect(new BatchOrder(grid, 8, walkers, 'none').order()).toEqual([0, 1, 2]);
  });
});
