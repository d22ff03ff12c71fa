// Which map chunks the camera needs: plain arithmetic over tile rectangles, no Phaser, so it is tested in Node.
// The map is cut into square chunks of CHUNK_TILES tiles a side; a chunk is drawn while any of its tiles could
// show in the view (a tile drawn larger than the map's grid, or offset, reaches past its own cell: the margin).

/** Tiles per chunk side: a chunk is ~1,000 tiles, a 1280 × 720 view at zoom 1 needs at most 3 × 2 of them. */
export const CHUNK_TILES = 32;

/** An inclusive range of chunk columns and rows (empty when x1 < x0 or y1 < y0). */
export interface ChunkRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The chunks whose tiles may draw into the rectangle (left, top, width, height, world pixels) of a layer
 * drawn at (offsetX, offsetY), grown by `margin` tiles on every side, clipped to the map's `cols` × `rows`
 * chunks.
 */
export function chunksFor(
  left: number,
  top: number,
  width: number,
  height: number,
  tileWidth: number,
  tileHeight: number,
  offsetX: number,
  offsetY: number,
  margin: number,
  cols: number,
  rows: number,
  out: ChunkRect,
): ChunkRect {
  // Tile columns and rows of the map (in the layer's own grid) that the rectangle touches.
  const tx0 = Math.floor((left - offsetX) / tileWidth) - margin;
  const tx1 = Math.floor((left + width - offsetX) / tileWidth) + margin;
  const ty0 = Math.floor((top - offsetY) / tileHeight) - margin;
  const ty1 = Math.floor((top + height - offsetY) / tileHeight) + margin;
  out.x0 = Math.max(0, Math.floor(tx0 / CHUNK_TILES));
  out.y0 = Math.max(0, Math.floor(ty0 / CHUNK_TILES));
  out.x1 = Math.min(cols - 1, Math.floor(tx1 / CHUNK_TILES));
  out.y1 = Math.min(rows - 1, Math.floor(ty1 / CHUNK_TILES));
  return out;
}

export function inRect(r: ChunkRect, cx: number, cy: number): boolean {
  return cx >= r.x0 && cx <= r.x1 && cy >= r.y0 && cy <= r.y1;
}
