import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadTiledMap, MapLoadError } from '../../../src/core/tiled/index.ts';
import { nodeXml } from '../../../tools/lib/node-reader.ts';
import { memoryReader, tinyMap } from './memoryReader.ts';

const FILE = 'maps/broken.tmj';

/** Loads `map` (an object, or raw text) as maps/broken.tmj and returns the MapLoadError it must raise. */
async function faultOf(map: object | string, others: Record<string, string | object> = {}): Promise<string> {
  const err = await loadTiledMap(FILE, memoryReader({ [FILE]: map, ...others }), { xml: nodeXml }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MapLoadError);
  const message = (err as MapLoadError).message;
  // One sentence: ends with a full stop, no line break, no second sentence after it.
  expect(message.endsWith('.')).toBe(true);
  expect(message).not.toMatch(/\n|\.\s+[A-Z]/);
  return message;
}

const base64Of = (gids: number[]) => Buffer.from(new Uint32Array(gids).buffer).toString('base64');

function withLayer(
  patch: Record<string, unknown>,
  rows = [
    [1, 1],
    [1, 1],
  ],
) {
  const map = tinyMap(rows);
  Object.assign((map.layers as Record<string, unknown>[])[0], patch);
  return map;
}

describe('a broken map is refused with one sentence naming the file and the fault', () => {
  it('missing map file', async () => {
    const err = await loadTiledMap('maps/nope.tmj', memoryReader({})).catch((e) => e);
    expect(err).toBeInstanceOf(MapLoadError);
    expect(err.message).toBe('maps/nope.tmj: the map cannot be read (no such file).');
  });

  it('unparseable JSON', async () => {
    expect(await faultOf('{"width": 10, "layers": [')).toMatch(
      /^maps\/broken\.tmj: the map is not valid JSON \(/,
    );
  });

  it('a web page where the map should be (a dev server answering a missing file)', async () => {
    expect(await faultOf('<!DOCTYPE html><html><body>index</body></html>')).toMatch(
      /^maps\/broken\.tmj: the server answered with a web page instead of a map/,
    );
  });

  it('not a map: an unrelated JSON object, a list, a tileset, an empty TMX map', async () => {
    expect(await faultOf({ hello: 'world' })).toMatch(/^maps\/broken\.tmj: this is not a Tiled map/);
    expect(await faultOf([1, 2, 3])).toMatch(/the file holds a list, not a Tiled map/);
    expect(await faultOf({ type: 'tileset', tilewidth: 16 })).toMatch(/this is a Tiled tileset, not a map/);
    expect(await faultOf('<?xml version="1.0"?>\n<map version="1.10" orientation="orthogonal"></map>')).toBe(
      'maps/broken.tmj: the map has no whole-number "tilewidth" (found nothing).',
    );
  });

  it('data length not matching the layer size', async () => {
    const csv = await faultOf(withLayer({ data: [1, 1, 1] }));
    expect(csv).toBe('maps/broken.tmj: the data of layer "Ground" holds 3 tiles but the layer needs 4.');
    const b64 = await faultOf(withLayer({ encoding: 'base64', data: base64Of([1, 1, 1]) }));
    expect(b64).toBe(
      'maps/broken.tmj: the data of layer "Ground" decodes to 12 bytes but its 4 tiles need 16 (4 bytes per tile).',
    );
  });

  it('bad base64', async () => {
    expect(await faultOf(withLayer({ encoding: 'base64', data: 'AQAA*AAB' }))).toMatch(
      /the data of layer "Ground" is not valid base64 \(character "\*" at position 4\)/,
    );
    expect(await faultOf(withLayer({ encoding: 'base64', data: 'AQAAA' }))).toMatch(/is not valid base64/);
  });

  it('corrupt compressed data, for each compression', async () => {
    const junk = Buffer.from('definitely not compressed').toString('base64');
    for (const compression of ['zlib', 'gzip', 'zstd']) {
      expect(await faultOf(withLayer({ encoding: 'base64', compression, data: junk }))).toMatch(
        new RegExp(`^maps/broken\\.tmj: the data of layer "Ground" is corrupt ${compression} data`),
      );
    }
    // A valid zlib stream cut short.
    const packed = zlibSync(new Uint8Array(new Uint32Array([1, 1, 1, 1]).buffer));
    const cut = Buffer.from(packed.subarray(0, packed.length - 6)).toString('base64');
    expect(await faultOf(withLayer({ encoding: 'base64', compression: 'zlib', data: cut }))).toMatch(
      /(is corrupt zlib data|decodes to \d+ bytes)/,
    );
  });

  it('a compressed layer that decompresses to more tiles than the layer holds', async () => {
    const packed = zlibSync(new Uint8Array(new Uint32Array(1000).fill(1).buffer));
    const data = Buffer.from(packed).toString('base64');
    expect(await faultOf(withLayer({ encoding: 'base64', compression: 'zlib', data }))).toMatch(
      /decodes to 17 bytes but its 4 tiles need 16/,
    );
  });

  it('unknown compression or encoding', async () => {
    expect(
      await faultOf(withLayer({ encoding: 'base64', compression: 'lz4', data: base64Of([1, 1, 1, 1]) })),
    ).toBe(
      'maps/broken.tmj: the data of layer "Ground" uses the unknown compression "lz4" (Tiled writes "zlib", "gzip" or "zstd").',
    );
    expect(await faultOf(withLayer({ encoding: 'base32', data: 'AAAA' }))).toBe(
      'maps/broken.tmj: the data of layer "Ground" uses the unknown encoding "base32" (Tiled writes "csv" or "base64").',
    );
  });

  it('gid beyond every tileset', async () => {
    expect(await faultOf(tinyMap([[1, 9]]))).toBe(
      'maps/broken.tmj: layer "Ground" uses tile gid 9 at (1, 0), beyond every tileset (the last tileset, "tiny", ends at gid 8).',
    );
  });

  it('missing external tileset, and a broken one', async () => {
    const map = tinyMap([[1]]);
    map.tilesets = [{ firstgid: 1, source: '../tilesets/gone.tsj' }];
    expect(await faultOf(map)).toBe(
      'maps/broken.tmj: its external tileset "../tilesets/gone.tsj" is missing or unreadable at tilesets/gone.tsj (no such file).',
    );
    expect(await faultOf(map, { 'tilesets/gone.tsj': '{ nope' })).toMatch(
      /^tilesets\/gone\.tsj: this tileset is not valid JSON/,
    );
    expect(await faultOf(map, { 'tilesets/gone.tsj': { name: 'x', tilewidth: 16, tileheight: 16 } })).toBe(
      'tilesets/gone.tsj: tileset "x" has no whole-number "tilecount" (found nothing).',
    );
    expect(
      await faultOf(map, { 'tilesets/gone.tsj': '<tileset name="x"><image source="a.png"></tileset>' }),
    ).toMatch(/^tilesets\/gone\.tsj: this TSX tileset is not well-formed XML/);
  });

  it('a TSX tileset the Vite dev server refuses to serve (it compiles .tsx as TypeScript) says what to do', async () => {
    const map = tinyMap([[1]]);
    map.tilesets = [{ firstgid: 1, source: 'town.tsx' }];
    const err = await loadTiledMap(FILE, async (url) => {
      if (url === FILE) return JSON.stringify(map);
      throw new Error('HTTP 500 Internal Server Error');
    }).catch((e) => e);
    expect(err.message).toBe(
      'maps/broken.tmj: its external tileset "town.tsx" is missing or unreadable at maps/town.tsx (HTTP 500 Internal Server Error); a development server may compile .tsx files as code, so save the tileset as JSON (.tsj).',
    );
  });

  it('absurd dimensions are refused before anything is allocated', async () => {
    const huge = tinyMap([[1]], { width: 2_000_000_000, height: 2_000_000_000 });
    expect(await faultOf(huge)).toBe(
      'maps/broken.tmj: the map is 2000000000 × 2000000000 tiles, more than the 16777216 tiles (4096 × 4096) the game can hold.',
    );
    expect(await faultOf(tinyMap([[1]], { width: -3 }))).toMatch(/the map has "width" -3, outside 1\.\.\d+/);
    expect(await faultOf(tinyMap([[1]], { tilewidth: 'big' }))).toBe(
      'maps/broken.tmj: the map has no whole-number "tilewidth" (found "big").',
    );
    const chunked = tinyMap([[1]], { infinite: true });
    (chunked.layers as Record<string, unknown>[])[0].chunks = [
      { x: -16_000_000, y: 0, width: 16, height: 16, data: new Array(256).fill(1) },
      { x: 16_000_000, y: 0, width: 16, height: 16, data: new Array(256).fill(1) },
    ];
    expect(await faultOf(chunked)).toMatch(
      /the infinite map \(the box around its chunks\) is 32000016 × 16 tiles, more than/,
    );
  });

  it('isometric, staggered and hexagonal maps', async () => {
    expect(await faultOf(tinyMap([[1]], { orientation: 'isometric' }))).toMatch(
      /^maps\/broken\.tmj: this map is isometric, and the game draws and walks orthogonal \(square-grid\) maps only/,
    );
    for (const o of ['staggered', 'hexagonal']) {
      expect(await faultOf(tinyMap([[1]], { orientation: o }))).toBe(
        `maps/broken.tmj: this map is ${o}, and the game walks orthogonal (square-grid) maps only.`,
      );
    }
  });

  it('a cost below 1 on a tile', async () => {
    const map = tinyMap([[1]]);
    (map.tilesets as { tiles: unknown[] }[])[0].tiles = [
      { id: 0, properties: [{ name: 'cost', type: 'float', value: 0.5 }] },
    ];
    expect(await faultOf(map)).toBe(
      'maps/broken.tmj: tile 0 of tileset "tiny" has cost 0.5; a cost must be a number of at least 1.',
    );
  });

  it('a spawn outside the map, a layer of unknown type, a map with nothing to stand on', async () => {
    const map = tinyMap([[1, 1]]);
    (map.layers as object[]).push({
      name: 'Things',
      type: 'objectgroup',
      objects: [{ id: 7, name: 'Goblin', type: 'enemy', x: 500, y: 8, width: 0, height: 0, point: true }],
    });
    expect(await faultOf(map)).toBe(
      'maps/broken.tmj: object "Goblin" (id 7) in layer "Things" is an enemy spawn outside the map, at tile (31, 0).',
    );
    expect(await faultOf(withLayer({ type: 'sprites' }))).toBe(
      'maps/broken.tmj: layer "Ground" has the unknown type "sprites".',
    );
    expect(await faultOf(tinyMap([[0, 2]]))).toBe(
      'maps/broken.tmj: no tile is walkable, so there is nowhere to start the player.',
    );
  });
});
