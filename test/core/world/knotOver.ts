import type { NavGrid } from '../../../src/core/grid/index.ts';
import { Agents } from '../../../src/core/world/crowd/Agents.ts';
import { Knot, type KnotMember } from '../../../src/core/world/crowd/Knot.ts';
import { StepQueue } from '../../../src/core/world/crowd/StepQueue.ts';
import { Transition } from '../../../src/core/world/crowd/Transition.ts';

/**
 * A knot (Knot.ts) over every walkable tile of `grid`, tied round member `seed`, with nothing round it held,
 * and the step queue its plan is committed to: how the knot tests (knotOrder, wholeKnot) set one up without a crowd.
 */
export function knotOver(grid: NavGrid, members: readonly KnotMember[], seed: number, whole: boolean) {
  const cells: number[] = [];
  for (let i = 0; i < grid.size; i++) if (grid.walkable[i] === 1) cells.push(i);
  const shared = new Transition(grid, new Agents(grid, 8), 8);
  const slot = new Int32Array(grid.size).fill(-1);
  const knot = new Knot(
    grid,
    8,
    shared,
    slot,
    Int32Array.from(cells),
    new Int32Array(0),
    members,
    seed,
    0,
    whole,
  );
  const steps = new StepQueue(grid.size, grid.width);
  for (const m of members) steps.grow(m.id);
  return { knot, steps };
}
