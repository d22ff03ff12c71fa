// The whole crowd's knot (docs/movement.md, step 6): its members stand while its search runs and walk only its
// plan, once found. Walking a whole crowd towards an unfinished search's frontier took walkers off the goals they
// stood on (lak304d × 1,000: 999 on their goals became 34 within 10 s).
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import type { KnotMember } from '../../../src/core/world/crowd/Knot.ts';
import { knotOver } from './knotOver.ts';

// A room two tiles high: two walkers stand on their goals by the west wall, a third must cross to the east end.
const ROWS = ['##########', '#........#', '#........#', '##########'];

function knotOf(whole: boolean) {
  const grid = NavGrid.fromRows(ROWS);
  const w = grid.width;
  const at = (x: number, y: number) => y * w + x;
  const octile = (goal: number) => (cell: number) => {
    const dx = Math.abs((cell % w) - (goal % w));
    const dy = Math.abs(Math.floor(cell / w) - Math.floor(goal / w));
    return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
  };
  const member = (id: number, front: number, goal: number): KnotMember => ({
    id,
    front,
    goal,
    dist: octile(goal),
    prio: 0,
    straight: 5,
  });
  const members = [
    member(1, at(1, 1), at(1, 1)),
    member(2, at(1, 2), at(1, 2)),
    member(3, at(2, 1), at(8, 2)),
  ];
  return knotOver(grid, members, 3, whole);
}

describe("the whole crowd's knot", () => {
  it('commits no step while its search runs, then the whole plan at once', () => {
    const { knot, steps } = knotOf(true);
    const moving = () => false;
    let ticks = 0;
    // One configuration a tick: the search takes several ticks, and nobody is sent anywhere meanwhile.
    while (!knot.solved && ticks < 100) {
      knot.tick(steps, 1, moving);
      ticks++;
      if (!knot.solved) expect([1, 2, 3].map((id) => steps.queued(id))).toEqual([0, 0, 0]);
    }
    expect(ticks).toBeGreaterThan(2);
    expect(knot.solved).toBe(true);
    // The plan takes the third across: it has steps committed, at least one per tile it must cross.
    expect(steps.queued(3)).toBeGreaterThanOrEqual(6);
  });

  it('planning twice, commits one whole plan once the second search ends, and nothing before', () => {
    const { knot, steps } = knotOf(true);
    knot.planAgain();
    const moving = () => false;
    let ticks = 0;
    const queued = () => [1, 2, 3].reduce((s, id) => s + steps.queued(id), 0);
    while (queued() === 0 && ticks < 200) {
      knot.tick(steps, 1, moving);
      ticks++;
    }
    expect(knot.solved).toBe(true);
    expect(steps.queued(3)).toBeGreaterThanOrEqual(6);
    // Committed once: more ticks commit nothing more.
    const committed = queued();
    for (let k = 0; k < 30; k++) knot.tick(steps, 1, moving);
    expect(queued()).toBe(committed);
  });

  it('a knot tied round one stuck walker still walks on while it searches (real-time LaCAM)', () => {
    const { knot, steps } = knotOf(false);
    knot.tick(steps, 1, () => false);
    expect(knot.solved).toBe(false);
    expect([1, 2, 3].reduce((s, id) => s + steps.queued(id), 0)).toBeGreaterThan(0);
  });
});
