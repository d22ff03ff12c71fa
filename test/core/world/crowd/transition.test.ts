// One step of a crowd by PIBT (src/core/world/crowd/Transition.ts): lines of followers within one step.
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../../src/core/grid/index.ts';
import { Agents, WALK } from '../../../../src/core/world/crowd/Agents.ts';
import { Transition } from '../../../../src/core/world/crowd/Transition.ts';

/**
 * A one-wide corridor of five tiles with walkers 1, 2 and 3 on tiles 2, 1 and 0, each with its goal one tile
 * east (they decide in that order): the step each takes.
 */
function lineStep(shortChains: boolean): number[] {
  const grid = NavGrid.fromRows(['.....']);
  const agents = new Agents(grid, 8);
  agents.grow(3);
  const start = [0, 2, 1, 0];
  for (let id = 1; id <= 3; id++) {
    agents.role[id] = WALK;
    agents.goal[id] = start[id] + 1;
    agents.field[id] = Float64Array.from({ length: 5 }, (_, x) => Math.abs(x - (start[id] + 1)));
  }
  const transition = new Transition(grid, agents, 8);
  transition.grow(3);
  transition.shortChains = shortChains;
  transition.to.fill(-1);
  const from = Int32Array.from([-1, 2, 1, 0]);
  expect(transition.generate(from, Int32Array.from([1, 2, 3]), 3, 1)).toBe(true);
  return [1, 2, 3].map((id) => transition.to[id]);
}

describe('a crowd step', () => {
  it('lets a line follow one another east in one step', () => {
    expect(lineStep(false)).toEqual([3, 2, 1]);
  });

  it('with short chains, lets one follow only one that steps onto a free tile', () => {
    // 2 follows 1 onto the free tile 3; 3 would follow 2, which follows 1: it waits a step.
    expect(lineStep(true)).toEqual([3, 2, 0]);
  });
});
