// A timetable that waits beside its goal visits it between those passing (src/core/world/crowd/GoalVisits.ts).
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../../src/core/grid/index.ts';
import { visitGoal } from '../../../../src/core/world/crowd/GoalVisits.ts';
import { Reservations } from '../../../../src/core/world/crowd/Reservations.ts';
import { StepQueue } from '../../../../src/core/world/crowd/StepQueue.ts';

describe('goal visits', () => {
  const grid = NavGrid.fromRows(['#####', '#...#', '#...#', '#####']);
  const at = (x: number, y: number) => y * grid.width + x;
  const gaps = new Float64Array(64);

  it('step onto the goal while it is free and back before each passer, arriving for good as planned', () => {
    // Walker 1 waits on (1, 1) until 80, then steps onto its goal (2, 1); walker 2 passes the goal twice first.
    const r = new Reservations(grid.size);
    r.add(2, at(2, 1), 30, 40);
    r.add(2, at(2, 1), 70, 80);
    const plan = { cells: [at(1, 1), at(2, 1)], departs: [80] };
    visitGoal(plan, 0, 1, 5, grid, r, gaps, 0, 8);
    expect(plan.cells).toEqual([at(1, 1), at(2, 1), at(1, 1), at(2, 1), at(1, 1), at(2, 1)]);
    // On at 0, off at 25 (back by 30, when walker 2 comes); on at 40, off at 65; on for good at 80.
    expect(plan.departs).toEqual([0, 25, 40, 65, 80]);
  });

  it('are made only for waits of at least the given ticks', () => {
    const r = new Reservations(grid.size);
    r.add(2, at(2, 1), 30, 40);
    const plan = { cells: [at(1, 1), at(2, 1)], departs: [40] };
    visitGoal(plan, 0, 1, 5, grid, r, gaps, 41, 8);
    expect(plan.cells).toEqual([at(1, 1), at(2, 1)]);
    visitGoal(plan, 0, 1, 5, grid, r, gaps, 40, 8);
    expect(plan.departs).toEqual([0, 25, 40]);
  });

  it('leave a timetable alone when no visit fits, or a corner is held as a diagonal would start', () => {
    const r = new Reservations(grid.size);
    r.add(2, at(2, 1), 4, 80);
    const short = { cells: [at(1, 1), at(2, 1)], departs: [80] };
    visitGoal(short, 0, 1, 5, grid, r, gaps, 0, 8);
    expect(short.cells).toEqual([at(1, 1), at(2, 1)]);
    // Diagonally from (1, 1) to (2, 2): its corner (2, 1) held by walker 2 whenever the visit could start.
    const diagonal = { cells: [at(1, 1), at(2, 2)], departs: [80] };
    r.add(3, at(2, 2), 60, 70);
    visitGoal(diagonal, 0, 1, 5, grid, r, gaps, 0, 8);
    expect(diagonal.cells).toEqual([at(1, 1), at(2, 2)]);
    const free = new Reservations(grid.size);
    free.add(3, at(2, 2), 60, 70);
    visitGoal(diagonal, 0, 1, 5, grid, free, gaps, 0, 8);
    expect(diagonal.cells).toEqual([at(1, 1), at(2, 2), at(1, 1), at(2, 2)]);
    expect(diagonal.departs).toEqual([0, Math.floor(60 - 5 * Math.SQRT2), 80]);
    // With 4 moves a walker diagonally beside its goal makes no visit (it would be a diagonal step).
    const fourWay = { cells: [at(1, 1), at(2, 1), at(2, 2)], departs: [80, 85] };
    visitGoal(fourWay, 0, 1, 5, grid, free, gaps, 0, 4);
    expect(fourWay.cells).toEqual([at(1, 1), at(2, 1), at(2, 2)]);
  });

  it('hold the step off the goal until its tick in the step queue, the steps on it not', () => {
    const steps = new StepQueue(grid.size, grid.width);
    steps.commit(1, at(1, 1), at(2, 1), 0);
    steps.commit(1, at(2, 1), at(1, 1), 25, 25);
    const empty = new Int32Array(grid.size);
    expect(steps.notBefore(1)).toBe(-1);
    expect(steps.ready(1, empty)).toBe(true);
    steps.start(1);
    steps.arrived(1, at(1, 1));
    expect(steps.notBefore(1)).toBe(25);
  });
});
