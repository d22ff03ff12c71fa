// The Tuxemon tileset's vocabulary: which tile id (0-based, as Tiled counts them in a tileset) draws what,
// multi-tile stamps such as buildings and trees, and which tiles block walking. Ids were read off the image
// (24 columns of 32 px tiles, 1 px margin, 2 px spacing) and the Tuxemon team's own town map.
import type { PropertyValue, TilesetSpec } from './tiledJson.ts';

export const COLUMNS = 24;

export const GRASS = 125;
/** Flower patches that sit on grass: ground variety that does not block. */
export const FLOWERS = [7, 31, 55, 79, 103, 127, 151, 175, 199];
export const ROCKS = [224, 225];
/** A strip of eight water tiles whose waves join left to right. */
export const WATER = [248, 249, 250, 251, 252, 253, 254, 255];

/** Sand path with grass borders drawn inside its edge tiles: Tiled's terrain set "Path" in the source map. */
export const SAND = {
  center: 173,
  n: 149,
  s: 197,
  w: 172,
  e: 174,
  nw: 148,
  ne: 150,
  sw: 196,
  se: 198,
  /** Inner corners: the path goes on both sides, grass shows in one diagonal corner. */
  innerSE: 170,
  innerSW: 171,
  innerNE: 194,
  innerNW: 195,
};

/** Two by two, tiled in a checker so a forest reads as one canopy. */
export const TREE = [168, 169, 192, 193];

/** Horizontal fence: left end, middle, right end. */
export const FENCE = { left: 268, mid: 265, right: 267 };

/** Lamp post: the head is drawn above characters, the foot blocks. */
export const LAMP = { head: 331, foot: 355 };

export interface Stamp {
  /** Tile id of the stamp's top-left cell; the rest follow the image's layout. */
  base: number;
  w: number;
  h: number;
  /** Rows from the top that are roof: drawn in `Above`, walkable (a character behind the house is hidden). */
  aboveRows: number;
  /** Door cell inside the stamp, if any. */
  door?: { dx: number; dy: number };
}

export const STAMPS: Record<string, Stamp> = {
  whiteHouse: { base: 576, w: 5, h: 4, aboveRows: 1, door: { dx: 2, dy: 3 } },
  keep: { base: 581, w: 6, h: 4, aboveRows: 1, door: { dx: 4, dy: 3 } },
  redHouse: { base: 587, w: 5, h: 4, aboveRows: 1, door: { dx: 3, dy: 3 } },
  clinic: { base: 374, w: 5, h: 4, aboveRows: 1, door: { dx: 2, dy: 3 } },
  shop: { base: 369, w: 5, h: 4, aboveRows: 1, door: { dx: 2, dy: 3 } },
  blueHouse: { base: 379, w: 5, h: 4, aboveRows: 1, door: { dx: 2, dy: 3 } },
  logHouse: { base: 465, w: 5, h: 4, aboveRows: 1, door: { dx: 3, dy: 3 } },
  office: { base: 360, w: 9, h: 9, aboveRows: 1, door: { dx: 4, dy: 8 } },
  fountain: { base: 272, w: 3, h: 3, aboveRows: 0 },
  bush: { base: 275, w: 2, h: 2, aboveRows: 0 },
  stump: { base: 277, w: 2, h: 2, aboveRows: 0 },
  statue: { base: 304, w: 2, h: 3, aboveRows: 1 },
};

export function stampTile(s: Stamp, dx: number, dy: number): number {
  return s.base + dy * COLUMNS + dx;
}

/** The keep's door is the way down into the dungeon: the one door a character can step onto. */
const KEEP_DOOR = stampTile(STAMPS.keep, STAMPS.keep.door!.dx, STAMPS.keep.door!.dy);

/** Tiles marked `collides` in the Tuxemon team's own town map (its tileset's tile properties). */
function tuxemonTownColliders(): number[] {
  const ranges: [number, number][] = [
    [168, 169],
    [192, 193],
    [216, 218],
    [224, 225],
    [240, 242],
    [264, 268],
    [272, 274],
    [288, 291],
    [296, 298],
    [304, 305],
    [312, 314],
    [320, 329],
    [347, 358],
    [360, 368],
    [384, 464],
    [480, 560],
    [600, 615],
    [624, 639],
    [648, 663],
  ];
  const ids: number[] = [];
  for (const [a, b] of ranges) for (let id = a; id <= b; id++) ids.push(id);
  return ids;
}

/**
 * Collision as this project's maps use it: the Tuxemon town's markings, plus water, bushes and stumps
 * (not used in that map, so never marked), minus roof tops drawn in `Above` (a character may walk behind a
 * house) and minus the keep's door.
 */
export function collidingTiles(): Set<number> {
  const ids = new Set(tuxemonTownColliders());
  for (const id of WATER) ids.add(id);
  for (const s of [STAMPS.bush, STAMPS.stump]) {
    for (let dy = 0; dy < s.h; dy++) for (let dx = 0; dx < s.w; dx++) ids.add(stampTile(s, dx, dy));
  }
  for (const s of Object.values(STAMPS)) {
    for (let dy = 0; dy < s.aboveRows; dy++) {
      for (let dx = 0; dx < s.w; dx++) if (s !== STAMPS.statue) ids.delete(stampTile(s, dx, dy));
    }
  }
  ids.delete(KEEP_DOOR);
  return ids;
}

export function tuxemonTileset(): TilesetSpec {
  const tileProps = new Map<number, Record<string, PropertyValue>>();
  for (const id of collidingTiles()) tileProps.set(id, { collides: true });
  return {
    name: 'tuxemon',
    image: '../assets/tilesets/tuxemon-32px.png',
    imageWidth: 816,
    imageHeight: 1020,
    tileSize: 32,
    margin: 1,
    spacing: 2,
    columns: COLUMNS,
    tileCount: 720,
    tileProps,
  };
}

/**
 * Picks the sand tile for each path cell from which of its neighbours are path too. Paths must be at least
 * two tiles wide: the art has no tile for a one-wide strip.
 */
export function sandTile(isPath: (x: number, y: number) => boolean, x: number, y: number): number {
  const n = isPath(x, y - 1);
  const s = isPath(x, y + 1);
  const w = isPath(x - 1, y);
  const e = isPath(x + 1, y);
  if (!n && !w) return SAND.nw;
  if (!n && !e) return SAND.ne;
  if (!s && !w) return SAND.sw;
  if (!s && !e) return SAND.se;
  if (!n) return SAND.n;
  if (!s) return SAND.s;
  if (!w) return SAND.w;
  if (!e) return SAND.e;
  if (!isPath(x + 1, y + 1)) return SAND.innerSE;
  if (!isPath(x - 1, y + 1)) return SAND.innerSW;
  if (!isPath(x + 1, y - 1)) return SAND.innerNE;
  if (!isPath(x - 1, y - 1)) return SAND.innerNW;
  return SAND.center;
}
