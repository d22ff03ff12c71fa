// Timetables' reservations and search (src/core/world/crowd/Reservations.ts, SpaceTimeSearch.ts): a walker's
// timetable goes round those planned before it, and what is over is forgotten without changing any answer.
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../../src/core/grid/index.ts';
import { Reservations } from '../../../../src/core/world/crowd/Reservations.ts';
import { SpaceTimeSearch } from '../../../../src/core/world/crowd/SpaceTimeSearch.ts';
import { StepQueue } from '../../../../src/core/world/crowd/StepQueue.ts';
import { NONE, Timetables, type TimetableWalker } from '../../../../src/core/world/crowd/Timetables.ts';

const gapsOf = (r: Reservations, cell: number, from: number, self = 0) => {
  const out = new Float64Array(64);
  const n = r.gaps(cell, from, self, out);
  return Array.from({ length: n }, (_, k) => [out[2 * k], out[2 * k + 1]]);
};

describe('reservations', () => {
  it('give each tile its free intervals between others, and none for its own holder', () => {
    const r = new Reservations(4);
    r.add(1, 2, 5, 10);
    r.add(2, 2, 12, 15);
    r.add(3, 2, 20, Number.POSITIVE_INFINITY);
    expect(gapsOf(r, 2, 0)).toEqual([
      [0, 5],
      [10, 12],
      [15, 20],
    ]);
    expect(gapsOf(r, 2, 0, 2)).toEqual([
      [0, 5],
      [10, 20],
    ]);
    expect(r.heldAt(2, 11, 0)).toBe(false);
    expect(r.heldAt(2, 12, 0)).toBe(true);
    expect(r.heldAt(2, 12, 2)).toBe(false);
    expect(r.heldForGood(2, 0)).toBe(true);
    expect(r.heldForGood(2, 3)).toBe(false);
  });

  it('forget what is over without changing any answer about what is to come, and release the rest', () => {
    // Many walkers passing one tile over a long run, and one standing there for good at the end.
    const long = new Reservations(2);
    const fresh = new Reservations(2);
    for (let k = 0; k < 200; k++) long.add(10 + k, 1, 10 * k, 10 * k + 4);
    long.add(999, 1, 3000, Number.POSITIVE_INFINITY);
    for (let k = 150; k < 200; k++) fresh.add(10 + k, 1, 10 * k, 10 * k + 4);
    fresh.add(999, 1, 3000, Number.POSITIVE_INFINITY);
    long.forgetBefore(1500);
    for (const t of [1500, 1503, 1777, 2999, 3000, 5000]) {
      expect(gapsOf(long, 1, t)).toEqual(gapsOf(fresh, 1, t));
      expect(long.heldAt(1, t, 0)).toBe(fresh.heldAt(1, t, 0));
    }
    // The horizon never moves back.
    long.forgetBefore(10);
    expect(gapsOf(long, 1, 1500)).toEqual(gapsOf(fresh, 1, 1500));
    // Walkers whose intervals were forgotten, and those still to come, are released alike.
    for (let k = 0; k < 200; k++) long.release(10 + k);
    expect(gapsOf(long, 1, 1500)).toEqual([[1500, 3000]]);
    long.release(999);
    expect(gapsOf(long, 1, 1500)).toEqual([[1500, Number.POSITIVE_INFINITY]]);
    // The pool's intervals are used again.
    long.add(7, 1, 1600, 1700);
    expect(gapsOf(long, 1, 1500)).toEqual([
      [1500, 1600],
      [1700, Number.POSITIVE_INFINITY],
    ]);
  });
});

