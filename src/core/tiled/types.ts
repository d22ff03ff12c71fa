import type {
  TiledLayerImagelayer,
  TiledLayerObjectgroup,
  TiledLayerTilelayer,
  TiledMapOrthogonal,
  TiledObject,
  TiledProperty,
  TiledTile,
  TiledTileset,
} from 'tiled-types';
import type { NavGrid } from '../grid/index.ts';

/** Reads a text file: `fetch` in the browser (see fetchText.ts), the file system in Node (tools/lib/node-reader.ts). */
export type ReadText = (url: string) => Promise<string>;

// tiled-types describes Tiled 1.4; these add what current Tiled (1.9–1.11) writes.

/** A map object as Tiled ≥ 1.9 saves it: `class` replaces `type`, templates leave most fields out. */
export interface TiledObjectCurrent extends Omit<TiledObject, 'type' | 'properties'> {
  type?: string;
  class?: string;
  properties?: TiledProperty[];
}

export interface TiledTileCurrent extends Omit<TiledTile, 'type'> {
  type?: string;
  class?: string;
}

/** Layer fields common to the normalized layers (Tiled ≥ 1.9 `class`, parallax and tint included). */
interface LayerExtras {
  class?: string;
  parallaxx?: number;
  parallaxy?: number;
}

/** A tile layer as Phaser's Tiled parser reads it best: finite, CSV, one gid per cell, row by row. */
export interface NormalizedTileLayer
  extends Omit<TiledLayerTilelayer, 'data' | 'chunks' | 'encoding' | 'compression'>,
    LayerExtras {
  data: number[];
}

export interface NormalizedObjectLayer extends Omit<TiledLayerObjectgroup, 'objects'>, LayerExtras {
  objects: TiledObjectCurrent[];
}

export interface NormalizedImageLayer extends TiledLayerImagelayer, LayerExtras {}

export type NormalizedLayer = NormalizedTileLayer | NormalizedObjectLayer | NormalizedImageLayer;

/** An embedded tileset with its image path already resolved to a URL the game can load. */
export interface NormalizedTileset extends Omit<TiledTileset, 'source' | 'tiles'> {
  tiles?: TiledTileCurrent[];
  class?: string;
}

/**
 * The map handed to Phaser (`this.load.tilemapTiledJSON(key, normalized)`): orthogonal, finite, CSV tile data,
 * group layers flattened (named `group/layer` as Phaser names them), external tilesets embedded, image URLs
 * resolved, and the hexagonal-rotation flag (bit 28), which Phaser does not mask, cleared.
 */
export interface NormalizedMap
  extends Omit<TiledMapOrthogonal, 'layers' | 'tilesets' | 'version' | 'infinite' | 'nextobjectid'> {
  version: string | number;
  infinite: false;
  nextobjectid?: number;
  class?: string;
  layers: NormalizedLayer[];
  tilesets: NormalizedTileset[];
}

export interface Spawn {
  type: 'player' | 'enemy';
  /** The tile under the object's centre. */
  x: number;
  y: number;
  name: string;
  /** The object's custom properties (enemies: `speed`, `aggro`, `leash`…), passed through as written. */
  properties: Record<string, unknown>;
  /** The Tiled object id, absent for the fallback player spawn. */
  objectId?: number;
}

export interface Exit {
  /** Top-left tile of the tiles the exit object covers. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The `map` property as written: the name or path of the map to load. */
  map: string;
  /** Arrival tile in the next map (the `x`, `y` properties), when given. */
  toX?: number;
  toY?: number;
  name: string;
  properties: Record<string, unknown>;
}

export interface LayerInfo {
  /** The layer's name in `normalized` (`group/layer` inside groups, ` #2` added to a repeated name): unique, what Phaser's `createLayer` takes. */
  name: string;
  /** Index into `normalized.layers`. */
  index: number;
  kind: 'tile' | 'object' | 'image';
  /** Visible in Tiled (a hidden group hides its layers). */
  visible: boolean;
  /** Everything it holds blocks (named `Collision`/`Collisions`, or property `collides` true). */
  collision: boolean;
  /** Drawn over the characters (named `Above`, or property `above` true). */
  above: boolean;
  /** Its custom properties, a group's properties inherited where the layer does not set them. */
  properties: Record<string, unknown>;
}

export interface LoadedMap {
  name: string;
  /** In tiles. For infinite maps: the bounding box of all chunks. */
  width: number;
  height: number;
  tileWidth: number;
  tileHeight: number;
  orientation: string;
  /**
   * Where tile (0, 0) of the grid lies in Tiled's tile coordinates: (0, 0) for finite maps, the top-left chunk
   * corner for infinite ones (objects in `normalized` are already shifted by it).
   */
  origin: { x: number; y: number };
  nav: NavGrid;
  /** Exactly one `player` spawn first, then the enemies in map order. */
  spawns: Spawn[];
  exits: Exit[];
  layers: LayerInfo[];
  properties: Record<string, unknown>;
  /** How characters move on it: 8 ways (the default) or 4, from the map property `moves`. */
  moves: 8 | 4;
  /**
   * Seconds a defeated enemy stays off the map before it comes back (map property `respawn`; an enemy spawn's
   * own `respawn` overrides it; 0: never). Absent: the game's default (30 s).
   */
  respawn?: number;
  /**
   * Tiles around the player's start where no enemy starts, from the map property `safeRadius`; undefined when
   * the map does not say (the game's default, core/world/populate's DEFAULT_SAFE_RADIUS).
   */
  safeRadius?: number;
  normalized: NormalizedMap;
  /** One entry per tileset image (image-collection tilesets: one per tile, with its `tileId`). */
  tilesetImages: { name: string; url: string; tileId?: number }[];
  /** Things the map author should know that do not stop the map from loading (each one sentence). */
  warnings: string[];
}
