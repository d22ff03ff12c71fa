import { describe, expect, it } from 'vitest';
import { loadTiledMap } from '../../../src/core/tiled/index.ts';
import { memoryReader, tinyMap } from './memoryReader.ts';

/** The map property `safeRadius`: tiles around the player's start where no enemy starts. */

const load = (properties?: object[]) => {
  const map = { ...tinyMap([[1, 1, 1]]), ...(properties ? { properties } : {}) };
  return loadTiledMap('m.tmj', memoryReader({ 'm.tmj': map }));
};

describe('the map property safeRadius', () => {
  it("absent: the game's default; an int, a float or a string of a number ≥ 0: as written", async () => {
    expect((await load()).safeRadius).toBeUndefined();
    expect((await load([{ name: 'safeRadius', type: 'int', value: 9 }])).safeRadius).toBe(9);
    expect((await load([{ name: 'safeRadius', type: 'float', value: 2.5 }])).safeRadius).toBe(2.5);
    expect((await load([{ name: 'safeRadius', type: 'string', value: '0' }])).safeRadius).toBe(0);
  });

  it('anything else is refused with one sentence naming the map and the property', async () => {
    await expect(load([{ name: 'safeRadius', type: 'int', value: -1 }])).rejects.toThrow(
      'm.tmj: the map property "safeRadius" must be a number of tiles ≥ 0, got -1.',
    );
    await expect(load([{ name: 'safeRadius', type: 'string', value: 'far' }])).rejects.toThrow(
      'm.tmj: the map property "safeRadius" must be a number of tiles ≥ 0, got "far".',
    );
    await expect(load([{ name: 'safeRadius', type: 'bool', value: true }])).rejects.toThrow(
      'm.tmj: the map property "safeRadius" must be a number of tiles ≥ 0, got true.',
    );
  });
});
