import { NavGrid } from '../../src/core/grid/index.ts';
import type { Character } from '../../src/core/world/index.ts';
import { Rng, World } from '../../src/core/world/index.ts';
import { runTrace } from './runWorld.ts';

/**
 * Meetings that deadlock naive movers, as small worlds of passive walkers (no brain: they go where they are
 * sent, so only the movement rules are on trial). Shared by the deadlock tests and the timing tool.
 */

export interface Walker {
  c: Character;
  goal: [number, number];
}

export interface ScenarioOptions {
  seed?: number;
  tickHz?: number;
  /** Tiles per second of every walker, or one speed per walker. */
  speed?: number | readonly number[];
  /** 8 (the default) or 4: the world's moves. */
  moves?: 8 | 4;
}

export type Route = [x: number, y: number, goalX: number, goalY: number];

export function scenario(rows: readonly string[], routes: readonly Route[], opts: ScenarioOptions = {}) {
  const grid = NavGrid.fromRows(rows);
  const world = new World(grid, { seed: opts.seed ?? 7, tickHz: opts.tickHz ?? 20, moves: opts.moves ?? 8 });
  const speedOf = (k: number) =>
    typeof opts.speed === 'number' ? opts.speed : (opts.speed?.[k % opts.speed.length] ?? 3);
  const list: Walker[] = routes.map(([x, y, gx, gy], k) => ({
    c: world.addEnemy(x, y, { passive: true, speed: speedOf(k) }),
    goal: [gx, gy],
  }));
  for (const w of list) world.moveTo(w.c.id, w.goal[0], w.goal[1]);
  return { grid, world, list };
}

export function arrived(list: readonly Walker[]): boolean {
  return list.every((w) => !w.c.moving && w.c.x === w.goal[0] && w.c.y === w.goal[1]);
}

/** Runs until every walker stands on its goal (or `maxSeconds`); returns the trace and the seconds it took. */
export function settle(world: World, list: readonly Walker[], maxSeconds: number) {
  let done = -1;
  const ticks = maxSeconds * world.tickHz;
  const lines = runTrace(world, ticks, () => {
    if (done < 0 && arrived(list)) done = world.tick;
  });
  if (done < 0 && arrived(list)) done = world.tick;
  return { lines, seconds: done < 0 ? Number.POSITIVE_INFINITY : done / world.tickHz };
}

/** Seconds the longest walk would take alone on the empty map (straight tiles only: an upper bound). */
export function aloneSeconds(list: readonly Walker[]): number {
  return Math.max(
    ...list.map((w) => (Math.abs(w.c.x - w.goal[0]) + Math.abs(w.c.y - w.goal[1])) / w.c.speed),
  );
}

/** Two 3 × 3 rooms joined by a one-wide corridor 15 tiles long. */
export const CORRIDOR = [
  '#######################',
  '#...###############...#',
  '#.....................#',
  '#...###############...#',
  '#######################',
];

/** Four one-wide arms, four tiles long, meeting in one tile. */
export const JUNCTION = [
  '###########',
  '#####.#####',
  '#####.#####',
  '#####.#####',
  '#####.#####',
  '#.........#',
  '#####.#####',
  '#####.#####',
  '#####.#####',
  '#####.#####',
  '###########',
];

/** Two 5 × 5 rooms and one door between them at (6, 3). */
export const DOOR = [
  '#############',
  '#.....#.....#',
  '#.....#.....#',
  '#...........#',
  '#.....#.....#',
  '#.....#.....#',
  '#############',
];

/** A one-wide corridor between 3 × 3 rooms with one one-tile alcove off its middle, at (11, 1). */
export const ALCOVE = [
  '#######################',
  '#...#######.#######...#',
  '#.....................#',
  '#...###############...#',
  '#######################',
];

/** Eight from the left room to the right one, four the other way, all at once through the door (6, 3). */
export function doorCrowd(): Route[] {
  const routes: Route[] = [];
  for (let k = 0; k < 8; k++)
    routes.push([1 + (k % 4), 1 + 2 * Math.floor(k / 4), 7 + (k % 4), 1 + 2 * Math.floor(k / 4) + 1]);
  for (let k = 0; k < 4; k++) routes.push([8 + k, 5, 2 + k, 5]);
  return routes;
}

/** Three from each room swap rooms through the door: every one of them has to cross the other three. */
export function doorSwap(): Route[] {
  return [
    [5, 3, 9, 3],
    [4, 3, 10, 3],
    [3, 3, 11, 3],
    [7, 3, 3, 3],
    [8, 3, 2, 3],
    [9, 3, 1, 3],
  ];
}

/**
 * A dungeon of rooms joined by one-wide corridors (some with bends, one dead-end spur), for crowds sent to
 * random goals.
 */
export const DUNGEON = [
  '##################################',
  '#......#######........####.......#',
  '#......#######........####.......#',
  '#...............................##',
  '#......####.###........###.......#',
  '#......####.###........###.......#',
  '####.######.##########.##.########',
  '####.######.##########.##.########',
  '####.######......#####.##.....####',
  '#.......###.####.#####.######.####',
  '#.......###.####.......######.####',
  '#.................####.....#.....#',
  '#.......#######.#.####.###.#.....#',
  '#.......#######.#.####.###.......#',
  '###.###########.#......###.#.....#',
  '###.###########.###########......#',
  '#.......................##########',
  '#.........######.......###########',
  '##################################',
];

/**
 * `n` routes on DUNGEON from seeded random distinct start tiles (anywhere, corridors included) to seeded
 * random distinct goal tiles off the one-wide passages (a character told to stand in a corridor would
 * block it for good; see docs/movement.md, known limits).
 */
export function dungeonCrowd(seed: number, n: number): Route[] {
  const grid = NavGrid.fromRows(DUNGEON);
  const open = (x: number, y: number) => grid.isWalkable(x, y);
  const starts: number[] = [];
  const goals: number[] = [];
  for (let i = 0; i < grid.size; i++) {
    const x = i % grid.width;
    const y = (i - x) / grid.width;
    if (!open(x, y)) continue;
    starts.push(i);
    const passage = (!open(x - 1, y) && !open(x + 1, y)) || (!open(x, y - 1) && !open(x, y + 1));
    if (!passage) goals.push(i);
  }
  const rng = new Rng(seed);
  const draw = (pool: number[]) => pool.splice(rng.int(pool.length), 1)[0];
  const routes: Route[] = [];
  for (let k = 0; k < n; k++) {
    const s = draw(starts);
    const g = draw(goals);
    routes.push([s % grid.width, Math.floor(s / grid.width), g % grid.width, Math.floor(g / grid.width)]);
  }
  return routes;
}
