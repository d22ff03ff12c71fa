// The game's own maps, checked the way a map author and a player would: each file is what `npm run maps:make`
// writes (so the committed maps are not stale), each opens in Tiled as it is (the structure Tiled 1.10 saves),
// and each plays: spawns on walkable tiles, every walkable tile reachable, every exit leading to a map that
// exists and onto a walkable tile there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import type { LoadedMap } from '../../src/core/tiled/index.ts';
import { loadTiledMap } from '../../src/core/tiled/index.ts';
import { drawDungeonTiles } from '../../tools/authoring/art/drawDungeonTiles.ts';
import { DUNGEON_FROM_TOWN, makeDungeon } from '../../tools/authoring/maps/dungeon.ts';
import { FIELD_FROM_TOWN, makeField } from '../../tools/authoring/maps/field.ts';
import { makeTown, TOWN_FROM_DUNGEON, TOWN_FROM_FIELD } from '../../tools/authoring/maps/town.ts';
import { readTextFile } from '../../tools/lib/node-reader.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MAPS = join(ROOT, 'maps');
const NAMES = readdirSync(MAPS)
  .filter((f) => f.endsWith('.tmj') && !f.startsWith('_'))
  .map((f) => f.replace(/\.tmj$/, ''))
  .sort();

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const loaded = new Map<string, Promise<LoadedMap>>();
const load = (name: string) => {
  if (!loaded.has(name)) loaded.set(name, loadTiledMap(join(MAPS, `${name}.tmj`), readTextFile, { name }));
  return loaded.get(name)!;
};

describe('the committed maps are what npm run maps:make writes', () => {
  test('town', () => {
    const made = makeTown({ dungeon: DUNGEON_FROM_TOWN, field: FIELD_FROM_TOWN });
    expect(readJson(join(MAPS, 'town.tmj'))).toEqual(JSON.parse(JSON.stringify(made)));
  });
  test('dungeon', () => {
    expect(readJson(join(MAPS, 'dungeon.tmj'))).toEqual(
      JSON.parse(JSON.stringify(makeDungeon(TOWN_FROM_DUNGEON))),
    );
  });
  test('field', () => {
    expect(readJson(join(MAPS, 'field.tmj'))).toEqual(
      JSON.parse(JSON.stringify(makeField(TOWN_FROM_FIELD).json)),
    );
  });
  test('the dungeon tileset image', () => {
    const drawn = PNG.sync.read(drawDungeonTiles());
    const file = PNG.sync.read(readFileSync(join(ROOT, 'assets', 'tilesets', 'dungeon-32px.png')));
    expect([file.width, file.height]).toEqual([drawn.width, drawn.height]);
    expect(Buffer.compare(file.data, drawn.data)).toBe(0);
  });
});

describe.each(NAMES)('%s opens in Tiled as it is', (name) => {
  const map = readJson(join(MAPS, `${name}.tmj`));

  test('map header as Tiled 1.10 writes it', () => {
    expect(map).toMatchObject({ type: 'map', version: '1.10', orientation: 'orthogonal', infinite: false });
    expect(typeof map.tiledversion).toBe('string');
    const ids = map.layers.map((l: { id: number }) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.max(...ids)).toBeLessThan(map.nextlayerid);
    const objects = map.layers.flatMap((l: { objects?: { id: number }[] }) => l.objects ?? []);
    const objectIds = objects.map((o: { id: number }) => o.id);
    expect(new Set(objectIds).size).toBe(objectIds.length);
    expect(Math.max(...objectIds)).toBeLessThan(map.nextobjectid);
  });

  test('external tilesets beside it, their images in assets/ at the size they declare', () => {
    for (const ref of map.tilesets) {
      expect(ref.source, 'tilesets are external .tsj files').toMatch(/\.tsj$/);
      const tsjPath = join(MAPS, ref.source);
      const tileset = readJson(tsjPath);
      expect(tileset).toMatchObject({ type: 'tileset', version: '1.10' });
      const imagePath = join(dirname(tsjPath), tileset.image);
      expect(imagePath.startsWith(join(ROOT, 'assets'))).toBe(true);
      expect(existsSync(imagePath)).toBe(true);
      const png = PNG.sync.read(readFileSync(imagePath));
      expect([png.width, png.height]).toEqual([tileset.imagewidth, tileset.imageheight]);
      const { margin, spacing, tilewidth, columns, tilecount } = tileset;
      expect(margin * 2 + columns * tilewidth + (columns - 1) * spacing).toBe(tileset.imagewidth);
      const rows = Math.ceil(tilecount / columns);
      expect(margin * 2 + rows * tileset.tileheight + (rows - 1) * spacing).toBe(tileset.imageheight);
    }
  });
});