describe('a timetable', () => {
  // A corridor with a bend: (1,1) .. (4,1), then down to (4,2).
  const grid = NavGrid.fromRows(['######', '#....#', '####.#', '######']);
  const at = (x: number, y: number) => y * grid.width + x;
  const octile = (goal: number) => (c: number) => {
    const dx = Math.abs((c % grid.width) - (goal % grid.width));
    const dy = Math.abs(Math.floor(c / grid.width) - Math.floor(goal / grid.width));
    return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
  };

  it('waits for a tile another holds, and enters it once free', () => {
    const r = new Reservations(grid.size);
    // Another walker holds (3,1) from tick 0 to 30.
    r.add(2, at(3, 1), 0, 30);
    const search = new SpaceTimeSearch(grid, 8, r);
    const goal = at(4, 1);
    const plan = search.plan(1, at(1, 1), 0, goal, 5, octile(goal), 1000);
    expect(plan?.cells).toEqual([at(1, 1), at(2, 1), at(3, 1), at(4, 1)]);
    // The step into (3,1) starts when it is free, not before.
    expect(plan?.departs[1]).toBeGreaterThanOrEqual(30);
  });

  it('starts a diagonal only when both corners are free', () => {
    const room = NavGrid.fromRows(['#####', '#...#', '#...#', '#####']);
    const rat = (x: number, y: number) => y * room.width + x;
    const r = new Reservations(room.size);
    // Both corners of the diagonal (1,1) -> (2,2) are held until tick 6: the diagonal waits for them (and
    // arrives at 6 + 5√2, before any way round).
    r.add(2, rat(2, 1), 0, 6);
    r.add(3, rat(1, 2), 0, 6);
    const goal = rat(2, 2);
    const h = (c: number) => {
      const dx = Math.abs((c % room.width) - 2);
      const dy = Math.abs(Math.floor(c / room.width) - 2);
      return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
    };
    const plan = new SpaceTimeSearch(room, 8, r).plan(1, rat(1, 1), 0, goal, 5, h, 1000);
    expect(plan?.cells).toEqual([rat(1, 1), rat(2, 2)]);
    expect(plan?.departs).toEqual([6]);
  });

  it('beside a goal someone passes long after, waits there and steps in: found at once, not after combing the map', () => {
    // An open 30 × 30 room; the walker stands beside its goal, which another passes through at ticks 2,000–2,010.
    const rows = ['#'.repeat(32)];
    for (let y = 0; y < 30; y++) rows.push(`#${'.'.repeat(30)}#`);
    rows.push('#'.repeat(32));
    const room = NavGrid.fromRows(rows);
    const rat = (x: number, y: number) => y * room.width + x;
    const r = new Reservations(room.size);
    const start = rat(15, 15);
    const goal = rat(16, 15);
    r.add(2, goal, 2000, 2010);
    const h = (c: number) => {
      const dx = Math.abs((c % room.width) - 16);
      const dy = Math.abs(Math.floor(c / room.width) - 15);
      return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
    };
    const search = new SpaceTimeSearch(room, 8, r);
    // A search bounded by the tiles left alone would try every tile of the room (and every wait on it) that
    // could be reached before tick 2,010 before the goal: 900 states and more.
    const plan = search.plan(1, start, 0, goal, 5, h, 100);
    expect(plan?.cells.at(-1)).toBe(goal);
    // It enters once the other has gone through, and never before.
    const into = plan!.departs.at(-1)!;
    expect(into).toBeGreaterThanOrEqual(2010);
    expect(into).toBeLessThan(2011);
    expect(search.work).toBeLessThan(100);
  });
});

