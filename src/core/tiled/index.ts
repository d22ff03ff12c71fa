// The Tiled reader's front door: maps (JSON or TMX) and worlds in, a NavGrid, spawns, exits and what Phaser draws
// out, every fault one sentence (MapLoadError). Nothing outside src/core/tiled imports its files directly.
export { fetchText } from './fetchText.ts';
export { loadTiledMap } from './loadTiledMap.ts';
export { MapLoadError } from './MapLoadError.ts';
export { resolveRelative } from './resolveRelative.ts';
export { nearestWalkable } from './spawns.ts';
export { FLIP_D, FLIP_FLAGS, FLIP_H, FLIP_V, GID_MASK } from './tileData.ts';
export {
  loadTiledWorld,
  placeByPattern,
  readTiledWorld,
  type TiledWorld,
  type WorldMap,
} from './tiledWorld.ts';
export type {
  Exit,
  LayerInfo,
  LoadedMap,
  NormalizedImageLayer,
  NormalizedLayer,
  NormalizedMap,
  NormalizedObjectLayer,
  NormalizedTileLayer,
  NormalizedTileset,
  ReadText,
  Spawn,
  TiledObjectCurrent,
} from './types.ts';
export {
  checkMapSize,
  type Landing,
  landingOf,
  layoutOf,
  mapAt,
  neighboursOf,
  type WorldLayout,
} from './worldLayout.ts';
export { describeXmlError, parseXml, type XmlElement, XmlError, type XmlParser } from './xml.ts';
