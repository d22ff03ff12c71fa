// Images every map uses, loaded once by the Preload scene. URLs are page-relative: the dev server serves the
// repository's assets/ folder and the build copies it next to index.html.

/**
 * grid-engine's characters: 12 × 8 frames of 52 × 72 px. Each of the 8 characters takes a block of 3 columns
 * (the walk cycle: step, stand, step) by 4 rows (facing down, left, right, up).
 */
export const CHARACTER_SHEET = {
  key: 'characters',
  url: 'assets/sprites/characters.png',
  frameWidth: 52,
  frameHeight: 72,
  columns: 12,
  /** Characters per row of blocks and per column of blocks. */
  blocksAcross: 4,
  blocksDown: 2,
} as const;

/** Texture key of a tileset image: by URL, so maps sharing a tileset share one texture. */
export function tilesetTextureKey(url: string): string {
  return `tileset:${url}`;
}

/** Cache key of a map's normalized Tiled JSON. */
export function tilemapKey(url: string): string {
  return `map:${url}`;
}
