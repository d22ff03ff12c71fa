import { describe, expect, it } from 'vitest';
import { loadTiledWorld, MapLoadError, placeByPattern } from '../../../src/core/tiled/index.ts';
import { memoryReader } from './memoryReader.ts';

const FILE = 'worlds/isle.world';
const load = (world: object | string) => loadTiledWorld(FILE, memoryReader({ [FILE]: world }));

async function faultOf(world: object | string): Promise<string> {
  const err = await load(world).catch((e) => e);
  expect(err).toBeInstanceOf(MapLoadError);
  expect(err.message).not.toMatch(/\n|\.\s+[A-Z]/);
  return err.message;
}

describe('Tiled worlds (.world): the maps and where they lie', () => {
  it('reads the maps as Tiled saves them, each resolved against the world file', async () => {
    const world = await load({
      type: 'world',
      onlyShowAdjacentMaps: false,
      maps: [
        { fileName: '../maps/town.tmj', x: 0, y: 0, width: 1280, height: 960 },
        { fileName: 'beach.tmx', x: 1280, y: -320, width: 640, height: 640 },
      ],
    });
    expect(world.maps).toEqual([
      { fileName: '../maps/town.tmj', url: 'maps/town.tmj', x: 0, y: 0, width: 1280, height: 960 },
      { fileName: 'beach.tmx', url: 'worlds/beach.tmx', x: 1280, y: -320, width: 640, height: 640 },
    ]);
    expect(world.patterns).toEqual([]);
  });

  it('patterns place maps by the numbers in their names, matching the whole name', async () => {
    const world = await load({
      patterns: [
        { regexp: 'ow-p(\\d+)-(\\d+)\\.tmx', multiplierX: 640, multiplierY: 480, offsetX: -640, offsetY: 0 },
      ],
    });
    expect(placeByPattern(world, 'ow-p2-3.tmx')).toEqual({ x: 640, y: 1440 });
    expect(placeByPattern(world, 'old-ow-p2-3.tmx')).toBeUndefined();
  });

  it('a broken world is one sentence naming the file', async () => {
    expect(await faultOf('{ "maps": [')).toMatch(/^worlds\/isle\.world: the world is not valid JSON/);
    expect(await faultOf({ type: 'map', layers: [] })).toBe(
      'worlds/isle.world: this is a Tiled map, not a world.',
    );
    expect(await faultOf({ maps: [{ fileName: 'a.tmx', x: 0, y: 0, width: 0, height: 10 }] })).toBe(
      'worlds/isle.world: map "a.tmx" of the world has "width" 0, outside 1..1099511627776.',
    );
    expect(await faultOf({ maps: [{ x: 0 }] })).toBe(
      'worlds/isle.world: map 1 of the world has no "fileName" (found nothing).',
    );
    expect(await faultOf({ patterns: [{ regexp: '(', multiplierX: 1, multiplierY: 1 }] })).toMatch(
      /pattern 1 of the world has the regexp "\(", which is not a valid regular expression\.$/,
    );
    const missing = await loadTiledWorld('gone.world', memoryReader({})).catch((e) => e);
    expect([missing.message, missing.missing]).toEqual([
      'gone.world: the world cannot be read (no such file).',
      true,
    ]);
  });
});
