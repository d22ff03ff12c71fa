import { describe, expect, it } from 'vitest';
import { loadTiledMap } from '../../../src/core/tiled/index.ts';
import { memoryReader, tinyMap } from './memoryReader.ts';

/** The `respawn` property: seconds a defeated enemy stays away, for the whole map or one enemy spawn. */

const load = (properties?: object[], enemyProps?: object[]) => {
  const map: Record<string, unknown> = { ...tinyMap([[1, 1, 1]]), ...(properties ? { properties } : {}) };
  (map.layers as object[]).push({
    name: 'Things',
    type: 'objectgroup',
    objects: [
      {
        id: 7,
        name: 'Goblin',
        type: 'enemy',
        x: 40,
        y: 8,
        width: 0,
        height: 0,
        point: true,
        ...(enemyProps ? { properties: enemyProps } : {}),
      },
    ],
  });
  return loadTiledMap('m.tmj', memoryReader({ 'm.tmj': map }));
};

describe('the respawn property', () => {
  it("absent: the game's default; on the map and on a spawn: the seconds written", async () => {
    expect((await load()).respawn).toBeUndefined();
    expect((await load([{ name: 'respawn', type: 'float', value: 12.5 }])).respawn).toBe(12.5);
    expect((await load([{ name: 'respawn', type: 'int', value: 0 }])).respawn).toBe(0);
    expect((await load([{ name: 'respawn', type: 'string', value: '45' }])).respawn).toBe(45);
    const map = await load(undefined, [{ name: 'respawn', type: 'string', value: '5' }]);
    expect(map.spawns[1].properties.respawn).toBe(5);
  });

  it('a bad one is refused with one sentence naming the map, the object and the fault', async () => {
    await expect(load([{ name: 'respawn', type: 'int', value: -3 }])).rejects.toThrow(
      'm.tmj: the map property "respawn" must be a number of seconds ≥ 0 (0: defeated enemies never come back), got -3.',
    );
    await expect(load(undefined, [{ name: 'respawn', type: 'string', value: 'soon' }])).rejects.toThrow(
      'm.tmj: the enemy spawn object "Goblin" (id 7) in layer "Things" has "respawn" "soon"; it must be a number of seconds ≥ 0 (0: never back).',
    );
  });
});
