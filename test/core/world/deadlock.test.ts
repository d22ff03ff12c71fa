import { describe, expect, it } from 'vitest';
import { checkTrace } from '../../support/checkTrace.ts';
import { gridRows } from '../../support/runWorld.ts';
import {
  ALCOVE,
  aloneSeconds,
  CORRIDOR,
  DOOR,
  DUNGEON,
  doorCrowd,
  doorSwap,
  dungeonCrowd,
  JUNCTION,
  type Route,
  type ScenarioOptions,
  scenario,
  settle,
} from '../../support/scenarios.ts';

/**
 * The meetings that deadlock naive movers: each must resolve within a few seconds of game time beyond the
 * walk itself, with the trace showing no shared tile, no jump and no corner cut. Characters here are passive
 * (no brain): they go where they are sent, so only the movement rules are on trial. Each runs at 20 and 30
 * ticks a second and at several speeds (movement draws nothing from the seed: passive walkers give the same
 * run under any seed; the dungeon crowd's seed picks its routes).
 */

/** Three from the left room to the right one's middle row (the leader to the far end), three the other way. */
const QUEUES: Route[] = [
  [3, 2, 21, 2],
  [2, 2, 20, 2],
  [1, 2, 19, 2],
  [19, 2, 1, 2],
  [20, 2, 2, 2],
  [21, 2, 3, 2],
];

const RUNS: ScenarioOptions[] = [
  { seed: 7, tickHz: 20, speed: 3 },
  { seed: 1, tickHz: 30, speed: 3 },
  { seed: 3, tickHz: 20, speed: 4 },
  { seed: 5, tickHz: 30, speed: 3.5 },
];

function resolvesWithin(
  rows: readonly string[],
  routes: Route[],
  slack: number,
  moves: 8 | 4,
  maxSeconds = 90,
) {
  for (const opts of RUNS) {
    const { grid, world, list } = scenario(rows, routes, { ...opts, moves });
    const alone = aloneSeconds(list);
    const { lines, seconds } = settle(world, list, maxSeconds);
    expect(checkTrace(gridRows(grid), lines).problems, JSON.stringify(opts)).toEqual([]);
    expect(seconds - alone, JSON.stringify(opts)).toBeLessThan(slack);
  }
}

for (const moves of [8, 4] as const)
  describe(`deadlocks resolve (${moves} moves)`, () => {
    it('head-on in a one-wide corridor: one backs out, both get through', () => {
      resolvesWithin(
        CORRIDOR,
        [
          [3, 2, 20, 2],
          [19, 2, 2, 2],
        ],
        8,
        moves,
      );
    });

    it('two queues of three meet head-on in a one-wide corridor, goals inside packed 3 × 3 end rooms', () => {
      resolvesWithin(CORRIDOR, QUEUES, 20, moves);
    });

    it('the same two queues in a corridor with a one-tile alcove halfway', () => {
      resolvesWithin(ALCOVE, QUEUES, 20, moves);
    });

    it('four cross at a junction of one-wide corridors, each to the opposite arm', () => {
      resolvesWithin(
        JUNCTION,
        [
          [5, 1, 5, 9],
          [5, 9, 5, 1],
          [1, 5, 9, 5],
          [9, 5, 1, 5],
        ],
        6,
        moves,
      );
    });

    it('a crowd pushes through one door both ways: eight one way, four the other', () => {
      resolvesWithin(DOOR, doorCrowd(), 15, moves);
    });

    it('three and three swap rooms through one door, in a line', () => {
      resolvesWithin(DOOR, doorSwap(), 8, moves);
    });

    it('a crowd of 30 in a dungeon of rooms and one-wide corridors, all sent to random goals at once', () => {
      // Alone, the longest walk takes at most 14 s here; everyone stands on its goal within 50 s.
      for (const seed of [1, 2, 3, 4]) {
        for (const tickHz of [20, 30]) {
          const { grid, world, list } = scenario(DUNGEON, dungeonCrowd(seed, 30), {
            seed,
            tickHz,
            speed: 3,
            moves,
          });
          expect(aloneSeconds(list)).toBeLessThan(14);
          const { lines, seconds } = settle(world, list, 50);
          expect(checkTrace(gridRows(grid), lines).problems, `seed ${seed}`).toEqual([]);
          expect(seconds, `seed ${seed}, ${tickHz} Hz, ${moves} moves`).toBeLessThan(50);
        }
      }
    });
  });
