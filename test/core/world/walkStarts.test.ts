import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { loadTiledMap } from '../../../src/core/tiled/index.ts';
import { World } from '../../../src/core/world/World.ts';
import { makeField } from '../../../tools/authoring/maps/field.ts';
import { TOWN_FROM_FIELD } from '../../../tools/authoring/maps/town.ts';
import { memoryReader } from '../tiled/memoryReader.ts';

/**
 * Every walk starts (docs/movement.md, tick order): no search is capped or dropped, so a character sent anywhere it
 * can reach starts walking at once, on a big map too; one sent where it cannot reach walks to the closest tile
 * it can, and an event says so.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('every walk starts', () => {
  it('a hundred walkers sent across a 1024 × 1024 field all start within a second of game time', async () => {
    const field = makeField(TOWN_FROM_FIELD, 1024).json;
    const tileset = readFileSync(`${ROOT}maps/tuxemon.tsj`, 'utf8');
    const map = await loadTiledMap('field.tmj', memoryReader({ 'field.tmj': field, 'tuxemon.tsj': tileset }));
    const grid = map.nav;
    const world = new World(grid, { seed: 1 });
    // Starts spread over the map, each sent to a tile about half the map away.
    const walkable: number[] = [];
    for (let i = 0; i < grid.size; i += 7919)
      if (grid.isWalkable(i % grid.width, Math.floor(i / grid.width))) walkable.push(i);
    const walkers = [];
    for (let k = 0; k < 100; k++) {
      const from = walkable[(k * 37) % walkable.length];
      const to = walkable[(k * 37 + (walkable.length >> 1)) % walkable.length];
      if (grid.occupant[from] !== 0 || from === to) continue;
      walkers.push({
        c: world.addEnemy(from % grid.width, Math.floor(from / grid.width), { passive: true }),
        to,
      });
    }
    expect(walkers.length).toBeGreaterThan(90);
    for (const w of walkers) world.moveTo(w.c.id, w.to % grid.width, Math.floor(w.to / grid.width));
    const started = new Set<number>();
    for (let t = 0; t < world.tickHz; t++) {
      world.step();
      for (const w of walkers) if (w.c.moving) started.add(w.c.id);
    }
    expect(walkers.filter((w) => !started.has(w.c.id)).map((w) => w.c.id)).toEqual([]);
  });

  it('sent to a tile it cannot reach, a walker goes to the closest one it can, and an event says so', () => {
    const grid = NavGrid.fromRows(['#########', '#...#...#', '#...#...#', '#########']);
    const world = new World(grid, { seed: 1 });
    const c = world.addEnemy(1, 1, { passive: true });
    world.moveTo(c.id, 6, 2);
    const said: string[] = [];
    for (let t = 0; t < 100; t++) {
      world.step();
      for (let i = 0; i < world.events.count; i++) {
        const e = world.events.at(i);
        if (e.type === 'unreachable') said.push(`${e.id}: (${e.x2}, ${e.y2}) -> (${e.x}, ${e.y})`);
      }
    }
    expect(said).toEqual([`${c.id}: (6, 2) -> (3, 2)`]);
    expect([c.x, c.y, c.moving]).toEqual([3, 2, false]);
  });
});
