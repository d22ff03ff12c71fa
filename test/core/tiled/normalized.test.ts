import { describe, expect, it } from 'vitest';
import { loadTiledMap } from '../../../src/core/tiled/index.ts';
import type { NormalizedTileLayer } from '../../../src/core/tiled/types.ts';
import { gridRows, memoryReader, tinyMap } from './memoryReader.ts';

describe('external tilesets and the map handed to Phaser', () => {
  it('embeds an external .tsj tileset, resolving its image against the tileset file, not the map', async () => {
    const map = tinyMap([
      [1, 2, 1],
      [1, 1, 0],
    ]);
    map.tilesets = [{ firstgid: 1, source: '../tilesets/tiny.tsj' }];
    const tileset = {
      type: 'tileset',
      name: 'tiny',
      image: '../images/tiny.png',
      imagewidth: 128,
      imageheight: 16,
      tilewidth: 16,
      tileheight: 16,
      tilecount: 8,
      columns: 8,
      margin: 0,
      spacing: 0,
      tiles: [{ id: 1, properties: [{ name: 'collides', type: 'bool', value: true }] }],
    };
    const read = memoryReader({ 'game/maps/a.tmj': map, 'game/tilesets/tiny.tsj': tileset });
    const loaded = await loadTiledMap('game/maps/a.tmj', read);
    expect(gridRows(loaded.nav)).toEqual(['.#.', '..#']);
    expect(loaded.tilesetImages).toEqual([{ name: 'tiny', url: 'game/images/tiny.png' }]);
    const ts = loaded.normalized.tilesets[0];
    expect(ts.firstgid).toBe(1);
    expect(ts.image).toBe('game/images/tiny.png');
    expect('source' in ts).toBe(false);
    expect(loaded.name).toBe('a');
  });

  it('hands Phaser finite CSV layers with the three flip flags kept and the hex-rotation bit cleared', async () => {
    const flipped = (0x80000000 | 0x10000000 | 3) >>> 0;
    const map = tinyMap([[flipped, 1]]);
    const loaded = await loadTiledMap('m.tmj', memoryReader({ 'm.tmj': map }));
    const layer = loaded.normalized.layers[0] as NormalizedTileLayer;
    expect(layer.type).toBe('tilelayer');
    expect(layer.data).toEqual([0x80000003, 1]);
    expect(Array.isArray(layer.data)).toBe(true);
    expect(loaded.normalized.infinite).toBe(false);
    expect(gridRows(loaded.nav)).toEqual(['..']);
  });

  it('exits: an exit object with a map property becomes the tiles it covers and the arrival tile', async () => {
    const map = tinyMap([
      [1, 1, 1, 1],
      [1, 1, 1, 1],
    ]);
    (map.layers as object[]).push({
      id: 2,
      name: 'Objects',
      type: 'objectgroup',
      visible: true,
      opacity: 1,
      x: 0,
      y: 0,
      draworder: 'topdown',
      objects: [
        {
          id: 1,
          name: 'door',
          class: 'exit',
          x: 16,
          y: 0,
          width: 32,
          height: 16,
          rotation: 0,
          visible: true,
          properties: [
            { name: 'map', type: 'string', value: 'dungeon' },
            { name: 'x', type: 'int', value: 4 },
            { name: 'y', type: 'int', value: 7 },
          ],
        },
        {
          id: 2,
          name: 'Hero',
          class: 'Player',
          x: 50,
          y: 20,
          width: 0,
          height: 0,
          point: true,
          rotation: 0,
          visible: true,
        },
        {
          id: 3,
          name: 'Slime',
          type: 'enemy',
          x: 0,
          y: 16,
          width: 16,
          height: 16,
          rotation: 0,
          visible: true,
          properties: [{ name: 'speed', type: 'float', value: 2.5 }],
        },
      ],
    });
    const loaded = await loadTiledMap('m.tmj', memoryReader({ 'm.tmj': map }));
    expect(loaded.exits).toEqual([
      {
        x: 1,
        y: 0,
        width: 2,
        height: 1,
        map: 'dungeon',
        toX: 4,
        toY: 7,
        name: 'door',
        properties: { map: 'dungeon', x: 4, y: 7 },
      },
    ]);
    expect(loaded.spawns).toEqual([
      { type: 'player', x: 3, y: 1, name: 'Hero', properties: {}, objectId: 2 },
      { type: 'enemy', x: 0, y: 1, name: 'Slime', properties: { speed: 2.5 }, objectId: 3 },
    ]);
  });
});
