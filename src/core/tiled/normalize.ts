import type { Json } from './json.ts';
import type { FlatLayer } from './layers.ts';
import { toPropertyList } from './properties.ts';
import { resolveRelative } from './resolveRelative.ts';
import type { GridBounds } from './tileData.ts';
import type { TilesetEntry } from './tilesets.ts';
import type {
  NormalizedImageLayer,
  NormalizedLayer,
  NormalizedMap,
  NormalizedObjectLayer,
  NormalizedTileLayer,
  TiledObjectCurrent,
} from './types.ts';

/** Tiled's hexagonal 120° rotation flag: meaningless on orthogonal maps, and Phaser would read it as part of the gid. */
const HEX_ROTATION = 0x10000000;

/**
 * The map as Phaser's Tiled loader can draw it (see NormalizedMap). Unknown fields pass through untouched, so
 * anything Phaser reads that this loader does not know about still arrives.
 */
export function normalizeMap(
  map: Json,
  layers: readonly FlatLayer[],
  gidsByLayer: readonly (Uint32Array | null)[],
  tilesets: readonly TilesetEntry[],
  bounds: GridBounds,
  tileWidth: number,
  tileHeight: number,
  file: string,
): NormalizedMap {
  const { layers: _l, tilesets: _t, ...top } = map;
  const shiftX = -bounds.originX * tileWidth;
  const shiftY = -bounds.originY * tileHeight;
  const out: NormalizedLayer[] = layers.map((layer, i) => {
    const {
      chunks: _c,
      encoding: _e,
      compression: _z,
      startx: _sx,
      starty: _sy,
      data: _d,
      ...rest
    } = layer.raw;
    const common = {
      ...rest,
      name: layer.name,
      x: 0,
      y: 0,
      visible: layer.visible,
      opacity: layer.opacity,
      offsetx: layer.offsetx,
      offsety: layer.offsety,
      properties: toPropertyList(layer.properties),
    };
    const gids = gidsByLayer[i];
    if (layer.kind === 'tile' && gids) {
      const data = new Array<number>(gids.length);
      for (let k = 0; k < gids.length; k++) data[k] = (gids[k] & ~HEX_ROTATION) >>> 0;
      const tile: NormalizedTileLayer = {
        ...(common as unknown as NormalizedTileLayer),
        type: 'tilelayer',
        width: bounds.width,
        height: bounds.height,
        data,
      };
      return tile;
    }
    if (layer.kind === 'object') {
      const objects = (Array.isArray(layer.raw.objects) ? layer.raw.objects : []).map((o) => {
        const copy = { ...(o as Json) } as unknown as TiledObjectCurrent;
        if (typeof copy.x === 'number') copy.x += shiftX;
        if (typeof copy.y === 'number') copy.y += shiftY;
        if (typeof copy.gid === 'number') copy.gid = (copy.gid & ~HEX_ROTATION) >>> 0;
        return copy;
      });
      const group: NormalizedObjectLayer = {
        ...(common as unknown as NormalizedObjectLayer),
        type: 'objectgroup',
        draworder: layer.raw.draworder === 'index' ? 'index' : 'topdown',
        objects,
      };
      return group;
    }
    const image: NormalizedImageLayer = {
      ...(common as unknown as NormalizedImageLayer),
      type: 'imagelayer',
      image:
        typeof layer.raw.image === 'string' && layer.raw.image !== ''
          ? resolveRelative(file, layer.raw.image)
          : '',
    };
    return image;
  });
  return {
    ...(top as unknown as NormalizedMap),
    type: 'map',
    orientation: 'orthogonal',
    width: bounds.width,
    height: bounds.height,
    tilewidth: tileWidth,
    tileheight: tileHeight,
    infinite: false,
    renderorder:
      typeof map.renderorder === 'string' ? (map.renderorder as NormalizedMap['renderorder']) : 'right-down',
    version: typeof map.version === 'string' || typeof map.version === 'number' ? map.version : '1.10',
    layers: out,
    tilesets: tilesets.map((t) => t.json),
  };
}
