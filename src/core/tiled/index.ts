export { fetchText } from './fetchText.ts';
export { loadTiledMap } from './loadTiledMap.ts';
export { MapLoadError } from './MapLoadError.ts';
export { resolveRelative } from './resolveRelative.ts';
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
  NormalizedLayer,
  NormalizedMap,
  NormalizedTileset,
  ReadText,
  Spawn,
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
