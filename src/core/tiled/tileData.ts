import { MAX_GRID_CELLS } from '../grid/index.ts';
import { type DataSite, decodeLayerData } from './decodeLayerData.ts';
import { describe, intField, isObject, type Json } from './json.ts';
import type { FlatLayer } from './layers.ts';
import { mapError } from './MapLoadError.ts';
import { findTileset, type TilesetEntry } from './tilesets.ts';

/** Tiled's flip bits of a gid: horizontal, vertical, anti-diagonal (with the other two, a rotation). */
export const FLIP_H = 0x80000000;
export const FLIP_V = 0x40000000;
export const FLIP_D = 0x20000000;
/** The three flip bits Phaser understands (horizontal, vertical, anti-diagonal). */
export const FLIP_FLAGS = 0xe0000000;
/** Masks every flag bit, the hexagonal 120° rotation (bit 28) included, leaving the gid. */
export const GID_MASK = 0x0fffffff;
/** Bounds every tile layer together may hold, so a map with hundreds of huge layers is refused, not swapped. */
const MAX_LAYER_CELLS = 64 * 1024 * 1024;
/** Chunk coordinates beyond this are not a real infinite map. */
const MAX_CHUNK_COORD = 1 << 24;

export interface GridBounds {
  /** Tiled tile coordinates of grid cell (0, 0). */
  originX: number;
  originY: number;
  width: number;
  height: number;
}

/** Checks a map's claimed size before anything is allocated. */
export function checkSize(width: number, height: number, file: string, what: string): void {
  if (width * height > MAX_GRID_CELLS) {
    throw mapError(
      file,
      `${what} is ${width} × ${height} tiles, more than the ${MAX_GRID_CELLS} tiles (4096 × 4096) the game can hold`,
    );
  }
}

/**
 * The grid's extent: the map's width × height, or for infinite maps the bounding box of every chunk of every
 * tile layer (chunk fields validated here, data not yet decoded).
 */
export function gridBounds(
  map: Json,
  layers: readonly FlatLayer[],
  infinite: boolean,
  file: string,
): GridBounds {
  const width = intField(map, 'width', file, 'the map', 1, Number.MAX_SAFE_INTEGER);
  const height = intField(map, 'height', file, 'the map', 1, Number.MAX_SAFE_INTEGER);
  if (!infinite) {
    checkSize(width, height, file, 'the map');
    return { originX: 0, originY: 0, width, height };
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const layer of layers) {
    if (layer.kind !== 'tile') continue;
    for (const chunk of chunksOf(layer, file)) {
      const what = `a chunk of layer "${layer.name}"`;
      const x = intField(chunk, 'x', file, what, -MAX_CHUNK_COORD, MAX_CHUNK_COORD);
      const y = intField(chunk, 'y', file, what, -MAX_CHUNK_COORD, MAX_CHUNK_COORD);
      const w = intField(chunk, 'width', file, what, 1, 4096);
      const h = intField(chunk, 'height', file, what, 1, 4096);
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x + w);
      maxY = Math.max(maxY, y + h);
    }
  }
  if (minX === Infinity) {
    checkSize(width, height, file, 'the map');
    return { originX: 0, originY: 0, width, height };
  }
  checkSize(maxX - minX, maxY - minY, file, 'the infinite map (the box around its chunks)');
  return { originX: minX, originY: minY, width: maxX - minX, height: maxY - minY };
}

function chunksOf(layer: FlatLayer, file: string): Json[] {
  const chunks = layer.raw.chunks;
  if (chunks === undefined) return [];
  if (!Array.isArray(chunks))
    throw mapError(file, `layer "${layer.name}" has "chunks" that is ${describe(chunks)}`);
  return chunks.map((c, i) => {
    if (!isObject(c))
      throw mapError(file, `chunk ${i + 1} of layer "${layer.name}" is ${describe(c)}, not an object`);
    return c;
  });
}

/**
 * Decodes every tile layer into grid-sized raw gids (flags kept) and checks each gid lands in a tileset.
 * Returns them in the order of `layers` (null for non-tile layers).
 */
export function decodeTileLayers(
  layers: readonly FlatLayer[],
  bounds: GridBounds,
  infinite: boolean,
  tilesets: readonly TilesetEntry[],
  file: string,
): (Uint32Array | null)[] {
  const size = bounds.width * bounds.height;
  const tileLayers = layers.filter((l) => l.kind === 'tile').length;
  if (tileLayers * size > MAX_LAYER_CELLS) {
    throw mapError(
      file,
      `its ${tileLayers} tile layers of ${size} tiles each are more than the game can hold`,
    );
  }
  return layers.map((layer) => {
    if (layer.kind !== 'tile') return null;
    const gids = infinite ? decodeChunks(layer, bounds, file) : decodeFinite(layer, bounds, file);
    checkGids(gids, layer, bounds, tilesets, file);
    return gids;
  });
}

function decodeFinite(layer: FlatLayer, bounds: GridBounds, file: string): Uint32Array {
  const raw = layer.raw;
  for (const key of ['width', 'height'] as const) {
    const v = raw[key];
    const want = key === 'width' ? bounds.width : bounds.height;
    if (v !== undefined && v !== want) {
      throw mapError(
        file,
        `layer "${layer.name}" is ${describe(raw.width)} × ${describe(raw.height)} tiles but the map is ${bounds.width} × ${bounds.height}`,
      );
    }
  }
  if (raw.data === undefined && raw.chunks !== undefined) {
    throw mapError(file, `layer "${layer.name}" is stored in chunks but the map is not marked infinite`);
  }
  const site: DataSite = { file, where: `layer "${layer.name}"` };
  return decodeLayerData(raw.data, raw.encoding, raw.compression, bounds.width * bounds.height, site);
}

function decodeChunks(layer: FlatLayer, bounds: GridBounds, file: string): Uint32Array {
  const out = new Uint32Array(bounds.width * bounds.height);
  const raw = layer.raw;
  for (const chunk of chunksOf(layer, file)) {
    const cx = (chunk.x as number) - bounds.originX;
    const cy = (chunk.y as number) - bounds.originY;
    const w = chunk.width as number;
    const h = chunk.height as number;
    const site: DataSite = { file, where: `chunk (${chunk.x}, ${chunk.y}) of layer "${layer.name}"` };
    const data = decodeLayerData(chunk.data, raw.encoding, raw.compression, w * h, site);
    for (let y = 0; y < h; y++) out.set(data.subarray(y * w, y * w + w), (cy + y) * bounds.width + cx);
  }
  return out;
}

function checkGids(
  gids: Uint32Array,
  layer: FlatLayer,
  bounds: GridBounds,
  tilesets: readonly TilesetEntry[],
  file: string,
): void {
  let lastOk = -1;
  for (let i = 0; i < gids.length; i++) {
    const gid = gids[i] & GID_MASK;
    if (gid === 0 || gid === lastOk) continue;
    if (findTileset(tilesets, gid) < 0) {
      const x = (i % bounds.width) + bounds.originX;
      const y = Math.floor(i / bounds.width) + bounds.originY;
      const last = tilesets[tilesets.length - 1];
      const range = last
        ? `the last tileset, "${last.name}", ends at gid ${last.firstgid + last.span - 1}`
        : 'the map has no tileset';
      throw mapError(
        file,
        `layer "${layer.name}" uses tile gid ${gid} at (${x}, ${y}), beyond every tileset (${range})`,
      );
    }
    lastOk = gid;
  }
}
