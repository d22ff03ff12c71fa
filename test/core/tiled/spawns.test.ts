import { describe, expect, it } from 'vitest';
import { loadTiledMap } from '../../../src/core/tiled/index.ts';
import { memoryReader, tinyMap } from './memoryReader.ts';

const load = (map: object) => loadTiledMap('m.tmj', memoryReader({ 'm.tmj': map }));

function withObjects(rows: number[][], objects: object[]) {
  const map = tinyMap(rows);
  (map.layers as object[]).push({ name: 'Objects', type: 'objectgroup', visible: false, objects });
  return map;
}
const point = (id: number, extra: object, x: number, y: number) => ({
  id,
  x,
  y,
  width: 0,
  height: 0,
  point: true,
  ...extra,
});

describe('spawns: where the player and the enemies start', () => {
  it('no spawn object: the player starts on the walkable tile nearest the map centre', async () => {
    // Centre of a 5 × 3 map is (2, 1); it and its near ring are blocked (tile 2 collides) except (3, 2).
    const map = tinyMap([
      [2, 2, 2, 2, 1],
      [2, 2, 2, 2, 2],
      [1, 2, 2, 1, 2],
    ]);
    const loaded = await load(map);
    expect(loaded.spawns).toEqual([{ type: 'player', x: 3, y: 2, name: '', properties: {} }]);
  });

  it('class player beats the name convention; the name convention (player, spawn point, spawn) beats the fallback', async () => {
    const rows = [[1, 1, 1, 1]];
    const named = withObjects(rows, [
      point(1, { name: 'Spawn' }, 40, 8),
      point(2, { name: 'spawn point' }, 56, 8),
    ]);
    expect((await load(named)).spawns[0]).toMatchObject({ type: 'player', x: 2, y: 0, name: 'Spawn' });
    const classed = withObjects(rows, [
      point(1, { name: 'Player' }, 40, 8),
      point(2, { class: 'PLAYER' }, 8, 8),
    ]);
    expect((await load(classed)).spawns).toEqual([
      { type: 'player', x: 0, y: 0, name: '', properties: {}, objectId: 2 },
    ]);
  });

  it('the common start conventions place the player: class or name player-start, start, PlayerStart, Starting Point', async () => {
    const rows = [[1, 1, 1, 1]];
    const cases: [object, number][] = [
      [{ name: 'player-start' }, 0],
      [{ name: 'Player_Start' }, 1],
      [{ name: 'PlayerStart' }, 2],
      [{ class: 'start', name: 'Starting Point' }, 3],
      [{ type: 'Start' }, 0],
      [{ name: 'Starting Point' }, 1],
      [{ class: 'player-start' }, 2],
    ];
    for (const [extra, x] of cases) {
      const map = withObjects(rows, [
        point(1, { name: 'Chest', class: 'item' }, 8, 8),
        point(2, extra, x * 16 + 8, 8),
      ]);
      expect((await load(map)).spawns[0], JSON.stringify(extra)).toMatchObject({
        type: 'player',
        x,
        y: 0,
        objectId: 2,
      });
    }
    // An enemy named "start" is still an enemy.
    const enemy = withObjects(rows, [point(1, { name: 'start', class: 'enemy' }, 24, 8)]);
    expect((await load(enemy)).spawns.map((s) => s.type)).toEqual(['player', 'enemy']);
  });

  it('exactly one player: extra player objects are reported, enemies keep their properties in map order', async () => {
    const map = withObjects(
      [[1, 1, 1, 1]],
      [
        point(1, { type: 'Enemy', name: 'a', properties: [{ name: 'leash', type: 'int', value: 7 }] }, 8, 8),
        point(2, { class: 'player' }, 24, 8),
        point(3, { class: 'player' }, 40, 8),
        point(4, { class: 'enemy', name: 'b' }, 56, 8),
      ],
    );
    const loaded = await load(map);
    expect(loaded.spawns.map((s) => [s.type, s.x, s.name, s.properties])).toEqual([
      ['player', 1, '', {}],
      ['enemy', 0, 'a', { leash: 7 }],
      ['enemy', 3, 'b', {}],
    ]);
    expect(loaded.warnings).toEqual([
      'm.tmj: 2 objects have the class "player"; the first, at (1, 0), is the player\'s spawn.',
    ]);
  });

  it('a spawn on a blocked tile moves to the nearest walkable tile, and the author is told', async () => {
    const map = withObjects([[1, 1, 2, 2]], [point(1, { class: 'enemy', name: 'Rat' }, 56, 8)]);
    const loaded = await load(map);
    expect(loaded.spawns[1]).toMatchObject({ type: 'enemy', x: 1, y: 0 });
    expect(loaded.warnings).toContain(
      'm.tmj: the enemy spawn "Rat" at (3, 0) is on a blocked tile; it starts at (1, 0) instead.',
    );
  });

  it('a spawn moved off a blocked tile goes to a tile in sight, not under a roof (an Above layer)', async () => {
    // The nearest walkable tile to the wall at (3, 1) is (2, 1), but a roof covers it; (3, 2) is in sight.
    const map = withObjects(
      [
        [1, 1, 1, 1, 1],
        [1, 1, 1, 2, 1],
        [1, 1, 1, 1, 1],
      ],
      [point(1, { class: 'enemy', name: 'Bat' }, 56, 24)],
    );
    const roofAt = (data: number[], name = 'Above', extra = {}) => ({
      id: 3,
      name,
      type: 'tilelayer',
      x: 0,
      y: 0,
      width: 5,
      height: 3,
      opacity: 1,
      visible: true,
      data,
      ...extra,
    });
    // Roofs over (3, 0), (1, 1), (2, 1) and (4, 1): every tile next to the spawn but (3, 2).
    const roofs = [0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0];
    (map.layers as object[]).splice(1, 0, roofAt(roofs));
    const loaded = await load(map);
    expect(loaded.spawns[1]).toMatchObject({ type: 'enemy', x: 3, y: 2 });
    expect(loaded.warnings).toContain(
      'm.tmj: the enemy spawn "Bat" at (3, 1) is on a blocked tile; it starts at (3, 2) instead.',
    );
    // A hidden roof layer is not drawn, so it hides nobody: the nearest tile wins again (first in row order).
    (map.layers as object[]).splice(1, 1, roofAt(roofs, 'Above', { visible: false }));
    expect((await load(map)).spawns[1]).toMatchObject({ x: 3, y: 0 });
  });

  it('an exit without a map property is ignored with a warning; a point exit covers the tile under it', async () => {
    const map = withObjects(
      [[1, 1, 1, 1]],
      [
        point(1, { class: 'exit', name: 'nowhere' }, 8, 8),
        point(2, { class: 'Exit', properties: [{ name: 'map', type: 'file', value: 'cave.tmj' }] }, 40, 4),
      ],
    );
    const loaded = await load(map);
    expect(loaded.exits).toEqual([
      { x: 2, y: 0, width: 1, height: 1, map: 'cave.tmj', name: '', properties: { map: 'cave.tmj' } },
    ]);
    expect(loaded.warnings.join(' ')).toMatch(
      /the exit object "nowhere" \(id 1\) in layer "Objects" has no "map" property/,
    );
  });
});
