// A timetable standing long away from its goal steps aside and back (src/core/world/crowd/StepAside.ts).
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../../src/core/grid/index.ts';
import { Reservations } from '../../../../src/core/world/crowd/Reservations.ts';
import type { Timetable } from '../../../../src/core/world/crowd/SpaceTimeSearch.ts';
import { stepAsideInLongWaits } from '../../../../src/core/world/crowd/StepAside.ts';

describe('stepping aside in a long wait', () => {
  const grid = NavGrid.fromRows(['#####', '#...#', '#...#', '#####']);
  const at = (x: number, y: number) => y * grid.width + x;
  const gaps = new Float64Array(64);
  // Walker 1 stands on (1, 1) until 400 while walker 2 holds (2, 1), the next tile of its way, then goes on.
  const waiting = (): Timetable => ({ cells: [at(1, 1), at(2, 1), at(3, 1)], departs: [400, 405] });
  const passing = () => {
    const r = new Reservations(grid.size);
    r.add(2, at(2, 1), 0, 400);
    return r;
  };

  it('steps to the free tile beside it and back every 160 ticks, its way and arrival unchanged', () => {
    const plan = waiting();
    stepAsideInLongWaits(plan, 0, 1, 5, grid, passing(), gaps, 160);
    expect(plan.cells).toEqual([at(1, 1), at(1, 2), at(1, 1), at(1, 2), at(1, 1), at(2, 1), at(3, 1)]);
    // Out at 160 and back at 165 (after its last step started at 0), out again at 325 and back at 330; then 70
    // ticks to its departure at 400, under the limit.
    expect(plan.departs).toEqual([160, 165, 325, 330, 400, 405]);
    // The steps aside wait for their ticks; the steps of its way do not.
    expect(plan.gated).toEqual([true, true, true, true, false, false]);
  });

  it('steps aside at the latest free moment before the limit, else at the first one after it', () => {
    const r = passing();
    r.add(3, at(1, 2), 150, 300);
    const plan = waiting();
    stepAsideInLongWaits(plan, 0, 1, 5, grid, r, gaps, 160);
    // (1, 2) is free until 150: out at 140, back by 150. Then wanted at 305, when it is free again from 300.
    expect(plan.departs).toEqual([140, 145, 305, 310, 400, 405]);
    const later = passing();
    later.add(3, at(1, 2), 100, 200);
    const plan2 = waiting();
    stepAsideInLongWaits(plan2, 0, 1, 5, grid, later, gaps, 160);
    // Free until 100 (out at 90) — the latest before 160 — then wanted at 255.
    expect(plan2.departs).toEqual([90, 95, 255, 260, 400, 405]);
  });

  it('leaves alone short waits, waits on the goal, and waits with no free tile beside', () => {
    const short: Timetable = { cells: [at(1, 1), at(2, 1), at(3, 1)], departs: [160, 165] };
    stepAsideInLongWaits(short, 0, 1, 5, grid, passing(), gaps, 160);
    expect(short.cells).toEqual([at(1, 1), at(2, 1), at(3, 1)]);
    expect(short.gated).toBeUndefined();
    const shut = passing();
    shut.add(3, at(1, 2), 0, Number.POSITIVE_INFINITY);
    const plan = waiting();
    stepAsideInLongWaits(plan, 0, 1, 5, grid, shut, gaps, 160);
    expect(plan.cells).toEqual([at(1, 1), at(2, 1), at(3, 1)]);
  });

  it('keeps the steps already gated where they fall in the new timetable', () => {
    const plan = { ...waiting(), gated: [true, false] };
    stepAsideInLongWaits(plan, 0, 1, 5, grid, passing(), gaps, 160);
    expect(plan.gated).toEqual([true, true, true, true, true, false]);
  });
});
