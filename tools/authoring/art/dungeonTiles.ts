// The dungeon tileset's vocabulary, shared by the script that draws the image and the one that lays out
// the dungeon map. 8 columns of 32 px tiles; rows 0–1 are single tiles, rows 2–3 the wall tops.
import type { PropertyValue, TilesetSpec } from '../maps/tiledJson.ts';

export const TILE = 32;
export const COLUMNS = 8;
/** Each tile is extruded by one pixel (margin 1, spacing 2) so no neighbour bleeds in when the camera zooms. */
export const MARGIN = 1;
export const SPACING = 2;

export const D = {
  floor: 0,
  floorCracked: 1,
  floorMoss: 2,
  /** Floor just below a wall face: the wall's shadow falls across its top. */
  floorShadow: 3,
  wallFace: 4,
  wallTorch: 5,
  stairsUp: 6,
  rubble: 7,
  bones: 8,
  water: 9,
  carpet: 10,
  /** Drawn in `Above` over a doorway cut through a wall face: a character walking through passes under it. */
  arch: 11,
  grate: 12,
  chest: 13,
  pillar: 14,
  candles: 15,
  /**
   * Wall tops seen from above, 16 of them: bit 1 when the neighbour north is open floor, 2 east, 4 south,
   * 8 west; a lit rim is drawn on those sides.
   */
  wallTop: 16,
} as const;

export const TILE_COUNT = 32;

const BLOCKING: number[] = [D.wallFace, D.wallTorch, D.rubble, D.water, D.chest, D.pillar];

export function dungeonTileset(): TilesetSpec {
  const tileProps = new Map<number, Record<string, PropertyValue>>();
  for (const id of BLOCKING) tileProps.set(id, { collides: true });
  for (let m = 0; m < 16; m++) tileProps.set(D.wallTop + m, { collides: true });
  const rows = TILE_COUNT / COLUMNS;
  return {
    name: 'dungeon',
    image: '../assets/tilesets/dungeon-32px.png',
    imageWidth: MARGIN * 2 + COLUMNS * TILE + (COLUMNS - 1) * SPACING,
    imageHeight: MARGIN * 2 + rows * TILE + (rows - 1) * SPACING,
    tileSize: TILE,
    margin: MARGIN,
    spacing: SPACING,
    columns: COLUMNS,
    tileCount: TILE_COUNT,
    tileProps,
  };
}
