// Fair starts: no enemy starts within the safe radius of the player (a map's spawn there is moved out, with a
// warning; extra enemies are picked outside it), and no enemy notices the player in its first seconds on a map,
// or after it is put back on it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { loadTiledMap } from '../../../src/core/tiled/index.ts';
import { DEFAULT_SAFE_RADIUS, populate } from '../../../src/core/world/populate.ts';
import { World } from '../../../src/core/world/World.ts';
import { readTextFile } from '../../../tools/lib/node-reader.ts';

const OPEN = Array.from({ length: 30 }, (_, y) =>
  y === 0 || y === 29 ? '#'.repeat(30) : `#${'.'.repeat(28)}#`,
);

/** Chebyshev distance from the player to its nearest enemy. */
function nearestEnemy(world: World): number {
  const p = world.player!;
  let best = Number.POSITIVE_INFINITY;
  for (const c of world.characters)
    if (c.kind === 'enemy') best = Math.min(best, Math.max(Math.abs(c.x - p.x), Math.abs(c.y - p.y)));
  return best;
}

describe('the safe radius', () => {
  it('is 6 tiles unless said otherwise', () => {
    expect(DEFAULT_SAFE_RADIUS).toBe(6);
  });

  it('keeps every extra enemy (?enemies=N) farther than 6 tiles from the player, on a crowded map', () => {
    for (const seed of [1, 2, 3]) {
      const world = new World(NavGrid.fromRows(OPEN), { seed });
      populate(world, [{ type: 'player', x: 14, y: 14 }], { enemies: 300 });
      expect(world.characters.length).toBe(301);
      expect(nearestEnemy(world)).toBe(7);
    }
  });

  it('moves a map spawn inside it to the nearest free tile outside, in its own room, with a warning', () => {
    const warnings: string[] = [];
    const world = new World(NavGrid.fromRows(OPEN), { seed: 1 });
    populate(
      world,
      [
        { type: 'player', x: 10, y: 14 },
        { type: 'enemy', x: 12, y: 9, name: 'slime' },
        { type: 'enemy', x: 25, y: 14, name: 'far' },
      ],
      { warn: (w) => warnings.push(w) },
    );
    const [, slime, far] = world.characters;
    expect([slime.x, slime.y]).toEqual([12, 7]);
    expect([slime.spawnX, slime.spawnY]).toEqual([12, 7]);
    expect([far.x, far.y]).toEqual([25, 14]);
    expect(warnings).toEqual([
      'the enemy spawn "slime" at (12, 9) lies within 6 tiles of where the player starts, (10, 14), so it starts at (12, 7) instead',
    ]);
  });

  it('takes its size from the options (the map property safeRadius), and 0 leaves spawns where they are', () => {
    const spawns = [
      { type: 'player' as const, x: 10, y: 14 },
      { type: 'enemy' as const, x: 12, y: 12 },
    ];
    const three = new World(NavGrid.fromRows(OPEN), { seed: 1 });
    populate(three, spawns, { safeRadius: 3, enemies: 100 });
    expect(nearestEnemy(three)).toBe(4);
    const none = new World(NavGrid.fromRows(OPEN), { seed: 1 });
    populate(none, spawns, { safeRadius: 0 });
    expect([none.characters[1].x, none.characters[1].y]).toEqual([12, 12]);
  });

  it('the dungeon with 300 enemies: none within 6 tiles of the player (14 within 3 before)', async () => {
    const map = await loadTiledMap(join('maps', 'dungeon.tmj'), readTextFile);
    const world = new World(map.nav, { seed: 1 });
    populate(world, map.spawns, { enemies: 300, safeRadius: map.safeRadius });
    expect(world.characters.length).toBe(301);
    expect(nearestEnemy(world)).toBeGreaterThan(6);
  });
});

describe('the notice grace', () => {
  /** Ticks until the enemy 7 tiles off (aggro 10, in plain sight) notices the player; -1 never in `ticks`. */
  function noticedAfter(world: World, ticks: number): number {
    const start = world.tick;
    for (let t = 0; t < ticks; t++) {
      world.step();
      for (let i = 0; i < world.events.count; i++)
        if (world.events.at(i).type === 'notice') return world.tick - start;
    }
    return -1;
  }

  it('no enemy notices the player in its first 2 seconds on the map; then at once', () => {
    const world = new World(NavGrid.fromRows(OPEN), { seed: 1 });
    world.addPlayer(5, 5);
    world.addEnemy(12, 5, { aggro: 10 });
    expect(world.config.noticeGrace).toBe(2);
    const after = noticedAfter(world, 200);
    expect(after).toBeGreaterThan(2 * world.tickHz);
    expect(after).toBeLessThanOrEqual(2 * world.tickHz + 1);
  });

  it('again after the player is put back on the map (respawn, or coming back into it)', () => {
    const world = new World(NavGrid.fromRows(OPEN), { seed: 1, noticeGrace: 1 });
    const p = world.addPlayer(5, 5);
    const e = world.addEnemy(20, 20, { aggro: 10, leash: 100 });
    noticedAfter(world, 30);
    world.place(p, 15, 20);
    expect(noticedAfter(world, 200)).toBeGreaterThan(world.tickHz);
    // Back home at its entry tile on a respawn, and unseen for the grace again.
    expect([p.spawnX, p.spawnY]).toEqual([15, 20]);
    p.hp = 0;
    world.step();
    expect([p.x, p.y]).toEqual([15, 20]);
    expect(e.brain.state).toBe('return');
    expect(world.graceUntil).toBe(world.tick - 1 + world.tickHz);
  });
});
