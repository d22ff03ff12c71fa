import { describe, expect, it } from 'vitest';
import { MapLoadError } from '../../src/core/tiled/index.ts';
import { loadMapRef, resolveMapRef } from '../../src/view/mapParam.ts';
import { nodeXml } from '../../tools/lib/node-reader.ts';
import { memoryReader, tinyMap } from '../core/tiled/memoryReader.ts';

const TMX = `<map orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="4"><image source="t.png" width="64" height="16"/></tileset>
 <layer name="G"><data encoding="csv">1,1</data></layer>
</map>`;

describe('?map= and exits: a name is a .tmj, or else a .tmx, in maps/ (or beside the map the exit is in)', () => {
  it('names, URLs of either format, and names relative to the map an exit is in', () => {
    expect(resolveMapRef('cave')).toEqual({
      name: 'cave',
      url: 'maps/cave.tmj',
      fallbackUrl: 'maps/cave.tmx',
    });
    expect(resolveMapRef('levels/cave.tmx')).toEqual({ name: 'cave', url: 'levels/cave.tmx' });
    expect(resolveMapRef('cave.TMX')).toEqual({ name: 'cave', url: 'cave.TMX' });
    expect(resolveMapRef('cellar', 'maps/world/town.tmx')).toEqual({
      name: 'cellar',
      url: 'maps/world/cellar.tmj',
      fallbackUrl: 'maps/world/cellar.tmx',
    });
  });

  it('finds the .tmx when there is no .tmj, prefers the .tmj when both exist, and says so when neither does', async () => {
    const tmxOnly = await loadMapRef(resolveMapRef('cave'), memoryReader({ 'maps/cave.tmx': TMX }), nodeXml);
    expect([tmxOnly.url, tmxOnly.map.name, tmxOnly.map.width]).toEqual(['maps/cave.tmx', 'cave', 2]);
    const both = await loadMapRef(
      resolveMapRef('cave'),
      memoryReader({ 'maps/cave.tmx': TMX, 'maps/cave.tmj': tinyMap([[1, 1, 1]]) }),
      nodeXml,
    );
    expect([both.url, both.map.width]).toEqual(['maps/cave.tmj', 3]);
    const none = await loadMapRef(resolveMapRef('cave'), memoryReader({}), nodeXml).catch((e) => e);
    expect(none).toBeInstanceOf(MapLoadError);
    expect(none.message).toBe(
      'maps/cave.tmj: the map cannot be read (no such file), and there is no maps/cave.tmx either.',
    );
  });

  it('a broken .tmj is reported as it is, not hidden behind the .tmx', async () => {
    const err = await loadMapRef(
      resolveMapRef('cave'),
      memoryReader({ 'maps/cave.tmj': '{ nope', 'maps/cave.tmx': TMX }),
      nodeXml,
    ).catch((e) => e);
    expect(err.message).toMatch(/^maps\/cave\.tmj: the map is not valid JSON/);
  });
});
