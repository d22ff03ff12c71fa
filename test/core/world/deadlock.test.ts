import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/NavGrid.ts';
import type { Character } from '../../../src/core/world/Character.ts';
import { World } from '../../../src/core/world/World.ts';
import { checkTrace } from '../../support/checkTrace.ts';
import { gridRows, runTrace } from '../../support/runWorld.ts';

/**
 * The meetings that deadlock naive movers: each must resolve within a few seconds of game time beyond the
 * walk itself, with the trace showing no shared tile, no jump and no corner cut. Characters here are passive
 * (no brain): they go where they are sent, so only the movement rules are on trial.
 */

interface Walker {
  c: Character;
  goal: [number, number];
}

function scenario(rows: string[], walkers: [number, number, number, number][], tickHz = 20) {
  const grid = NavGrid.fromRows(rows);
  const world = new World(grid, { seed: 7, tickHz });
  const list: Walker[] = walkers.map(([x, y, gx, gy]) => ({
    c: world.addEnemy(x, y, { passive: true, speed: 3 }),
    goal: [gx, gy],
  }));
  for (const w of list) world.moveTo(w.c.id, w.goal[0], w.goal[1]);
  return { grid, world, list };
}

function arrived(list: Walker[]): boolean {
  return list.every((w) => !w.c.moving && w.c.x === w.goal[0] && w.c.y === w.goal[1]);
}

/** Runs until every walker stands on its goal; returns the trace and the seconds it took. */
function settle(world: World, list: Walker[], maxSeconds: number) {
  let done = -1;
  const lines = runTrace(world, maxSeconds * world.tickHz, () => {
    if (done < 0 && arrived(list)) done = world.tick;
  });
  if (done < 0 && arrived(list)) done = world.tick;
  return { lines, seconds: done < 0 ? Number.POSITIVE_INFINITY : done / world.tickHz };
}

/** Seconds the longest walk would take alone on the empty map (straight tiles only: an upper bound here). */
function aloneSeconds(list: Walker[]): number {
  return Math.max(
    ...list.map((w) => (Math.abs(w.c.x - w.goal[0]) + Math.abs(w.c.y - w.goal[1])) / w.c.speed),
  );
}

const CORRIDOR = [
  '#######################',
  '#...###############...#',
  '#.....................#',
  '#...###############...#',
  '#######################',
];

describe('deadlocks resolve', () => {
  it('head-on in a one-wide corridor: one backs out, both get through', () => {
    const { grid, world, list } = scenario(CORRIDOR, [
      [3, 2, 20, 2],
      [19, 2, 2, 2],
    ]);
    const alone = aloneSeconds(list);
    const { lines, seconds } = settle(world, list, 60);
    expect(checkTrace(gridRows(grid), lines).problems).toEqual([]);
    expect(seconds).toBeLessThan(alone + 8);
  });
});
