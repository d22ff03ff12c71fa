// A knot's search constrains first the walkers away from their goals and those standing next to them
// (ConfigSearch's low-level order): a walker must get into a dead-end pocket whose one tile in holds another
// walker standing on its own goal, among many more standing on theirs.
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { PathPlanner } from '../../../src/core/path/index.ts';
import type { KnotMember } from '../../../src/core/world/crowd/Knot.ts';
import { knotOver } from './knotOver.ts';

// The pocket P (17, 1) is reached only from E (17, 2): the diagonal from (16, 2) is cut by the wall at (16, 1),
// and from E the diagonal to (16, 3) by the wall at (17, 3). Walker 91 stands on its goal E, walker 92 beside it
// at (16, 2) must get into P; walkers 1 to 90 stand on their goals in the room to the west.
const ROWS = [
  '###################',
  '#################.#',
  '#.................#',
  '#................##',
  '#................##',
  '#................##',
  '#................##',
  '#................##',
  '#................##',
  '#................##',
  '#................##',
  '###################',
];
const STANDING = 90;
/** PIBT calls the crowd's knots may make a tick (KNOT_BUDGET in Crowd.ts). */
const BUDGET = 4000;

function pocketKnot() {
  const grid = NavGrid.fromRows(ROWS);
  const w = grid.width;
  const at = (x: number, y: number) => y * w + x;
  const planner = new PathPlanner(grid);
  const member = (id: number, front: number, goal: number): KnotMember => {
    const field = new Float64Array(grid.size);
    planner.distanceField(goal, field, { reverse: true });
    return { id, front, goal, dist: (cell) => field[cell], prio: 0, straight: 5 };
  };
  const members: KnotMember[] = [];
  for (let k = 0; k < STANDING; k++) {
    const cell = at(1 + (k % 15), 3 + Math.floor(k / 15));
    members.push(member(k + 1, cell, cell));
  }
  members.push(member(STANDING + 1, at(17, 2), at(17, 2)));
  members.push(member(STANDING + 2, at(16, 2), at(17, 1)));
  return knotOver(grid, members, STANDING + 2, true);
}

describe("a knot's search", () => {
  it('gets a walker into a pocket past one standing on its goal in its way, among 90 standing on theirs, within a tick', () => {
    // In PIBT's order (priority first) the one in the way came after the 90 others: 111 ticks.
    const { knot, steps } = pocketKnot();
    knot.tick(steps, BUDGET, () => false);
    expect(knot.solved).toBe(true);
    // The plan takes the walker in: it has steps committed, and so does the one it passes (out and back).
    expect(steps.queued(STANDING + 2)).toBeGreaterThanOrEqual(2);
    expect(steps.queued(STANDING + 1)).toBeGreaterThanOrEqual(2);
  });
});
