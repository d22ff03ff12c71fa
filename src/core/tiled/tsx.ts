import type { Json } from './json.ts';
import { mapError } from './MapLoadError.ts';

/** Reads a TSX (XML) tileset into the JSON tileset shape. */
export function readTsxTileset(_text: string, url: string): Json {
  throw mapError(url, 'this TSX (XML) tileset cannot be read; save it as JSON (.tsj) in Tiled');
}
