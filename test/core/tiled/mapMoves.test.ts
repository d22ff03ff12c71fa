import { describe, expect, it } from 'vitest';
import { loadTiledMap } from '../../../src/core/tiled/index.ts';
import { memoryReader, tinyMap } from './memoryReader.ts';

/** The map property `moves`: a map author's four-way game (docs/movement.md). */

const load = (properties?: object[]) => {
  const map = { ...tinyMap([[1, 1, 1]]), ...(properties ? { properties } : {}) };
  return loadTiledMap('m.tmj', memoryReader({ 'm.tmj': map }));
};

describe('the map property moves', () => {
  it('absent: 8 ways; 4 or 8 as an int or a string: as written', async () => {
    expect((await load()).moves).toBe(8);
    expect((await load([{ name: 'moves', type: 'int', value: 4 }])).moves).toBe(4);
    expect((await load([{ name: 'moves', type: 'string', value: '4' }])).moves).toBe(4);
    expect((await load([{ name: 'moves', type: 'int', value: 8 }])).moves).toBe(8);
  });

  it('anything else is refused with one sentence naming the map and the property', async () => {
    await expect(load([{ name: 'moves', type: 'int', value: 6 }])).rejects.toThrow(
      'm.tmj: the map property "moves" must be 4 or 8, got 6.',
    );
    await expect(load([{ name: 'moves', type: 'string', value: 'four' }])).rejects.toThrow(
      'm.tmj: the map property "moves" must be 4 or 8, got "four".',
    );
  });
});