describe('timetables standing still', () => {
  // Two rooms with no way between them: A walks east in the first; B, in the second, has its goal in the first.
  const grid = NavGrid.fromRows(['#########', '#.....#.#', '#########']);
  const at = (x: number) => grid.width + x;
  const walker = (id: number, cell: number, goal: number): TimetableWalker => {
    const tilesLeft = (c: number) => Math.abs((c % grid.width) - (goal % grid.width));
    return { id, cell, straight: 5, goal, tilesLeft, steer: tilesLeft };
  };

  function setUp() {
    const steps = new StepQueue(grid.size, grid.width);
    const tt = new Timetables(grid, 8, steps);
    tt.grow(3);
    steps.grow(3);
    tt.want(walker(1, at(1), at(5)), 0);
    // A is planned first, alone (a batch of one).
    expect(tt.tick(0)).toBeNull();
    expect(steps.queued(1)).toBe(4);
    // B can never be planned: its goal lies beyond the wall.
    tt.want(walker(2, at(7), at(2)), 1);
    return { steps, tt };
  }

  it('keep each walker to its clock: a step may not start before its tick, however early the walker is', () => {
    // Were A early, it would hold a tile before its reservation says; a timetable made meanwhile could then be
    // queued through that tile ahead of it, and the two would wait for each other for ever.
    const { steps } = setUp();
    let cell = at(1);
    for (const tick of [0, 5, 10, 15]) {
      expect(steps.notBefore(1)).toBe(tick);
      // A arrives at once (as if far faster than planned): its next step still waits for its tick.
      const to = steps.start(1);
      steps.arrived(1, cell);
      cell = to;
    }
    expect(cell).toBe(at(5));
  });

  it('hand back the walkers that wait, once the timetables under way have stood still a while', () => {
    const { tt } = setUp();
    // A never gets to take its steps (something holds its way): nothing moves, B cannot be planned.
    let back: number[] | null = null;
    let t = 1;
    for (; t < 200 && back === null; t++) back = tt.tick(t);
    expect(back?.sort()).toEqual([1, 2]);
    // Not at once: only after three seconds (at 20 Hz) with no step.
    expect(t).toBeGreaterThan(60);
    expect(tt.state[1]).toBe(NONE);
    expect(tt.state[2]).toBe(NONE);
  });

  it('wait for the timetables under way while their walkers step', () => {
    const { steps, tt } = setUp();
    let cell = at(1);
    for (let t = 1; t < 100; t++) {
      if (t % 20 === 0 && steps.queued(1) > 0) {
        // A takes its next step (every second).
        const to = steps.start(1);
        steps.arrived(1, cell);
        cell = to;
      }
      const back = tt.tick(t);
      if (steps.queued(1) > 0) expect(back).toBeNull();
    }
  });

  it('hand everyone over, the timetables under way too, once one shut in has waited 8 s', () => {
    const { steps, tt } = setUp();
    let cell = at(1);
    let back: number[] | null = null;
    let t = 1;
    for (; t < 400 && back === null; t++) {
      if (t % 60 === 0 && steps.queued(1) > 0) {
        // A takes a step every three seconds: its timetable would play out only at 240.
        const to = steps.start(1);
        steps.arrived(1, cell);
        cell = to;
      }
      back = tt.tick(t);
    }
    // B asked at 1: handed over at 161, with A, whose timetable is dropped with two steps still to take.
    expect(t - 1).toBe(161);
    expect(back?.sort()).toEqual([1, 2]);
    expect(steps.queued(1)).toBe(0);
    expect(tt.state[1]).toBe(NONE);
  });
});

describe('a crowd too big for the whole crowd’s knot', () => {
  it('is planned one by one from the start: the first planned set off before the last is planned', () => {
    // 120 walkers in an open 300 × 300 field (120 × 89,404 walkable tiles is over the knot's 4 M), each sent
    // 280 tiles along its own row: more search than one tick's budget.
    const rows = Array.from({ length: 300 }, (_, y) =>
      y === 0 || y === 299 ? '#'.repeat(300) : `#${'.'.repeat(298)}#`,
    );
    const grid = NavGrid.fromRows(rows);
    const steps = new StepQueue(grid.size, grid.width);
    const tt = new Timetables(grid, 8, steps);
    const n = 120;
    tt.grow(n);
    steps.grow(n);
    for (let id = 1; id <= n; id++) {
      const y = 1 + 2 * id;
      const cell = y * grid.width + 5;
      const goal = y * grid.width + 285;
      const tilesLeft = (c: number) => Math.abs((c % grid.width) - (goal % grid.width));
      tt.want({ id, cell, straight: 5, goal, tilesLeft, steer: tilesLeft }, 0);
    }
    expect(tt.tick(0)).toBeNull();
    const booked = [];
    for (let id = 1; id <= n; id++) if (steps.queued(id) > 0) booked.push(id);
    // Some have their timetables (and steps to take now), the rest still wait for theirs.
    expect(booked.length).toBeGreaterThan(0);
    expect(booked.length).toBeLessThan(n);
    expect(steps.notBefore(booked[0])).toBe(0);
  });
});
