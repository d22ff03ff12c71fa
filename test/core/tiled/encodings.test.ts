import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadedMap } from '../../../src/core/tiled/index.ts';
import type { NormalizedObjectLayer, NormalizedTileLayer } from '../../../src/core/tiled/types.ts';
import { loadMapFile } from '../../../tools/lib/node-reader.ts';
import { gridRows } from './memoryReader.ts';

// The Tuxemon town re-saved by make-encodings.ts with the real encoders (fflate zlib/gzip, the zstd CLI).
const DIR = fileURLToPath(new URL('../../fixtures/tiled/', import.meta.url));
const golden = JSON.parse(readFileSync(`${DIR}expected/tuxemon-town.json`, 'utf8')) as { rows: string[] };
const load = (name: string) => loadMapFile(`${DIR}encodings/${name}`);
const tileData = (m: LoadedMap) =>
  m.normalized.layers.filter((l) => l.type === 'tilelayer').map((l) => (l as NormalizedTileLayer).data);

describe('every tile data encoding Tiled writes reads to the same town', () => {
  let csv: LoadedMap;
  beforeAll(async () => {
    csv = await load('town-csv.tmj');
  });

  it.each([
    'town-csv.tmj',
    'town-base64.tmj',
    'town-zlib.tmj',
    'town-gzip.tmj',
    'town-zstd.tmj',
    'town-groups-gzip.tmj',
    'town-external-tsj.tmj',
    'town-external-tsx.tmj',
  ])('%s: the golden grid, the Spawn Point, and the same tiles for Phaser', async (name) => {
    const map = await load(name);
    expect(gridRows(map.nav)).toEqual(golden.rows);
    expect(map.spawns).toEqual([
      { type: 'player', x: 11, y: 38, name: 'Spawn Point', properties: {}, objectId: 275 },
    ]);
    expect(tileData(map)).toEqual(tileData(csv));
    expect(map.normalized.tilesets[0].image).toBe(`${DIR}tuxemon/tilesets/tuxmon-sample-32px-extruded.png`);
    // Every tile the town's tileset describes (672 of its 720 carry a `collides` property) arrives embedded.
    expect(map.normalized.tilesets[0].tiles?.length).toBe(672);
    expect(map.normalized.tilesets[0].tilecount).toBe(720);
  });

  it('the zstd fixtures cover both frame kinds: with the content size (from a file) and without (from a pipe)', () => {
    const first = (name: string) => {
      const map = JSON.parse(readFileSync(`${DIR}encodings/${name}`, 'utf8'));
      const layer = map.layers[0];
      return Buffer.from(layer.data ?? layer.chunks[0].data, 'base64');
    };
    const singleSegment = (b: Buffer) => ((b[4] >> 5) & 1) === 1;
    expect(singleSegment(first('town-zstd.tmj'))).toBe(true);
    expect(singleSegment(first('town-infinite-zstd-stream.tmj'))).toBe(false);
  });

  it.each(['town-infinite-csv.tmj', 'town-infinite-zstd-stream.tmj'])(
    '%s: the grid spans the box of all chunks and tiles shift by its origin',
    async (name) => {
      const map = await load(name);
      expect([map.width, map.height]).toEqual([48, 48]);
      expect(map.origin).toEqual({ x: -16, y: -16 });
      const rows = gridRows(map.nav);
      // The town sits at the top-left; the chunks' last 8 rows and columns hold no tile, so nothing to stand on.
      for (let y = 0; y < 40; y++) expect(rows[y]).toBe(`${golden.rows[y]}########`);
      for (let y = 40; y < 48; y++) expect(rows[y]).toBe('#'.repeat(48));
      expect(map.spawns[0]).toMatchObject({ type: 'player', x: 11, y: 38 });
      expect(map.normalized.infinite).toBe(false);
      const objects = map.normalized.layers.find((l) => l.type === 'objectgroup') as NormalizedObjectLayer;
      expect([objects.objects[0].x, objects.objects[0].y]).toEqual([352, 1216]);
      const csvRow = tileData(csv)[1].slice(0, 40);
      expect(tileData(map)[1].slice(0, 40)).toEqual(csvRow);
    },
  );

  it('group layers flatten with Phaser-style names, visibility, opacity and offsets combined', async () => {
    const map = await load('town-groups-gzip.tmj');
    expect(map.layers.map((l) => l.name)).toEqual([
      'Ground/Below Player',
      'Ground/World',
      'Roofs/Above Player',
      'Objects',
    ]);
    const roofs = map.normalized.layers[2];
    expect([roofs.opacity, roofs.offsetx]).toEqual([0.5, 2]);
    expect(map.normalized.layers.every((l) => (l.type as string) !== 'group')).toBe(true);
  });
});
