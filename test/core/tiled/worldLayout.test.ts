import { describe, expect, it } from 'vitest';
import {
  checkMapSize,
  landingOf,
  layoutOf,
  MapLoadError,
  mapAt,
  neighboursOf,
  readTiledWorld,
} from '../../../src/core/tiled/index.ts';

const FILE = 'maps/isle.world';
const world = (maps: object[], extra: object = {}) =>
  readTiledWorld(JSON.stringify({ type: 'world', maps, ...extra }), FILE);
const at = (fileName: string, x: number, y: number, width: number, height: number) => ({
  fileName,
  x,
  y,
  width,
  height,
});

// West: 10×8 tiles of 32 px; east beside it, 6×12 tiles, starting 2 tiles higher; a cave of 16 px tiles below
// the west map; an island far away touching nothing.
const WEST = at('west.tmj', 0, 0, 320, 256);
const EAST = at('east.tmj', 320, -64, 192, 384);
const CAVE = at('cave.tmj', 0, 256, 160, 160);
const ISLAND = at('island.tmj', 5000, 5000, 320, 320);
const layout = layoutOf(world([WEST, EAST, CAVE, ISLAND]));
const tiles = (i: number) =>
  i === 2 ? { tileWidth: 16, tileHeight: 16 } : { tileWidth: 32, tileHeight: 32 };
const step = (from: number, x: number, y: number, dx: number, dy: number) =>
  landingOf(layout, from, x, y, dx, dy, tiles(from).tileWidth, tiles(from).tileHeight, tiles);

function faultOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(MapLoadError);
    expect((e as Error).message).not.toMatch(/\n|\.\s+[A-Z]/);
    return (e as Error).message;
  }
  throw new Error('no fault');
}

describe('a world layout: which map holds a point, and where a step over an edge lands', () => {
  it('finds the map under a world pixel, edges included on the left and top only', () => {
    expect(mapAt(layout, 0, 0)).toBe(0);
    expect(mapAt(layout, 319, 255)).toBe(0);
    expect(mapAt(layout, 320, 0)).toBe(1);
    expect(mapAt(layout, 320, -64)).toBe(1);
    expect(mapAt(layout, 100, 256)).toBe(2);
    expect(mapAt(layout, 200, 300)).toBe(-1); // beside the cave, under the west map: nothing
    expect(mapAt(layout, -1, 0)).toBe(-1);
  });

  it('a step east off the west map lands on the matching tile of the east map, offset by its placing', () => {
    // West tile (9, 3) → the tile beyond, world (320 + 16, 3 × 32 + 16) → east map tile (0, 5): it starts 2 rows up.
    expect(step(0, 9, 3, 1, 0)).toEqual({ map: 1, x: 0, y: 5 });
    // And back: east (0, 5) stepping west lands on west (9, 3).
    expect(step(1, 0, 5, -1, 0)).toEqual({ map: 0, x: 9, y: 3 });
    // A diagonal step over the edge keeps its sideways part.
    expect(step(0, 9, 3, 1, 1)).toEqual({ map: 1, x: 0, y: 6 });
  });

  it('maps of other tile sizes take the tile under the point', () => {
    // West (4, 7) steps south: world (144, 272) → the cave's 16 px tile (9, 1).
    expect(step(0, 4, 7, 0, 1)).toEqual({ map: 2, x: 9, y: 1 });
    // The cave's (9, 0) steps north: world (152, 248) → west's 32 px tile (4, 7).
    expect(step(2, 9, 0, 0, -1)).toEqual({ map: 0, x: 4, y: 7 });
  });

  it('a step that stays on its map, or leads where no map lies, lands nowhere', () => {
    expect(step(0, 5, 5, 1, 0)).toBeUndefined();
    expect(step(0, 0, 3, -1, 0)).toBeUndefined(); // west of the west map
    expect(step(0, 7, 7, 0, 1)).toBeUndefined(); // below the west map, east of the cave
    expect(step(1, 0, 0, -1, 0)).toBeUndefined(); // the east map's top rows stick out above the west map
    expect(step(3, 9, 5, 1, 0)).toBeUndefined(); // the island touches nothing
  });

  it('neighbours are the maps touching along an edge or at a corner', () => {
    expect(neighboursOf(layout, 0).sort()).toEqual([1, 2]);
    expect(neighboursOf(layout, 1)).toEqual([0]);
    expect(neighboursOf(layout, 2)).toEqual([0]);
    expect(neighboursOf(layout, 3)).toEqual([]);
    const corner = layoutOf(world([WEST, at('se.tmj', 320, 256, 64, 64)]));
    expect(neighboursOf(corner, 0)).toEqual([1]);
  });

  it('overlapping maps are refused, naming both; maps that only touch are not', () => {
    expect(faultOf(() => layoutOf(world([WEST, at('over.tmj', 300, 200, 64, 64)])))).toBe(
      'maps/isle.world: maps "west.tmj" and "over.tmj" overlap (320×256 px at (0, 0) and 64×64 px at (300, 200)), so a walk from one to the other has no single answer.',
    );
    // Listed the other way round, the sentence still names them in the file's order.
    expect(faultOf(() => layoutOf(world([at('over.tmj', 300, 200, 64, 64), WEST])))).toMatch(
      /maps "over\.tmj" and "west\.tmj" overlap/,
    );
    expect(() => layoutOf(world([WEST, EAST, CAVE]))).not.toThrow();
  });

  it('a world with no maps, or patterns alone, is refused in one sentence', () => {
    expect(faultOf(() => layoutOf(world([])))).toBe('maps/isle.world: the world lists no maps.');
    const patterns = world([], {
      patterns: [{ regexp: 'm(\\d+)-(\\d+)\\.tmx', multiplierX: 1, multiplierY: 1 }],
    });
    expect(faultOf(() => layoutOf(patterns))).toMatch(/places its maps by patterns only/);
  });

  it('a map whose size differs from the world file is refused, naming both', () => {
    expect(() =>
      checkMapSize(layout, 0, { width: 10, height: 8, tileWidth: 32, tileHeight: 32 }),
    ).not.toThrow();
    expect(
      faultOf(() => checkMapSize(layout, 0, { width: 12, height: 8, tileWidth: 32, tileHeight: 32 })),
    ).toBe(
      'maps/isle.world: the world records map "west.tmj" as 320×256 px but the map is 384×256 px: open the world in Tiled and save it again.',
    );
  });
});
