// The step queue's shuffle (src/core/world/crowd/StepQueue.ts): a walker that has stood long steps to a free
// neighbour and back, ahead of everyone queued there, and nobody takes its tile meanwhile.
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../../src/core/grid/index.ts';
import { StepQueue } from '../../../../src/core/world/crowd/StepQueue.ts';

describe('a shuffle', () => {
  // Two rows of five tiles; v = (2,1), u = (2,2) below it.
  const grid = NavGrid.fromRows(['#######', '#.....#', '#.....#', '#######']);
  const at = (x: number, y: number) => y * grid.width + x;
  const v = at(2, 1);
  const u = at(2, 2);

  /** Walker 1 on v, its next step into (3,1), which walker 3 holds; walker 2 is queued for v after 1 leaves. */
  function setUp() {
    const steps = new StepQueue(grid.size, grid.width);
    steps.grow(4);
    const occupant = new Int32Array(grid.size);
    occupant[v] = 1;
    occupant[at(3, 1)] = 3;
    occupant[at(1, 1)] = 2;
    steps.commit(1, v, at(3, 1), 10);
    steps.commit(2, at(1, 1), v, 20);
    return { steps, occupant };
  }

  it('steps out and back before its own steps, numbered on, and the tile it left stays its own', () => {
    const { steps, occupant } = setUp();
    expect(steps.ready(1, occupant)).toBe(false);
    steps.shuffle(1, v, u);
    expect(steps.queued(1)).toBe(3);
    expect([steps.peek(1, 0), steps.peek(1, 1), steps.peek(1, 2)]).toEqual([u, v, at(3, 1)]);
    expect(steps.ready(1, occupant)).toBe(true);
    steps.start(1);
    occupant[u] = 1;
    occupant[v] = 0;
    steps.arrived(1, v);
    // Off v, but v is its own again next: walker 2, queued for v, may not come in.
    expect(steps.ready(2, occupant)).toBe(false);
    expect(steps.overtake(2, occupant)).toBe(false);
    expect(steps.ready(1, occupant)).toBe(true);
    steps.start(1);
    occupant[v] = 1;
    occupant[u] = 0;
    steps.arrived(1, u);
    // Back on v, its own step next, waiting for (3,1) as before; walker 2 still waits for it to leave.
    expect(steps.next(1)).toBe(at(3, 1));
    expect(steps.ready(1, occupant)).toBe(false);
    occupant[at(3, 1)] = 0;
    expect(steps.ready(1, occupant)).toBe(true);
    steps.start(1);
    occupant[at(3, 1)] = 1;
    occupant[v] = 0;
    steps.arrived(1, v);
    expect(steps.ready(2, occupant)).toBe(true);
  });

  it('goes ahead of those queued for the tile it steps to, who wait for it to leave', () => {
    const { steps, occupant } = setUp();
    // Walker 4, on (3,2), is queued to step into u.
    occupant[at(3, 2)] = 4;
    steps.commit(4, at(3, 2), u, 5);
    expect(steps.ready(4, occupant)).toBe(true);
    steps.shuffle(1, v, u);
    expect(steps.ready(4, occupant)).toBe(false);
    steps.start(1);
    occupant[u] = 1;
    occupant[v] = 0;
    steps.arrived(1, v);
    expect(steps.ready(4, occupant)).toBe(false);
    steps.start(1);
    occupant[v] = 1;
    occupant[u] = 0;
    steps.arrived(1, u);
    // Back on v: u is 4's now, and 1's own queue goes on as committed.
    expect(steps.ready(4, occupant)).toBe(true);
    expect(steps.queued(1)).toBe(1);
    expect(steps.next(1)).toBe(at(3, 1));
  });
});
