import { describe, expect, it } from 'vitest';
import { loadTiledMap, MapLoadError } from '../../../src/core/tiled/index.ts';
import type { NormalizedObjectLayer } from '../../../src/core/tiled/types.ts';
import { nodeXml } from '../../../tools/lib/node-reader.ts';
import { gridRows, memoryReader, tinyMap } from './memoryReader.ts';

const fiveByTwo = () =>
  tinyMap([
    [1, 1, 1, 1, 1],
    [1, 1, 1, 1, 1],
  ]);

function withObjects(objects: object[], layerExtra: object = {}) {
  const map = fiveByTwo();
  (map.layers as object[]).push({ name: 'Objects', type: 'objectgroup', objects, ...layerExtra });
  return map;
}

describe('object templates, the way authors keep their enemies and doors', () => {
  it('a .tj template gives its class and properties; the instance overrides by name', async () => {
    const template = {
      type: 'template',
      object: {
        name: 'Goblin',
        class: 'enemy',
        width: 0,
        height: 0,
        point: true,
        properties: [
          { name: 'speed', type: 'float', value: 3 },
          { name: 'aggro', type: 'int', value: 6 },
        ],
      },
    };
    const map = withObjects([
      {
        id: 1,
        template: '../templates/goblin.tj',
        x: 40,
        y: 8,
        properties: [{ name: 'aggro', type: 'int', value: 9 }],
      },
      { id: 2, template: '../templates/goblin.tj', x: 8, y: 24 },
    ]);
    const read = memoryReader({ 'maps/m.tmj': map, 'templates/goblin.tj': template });
    const loaded = await loadTiledMap('maps/m.tmj', read);
    const enemies = loaded.spawns.filter((s) => s.type === 'enemy');
    expect(enemies).toEqual([
      { type: 'enemy', x: 2, y: 0, name: 'Goblin', properties: { speed: 3, aggro: 9 }, objectId: 1 },
      { type: 'enemy', x: 0, y: 1, name: 'Goblin', properties: { speed: 3, aggro: 6 }, objectId: 2 },
    ]);
    const objects = (loaded.normalized.layers[1] as NormalizedObjectLayer).objects;
    expect(objects[0]).toMatchObject({ name: 'Goblin', class: 'enemy', x: 40, y: 8 });
  });

  it('a .tx (XML) template of a tile object is re-numbered into the map through the shared tileset', async () => {
    const tx = `<?xml version="1.0" encoding="UTF-8"?>
<template>
 <tileset firstgid="1" source="../tilesets/crates.tsj"/>
 <object name="Crate" gid="2" width="16" height="16"/>
</template>`;
    const crates = {
      name: 'crates',
      image: 'crates.png',
      tilewidth: 16,
      tileheight: 16,
      tilecount: 4,
      columns: 4,
    };
    const map = withObjects([{ id: 1, template: '../templates/crate.tx', x: 16, y: 32 }], {
      properties: [{ name: 'collides', type: 'bool', value: true }],
    });
    (map.tilesets as object[]).push({ firstgid: 20, source: '../tilesets/crates.tsj' });
    const read = memoryReader({ 'maps/m.tmj': map, 'templates/crate.tx': tx, 'tilesets/crates.tsj': crates });
    const loaded = await loadTiledMap('maps/m.tmj', read, { xml: nodeXml });
    const crate = (loaded.normalized.layers[1] as NormalizedObjectLayer).objects[0];
    expect(crate.gid).toBe(21);
    // A tile object anchors bottom-left: at y = 32 it covers row 1; the layer is a collision layer.
    expect(gridRows(loaded.nav)).toEqual(['.....', '.#...']);
  });

  it('objects whose template is missing are left out with a warning naming the map, the object and the file', async () => {
    const template = { type: 'template', object: { name: 'Goblin', class: 'enemy', point: true } };
    const map = withObjects([
      { id: 1, template: 'gone.tj', x: 0, y: 0 },
      { id: 2, template: 'goblin.tj', x: 40, y: 8 },
      { id: 3, template: '../also-gone.tx', x: 8, y: 8 },
      { id: 4, template: 'gone.tj', x: 24, y: 8 },
    ]);
    const read = memoryReader({ 'maps/m.tmj': map, 'maps/goblin.tj': template });
    const loaded = await loadTiledMap('maps/m.tmj', read, { xml: nodeXml });
    const objects = (loaded.normalized.layers[1] as NormalizedObjectLayer).objects;
    expect(objects.map((o) => o.id)).toEqual([2]);
    expect(loaded.spawns.filter((s) => s.type === 'enemy').map((s) => [s.x, s.y])).toEqual([[2, 0]]);
    expect(loaded.warnings).toEqual([
      'maps/m.tmj: object 1 in layer "Objects" is placed from the template "gone.tj", which is missing at maps/gone.tj (no such file); the object is left out.',
      'maps/m.tmj: object 3 in layer "Objects" is placed from the template "../also-gone.tx", which is missing at also-gone.tx (no such file); the object is left out.',
      'maps/m.tmj: object 4 in layer "Objects" is placed from the template "gone.tj", which is missing at maps/gone.tj (no such file); the object is left out.',
    ]);
  });

  it('a template that is there but broken is one sentence naming the template, and nothing is left unhandled', async () => {
    const map = withObjects([
      { id: 1, template: 'bad.tx', x: 0, y: 0 },
      { id: 2, template: 'worse.tj', x: 0, y: 0 },
    ]);
    const read = memoryReader({
      'maps/m.tmj': map,
      'maps/bad.tx': '<template><object',
      'maps/worse.tj': '{',
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    const err = await loadTiledMap('maps/m.tmj', read, { xml: nodeXml }).catch((e) => e);
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', onUnhandled);
    expect(err).toBeInstanceOf(MapLoadError);
    expect(err.message).toMatch(
      /^maps\/bad\.tx: this object template is not well-formed XML \(.*line 1\)\.$/,
    );
    expect(unhandled).toEqual([]);
  });
});

describe('layer names', () => {
  it('repeated names get a suffix so Phaser can create every layer by the name LayerInfo gives', async () => {
    const map = fiveByTwo();
    const ground = (map.layers as object[])[0];
    map.layers = [
      { name: 'A', type: 'group', layers: [ground] },
      { name: 'B', type: 'group', layers: [{ ...ground, id: 2 }] },
      { ...ground, id: 3 },
      { ...ground, id: 4 },
      { name: 'Above', type: 'tilelayer', width: 5, height: 2, data: new Array(10).fill(0) },
    ];
    const loaded = await loadTiledMap('m.tmj', memoryReader({ 'm.tmj': map }));
    expect(loaded.layers.map((l) => [l.name, l.above])).toEqual([
      ['A/Ground', false],
      ['B/Ground', false],
      ['Ground', false],
      ['Ground #2', false],
      ['Above', true],
    ]);
    expect(loaded.normalized.layers.map((l) => l.name)).toEqual(loaded.layers.map((l) => l.name));
  });
});