describe.each(NAMES)('%s plays', (name) => {
  test('the player and every enemy stand on walkable tiles', async () => {
    const m = await load(name);
    const player = m.spawns.filter((s) => s.type === 'player');
    expect(player).toHaveLength(1);
    expect(m.spawns.filter((s) => s.type === 'enemy').length).toBeGreaterThanOrEqual(3);
    for (const s of m.spawns)
      expect(m.nav.walkable[s.y * m.width + s.x], `${s.name} at ${s.x},${s.y}`).toBe(1);
    expect(m.warnings).toEqual([]);
  });

  test('every walkable tile can be reached from the player spawn', async () => {
    const m = await load(name);
    const start = m.spawns[0];
    const seen = new Uint8Array(m.width * m.height);
    const stack = [start.y * m.width + start.x];
    seen[stack[0]] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % m.width;
      const y = (i - x) / m.width;
      for (const [nx, ny] of [
        [x + 1, y],
        [x - 1, y],
        [x, y + 1],
        [x, y - 1],
      ]) {
        const j = ny * m.width + nx;
        if (nx >= 0 && ny >= 0 && nx < m.width && ny < m.height && !seen[j] && m.nav.walkable[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    const stranded: string[] = [];
    for (let i = 0; i < seen.length; i++)
      if (m.nav.walkable[i] && !seen[i]) stranded.push(`${i % m.width},${(i / m.width) | 0}`);
    expect(stranded).toEqual([]);
  });

  test('every exit leads to a map that exists, onto a walkable tile that is not an exit', async () => {
    const m = await load(name);
    expect(m.exits.length).toBeGreaterThan(0);
    for (const exit of m.exits) {
      expect(m.nav.walkable[exit.y * m.width + exit.x], `exit ${exit.name} is walkable`).toBe(1);
      expect(NAMES).toContain(exit.map);
      const there = await load(exit.map);
      const x = exit.toX!;
      const y = exit.toY!;
      expect(there.nav.walkable[y * there.width + x], `arrival ${x},${y} in ${exit.map}`).toBe(1);
      const onExit = there.exits.some((e) => x >= e.x && y >= e.y && x < e.x + e.width && y < e.y + e.height);
      expect(onExit, 'arriving on an exit would bounce the player straight back').toBe(false);
    }
  });
});

test('the town has an Above layer over the characters, with roofs a character can walk under', async () => {
  const m = await load('town');
  const above = m.layers.find((l) => l.name === 'Above');
  expect(above?.above).toBe(true);
  const data = m.normalized.layers.find((l) => l.name === 'Above') as { data: number[] };
  const underRoof = data.data.filter((gid, i) => gid !== 0 && m.nav.walkable[i] === 1).length;
  expect(underRoof).toBeGreaterThanOrEqual(20);
});

test('the dungeon has one-wide corridors: walkable tiles walled in on both sides', async () => {
  const m = await load('dungeon');
  const w = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < m.width && y < m.height && m.nav.walkable[y * m.width + x] === 1;
  let corridor = 0;
  for (let y = 0; y < m.height; y++) {
    for (let x = 0; x < m.width; x++) {
      if (w(x, y) && ((!w(x - 1, y) && !w(x + 1, y)) || (!w(x, y - 1) && !w(x, y + 1)))) corridor++;
    }
  }
  expect(corridor).toBeGreaterThanOrEqual(40);
});
