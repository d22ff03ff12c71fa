import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type LoadedMap, loadTiledMap, MapLoadError } from '../../../src/core/tiled/index.ts';
import type { NormalizedObjectLayer, NormalizedTileLayer } from '../../../src/core/tiled/types.ts';
import { loadMapFile, nodeXml } from '../../../tools/lib/node-reader.ts';
import { gridRows, memoryReader } from './memoryReader.ts';

// TMX copies of the JSON fixtures, written by test/fixtures/tiled/make-tmx.ts in every encoding Tiled writes.
const DIR = fileURLToPath(new URL('../../fixtures/tiled/', import.meta.url));
const ENCODINGS = ['csv', 'base64', 'zlib', 'gzip', 'zstd', 'xml'];
const MAPS: [string, string][] = [
  ['tuxemon-town', 'tuxemon/tilemaps/tuxemon-town.json'],
  ['cloud_city', 'grid-engine/cloud_city.json'],
  ['ice-movement', 'grid-engine/ice-movement.json'],
  ['jungle-small', 'grid-engine/jungle-small.json'],
  ['one-way', 'grid-engine/one-way.json'],
  ['tile-costs', 'grid-engine/tile-costs.json'],
];

interface Golden {
  rows: string[];
  walkable: number;
  spawns: { type: string; x: number; y: number }[];
}

const tileData = (m: LoadedMap) =>
  m.normalized.layers.filter((l) => l.type === 'tilelayer').map((l) => (l as NormalizedTileLayer).data);

/** Everything the game takes from a map, with the file it came from left out. */
function whatTheGameReads(m: LoadedMap) {
  return {
    size: [m.width, m.height, m.tileWidth, m.tileHeight, m.origin],
    walkable: Array.from(m.nav.walkable),
    cost: Array.from(m.nav.cost),
    noExit: Array.from(m.nav.noExit),
    spawns: m.spawns,
    exits: m.exits,
    layers: m.layers,
    properties: m.properties,
    tiles: tileData(m),
    objects: m.normalized.layers
      .filter((l) => l.type === 'objectgroup')
      .map((l) => (l as NormalizedObjectLayer).objects),
    tilesets: m.normalized.tilesets.map(({ firstgid, name, tilecount, columns, image, tiles }) => ({
      firstgid,
      name,
      tilecount,
      columns,
      image,
      // Terrain (the pre-1.2 Wang sets) is read by neither the game nor Phaser's tile layers.
      tiles: tiles?.map(({ terrain: _t, ...tile }) => tile),
    })),
  };
}

describe('TMX maps read into the same map as their JSON originals', () => {
  for (const [name, json] of MAPS) {
    it(`${name}: every encoding gives the golden grid, its spawns, and the JSON map's tiles, costs and edges`, async () => {
      const golden = JSON.parse(readFileSync(`${DIR}expected/${name}.json`, 'utf8')) as Golden;
      const original = await loadMapFile(DIR + json);
      for (const encoding of ENCODINGS) {
        const map = await loadMapFile(`${DIR}tmx/${name}.${encoding}.tmx`);
        expect(gridRows(map.nav), encoding).toEqual(golden.rows);
        const fromObjects = map.spawns
          .filter((s) => s.objectId !== undefined)
          .map(({ type, x, y }) => ({ type, x, y }));
        expect(fromObjects, encoding).toEqual(golden.spawns);
        expect(tileData(map), encoding).toEqual(tileData(original));
        expect(Array.from(map.nav.noExit), encoding).toEqual(Array.from(original.nav.noExit));
        expect(Array.from(map.nav.cost), encoding).toEqual(Array.from(original.nav.cost));
        expect(map.name).toBe(`${name}.${encoding}`);
      }
    });
  }

  it('infinite TMX maps (<chunk>s) in every encoding read like the infinite JSON map', async () => {
    const original = whatTheGameReads(await loadMapFile(`${DIR}encodings/town-infinite-csv.tmj`));
    for (const encoding of ENCODINGS) {
      const map = await loadMapFile(`${DIR}tmx/tuxemon-town.infinite-${encoding}.tmx`);
      expect(map.origin, encoding).toEqual({ x: -16, y: -16 });
      expect(whatTheGameReads(map), encoding).toEqual(original);
    }
  });

  it('a TMX map with an external TSX tileset reads like the JSON town', async () => {
    const map = await loadMapFile(`${DIR}tmx/tuxemon-town.external-tsx.tmx`);
    const original = await loadMapFile(`${DIR}tuxemon/tilemaps/tuxemon-town.json`);
    expect(gridRows(map.nav)).toEqual(gridRows(original.nav));
    expect(tileData(map)).toEqual(tileData(original));
    expect(map.normalized.tilesets[0].tiles?.length).toBe(672);
  });

  it('the showcase (groups, image layer, every object shape, tile objects, templates, an image collection, every property type) is the same map in TMX and JSON', async () => {
    const tmj = await loadMapFile(`${DIR}tmx/showcase.tmj`);
    const tmx = await loadMapFile(`${DIR}tmx/showcase.tmx`);
    expect(whatTheGameReads(tmx)).toEqual(whatTheGameReads(tmj));
    expect(tmx.normalized).toEqual({ ...tmj.normalized });
    expect(tmx.warnings).toEqual([]);
    expect(tmx.properties).toEqual({
      title: 'Showcase & <friends>',
      story: 'line one\nline two',
      level: 3,
      gravity: 9.81,
      dark: false,
      tint: '#ff336699',
      music: '../music/theme.ogg',
      boss: 4,
      weather: { rain: true, wind: 2.5, name: 'storm' },
    });
    expect(tmx.spawns).toEqual([
      { type: 'player', x: 1, y: 4, name: 'Hero', properties: {}, objectId: 1 },
      { type: 'enemy', x: 6, y: 3, name: 'Goblin', properties: { speed: 3.5, aggro: 9 }, objectId: 2 },
    ]);
    expect(tmx.layers.map((l) => [l.name, l.kind, l.visible, l.collision])).toEqual([
      ['Ground/Grass', 'tile', true, false],
      ['Ground/Walls', 'tile', true, false],
      ['Props', 'tile', true, false],
      ['Things', 'object', true, false],
      ['Collision', 'object', false, true],
      ['Sky', 'image', true, false],
      ['Above', 'tile', true, false],
    ]);
    const things = (tmx.normalized.layers[3] as NormalizedObjectLayer).objects;
    // The sign's template tile (flipped vertically) re-numbered into the map; the crate's own flip kept.
    const gidOf = (name: string) => things.find((o) => o.name === name)?.gid ?? 0;
    expect(gidOf('Sign') & 0xfffffff).toBe(gidOf('Crate') & 0xfffffff);
    expect([gidOf('Sign') >>> 28, gidOf('Crate') >>> 28]).toEqual([0x4, 0x8]);
    expect(tmx.tilesetImages.filter((i) => i.tileId !== undefined).map((i) => i.tileId)).toEqual([0, 3]);
  });
});

