// A walker standing long away from its goal steps aside and back (src/core/world/crowd/StepAside.ts), in a
// timetable and in a knot's plan (whose playout PlanPlayout.ts estimates).
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../../src/core/grid/index.ts';
import { playOut } from '../../../../src/core/world/crowd/PlanPlayout.ts';
import { Reservations } from '../../../../src/core/world/crowd/Reservations.ts';
import type { Timetable } from '../../../../src/core/world/crowd/SpaceTimeSearch.ts';
import { stepAsideInLongWaits, stepAsideInPlan } from '../../../../src/core/world/crowd/StepAside.ts';

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
    const shut = passing();
    shut.add(3, at(1, 2), 0, Number.POSITIVE_INFINITY);
    const plan = waiting();
    stepAsideInLongWaits(plan, 0, 1, 5, grid, shut, gaps, 160);
    expect(plan.cells).toEqual([at(1, 1), at(2, 1), at(3, 1)]);
  });
});

describe("stepping aside in a knot's plan", () => {
  const grid = NavGrid.fromRows(['########', '#......#', '#......#', '########']);
  const at = (x: number, y: number) => y * grid.width + x;
  // Member 2 walks from (6, 2) along the lower row and up through (2, 1) to (4, 1); member 1 stands on (1, 1)
  // until (2, 1), its goal, is free. Index 0 of a configuration is unused.
  const walk2 = [at(6, 2), at(5, 2), at(4, 2), at(3, 2), at(2, 2), at(2, 1), at(3, 1), at(4, 1)];
  const plan = () => walk2.map((c, t) => Int32Array.from([0, t < 7 ? at(1, 1) : at(2, 1), c]));
  const stepTime = Float64Array.from([0, 5, 5]);

  it('estimates the playout: a step waits for its tile to be left', () => {
    const { starts, arrivals } = playOut(plan(), 2, grid.width, stepTime);
    expect([1, 2, 3, 4, 5, 6, 7].map((t) => starts[t][2])).toEqual([0, 5, 10, 15, 20, 25, 30]);
    // Member 1 steps into (2, 1) once member 2 has arrived on (3, 1).
    expect(starts[7][1]).toBe(30);
    expect([arrivals[1], arrivals[2]]).toEqual([35, 35]);
  });

  it('puts a step aside and back between two configurations, gated to the estimated tick', () => {
    const configs = plan();
    const goals = Int32Array.from([-1, at(2, 1), at(4, 1)]);
    const out = stepAsideInPlan(configs, 2, grid, stepTime, goals, () => true, 100, 20);
    // Standing from 0 until 30: out to (1, 2) at 20 (rather than to (2, 1) before member 2 comes, at 10), back
    // at 25, after configuration 6 (the last before member 1 moves on).
    const ones = out.configs.map((c) => c[1]);
    expect(ones).toEqual([...Array(7).fill(at(1, 1)), at(1, 2), at(1, 1), at(2, 1)]);
    expect(out.configs.map((c) => c[2])).toEqual([...walk2.slice(0, 7), walk2[6], walk2[6], walk2[7]]);
    expect(Array.from(out.gates)).toEqual([-1, -1, -1, -1, -1, -1, -1, 120, 125, -1]);
  });

  it('makes no step aside for a stand within the limit, off the region, or for a member with nowhere to be', () => {
    const goals = Int32Array.from([-1, at(2, 1), at(4, 1)]);
    expect(stepAsideInPlan(plan(), 2, grid, stepTime, goals, () => true, 0, 30).configs).toHaveLength(8);
    expect(stepAsideInPlan(plan(), 2, grid, stepTime, goals, () => false, 0, 20).configs).toHaveLength(8);
    const free = Int32Array.from([-1, -1, at(4, 1)]);
    expect(stepAsideInPlan(plan(), 2, grid, stepTime, free, () => true, 0, 20).configs).toHaveLength(8);
  });
});