describe('broken TMX is refused with one sentence naming the file and the fault', () => {
  const FILE = 'maps/broken.tmx';
  const tileset =
    '<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="4"><image source="t.png" width="64" height="16"/></tileset>';
  const map = (layer: string, attrs = 'width="2" height="2"') =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" ${attrs} tilewidth="16" tileheight="16">\n ${tileset}\n ${layer}\n</map>\n`;
  async function faultOf(text: string): Promise<string> {
    const err = await loadTiledMap(FILE, memoryReader({ [FILE]: text }), { xml: nodeXml }).catch((e) => e);
    expect(err).toBeInstanceOf(MapLoadError);
    expect(err.message).not.toMatch(/\n|\.\s+[A-Z]/);
    expect(err.message.endsWith('.')).toBe(true);
    return err.message;
  }

  it('a good one loads, so the faults below are the only difference', async () => {
    const m = await loadTiledMap(
      FILE,
      memoryReader({
        [FILE]: map('<layer name="G" width="2" height="2"><data encoding="csv">1,2,\n3,4</data></layer>'),
      }),
      { xml: nodeXml },
    );
    expect(tileData(m)).toEqual([[1, 2, 3, 4]]);
  });

  it('truncated XML names the line where it ends', async () => {
    const whole = map('<layer name="G" width="2" height="2"><data encoding="csv">1,2,\n3,4</data></layer>');
    expect(await faultOf(whole.slice(0, whole.indexOf('3,4')))).toBe(
      'maps/broken.tmx: this TMX map is not well-formed XML (unclosed xml tag(s): map, layer, data, on line 4).',
    );
    expect(await faultOf(map('<layer name="G"></data>'))).toBe(
      'maps/broken.tmx: this TMX map is not well-formed XML (Opening and ending tag mismatch: "layer" != "data", on line 4).',
    );
  });

  it('an unknown encoding or compression', async () => {
    expect(
      await faultOf(map('<layer name="G" width="2" height="2"><data encoding="hex">01020304</data></layer>')),
    ).toBe(
      'maps/broken.tmx: the data of layer "G" uses the unknown encoding "hex" (Tiled writes "csv" or "base64").',
    );
    expect(
      await faultOf(
        map(
          '<layer name="G" width="2" height="2"><data encoding="base64" compression="lz4">AQAAAA==</data></layer>',
        ),
      ),
    ).toMatch(/the data of layer "G" uses the unknown compression "lz4"/);
  });

  it('a chunk of the wrong length, and old-style <tile> data of the wrong length', async () => {
    const chunk = '<chunk x="0" y="0" width="2" height="2">1,2,3</chunk>';
    expect(
      await faultOf(
        map(
          `<layer name="G" width="2" height="2"><data encoding="csv">${chunk}</data></layer>`,
          'width="2" height="2" infinite="1"',
        ),
      ),
    ).toBe('maps/broken.tmx: the data of chunk (0, 0) of layer "G" holds 3 tiles but the layer needs 4.');
    expect(
      await faultOf(map('<layer name="G" width="2" height="2"><data><tile gid="1"/><tile/></data></layer>')),
    ).toBe('maps/broken.tmx: the data of layer "G" holds 2 tiles but the layer needs 4.');
  });

  it('a 2·10⁹-tile claim is refused by its size before anything is allocated', async () => {
    const before = process.memoryUsage().arrayBuffers;
    const claim = map(
      '<layer name="G" width="50000" height="40000"><data encoding="csv">1</data></layer>',
      'width="50000" height="40000"',
    );
    expect(await faultOf(claim)).toBe(
      'maps/broken.tmx: the map is 50000 × 40000 tiles, more than the 16777216 tiles (4096 × 4096) the game can hold.',
    );
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1 << 20);
  });

  it('XML that is not a map, a map without an XML parser, a tileset where the map should be', async () => {
    expect(await faultOf('<?xml version="1.0"?><tileset name="t"/>')).toBe(
      'maps/broken.tmx: this is a Tiled tileset, not a map.',
    );
    expect(await faultOf('<svg/>')).toBe('maps/broken.tmx: this is not a Tiled map (its XML root is <svg>).');
    const err = await loadTiledMap(FILE, memoryReader({ [FILE]: '<map/>' })).catch((e) => e);
    expect(err.message).toBe(
      'maps/broken.tmx: this TMX map is XML, and the loader was given no XML parser to read it with.',
    );
  });
});
