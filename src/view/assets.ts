// Images every map uses, loaded once by the Preload scene. URLs are page-relative: the dev server serves the
// repository's assets/ folder and the build copies it next to index.html.

/**
 * The characters: 8 designs of 52 × 72 px frames. Each design takes a block of 3 columns (the walk cycle: step,
 * stand, step) by 8 rows, one per facing in the world's direction order (N, NE, E, SE, S, SW, W, NW). Drawn by
 * tools/authoring/art/drawCharacterFacings.ts from grid-engine's 4-facing sheet (assets/CREDITS.md).
 */
export const CHARACTER_SHEET = {
  key: 'characters',
  url: 'assets/sprites/characters-8-facings.png',
  frameWidth: 52,
  frameHeight: 72,
  columns: 12,
  /** Designs per row of blocks and per column of blocks. */
  blocksAcross: 4,
  blocksDown: 2,
} as const;

/** Texture key of a tileset image: by URL, so maps sharing a tileset share one texture. */
export function tilesetTextureKey(url: string): string {
  return `tileset:${url}`;
}

/**
 * The monsters: one block per kind (MONSTER_KINDS order) of 3 columns (the walk cycle: step, stand, step) by 8 rows,
 * one per facing in the world's direction order, in frames of the characters' size and stance. Drawn by
 * tools/authoring/art/drawMonsters.ts.
 */
export const MONSTER_SHEET = {
  key: 'monsters',
  url: 'assets/sprites/monsters.png',
  frameWidth: 52,
  frameHeight: 72,
  columns: 9,
  blocksAcross: 3,
  blocksDown: 1,
} as const;

/** The kinds of enemy the monster sheet draws, in its block order (core/world/species.ts gives their speed and hp). */
export const MONSTER_KINDS = ['slime', 'bat', 'skeleton'] as const;

/** Every sprite sheet the World scene draws characters with (loaded once, by whichever map comes first). */
export const SPRITE_SHEETS: readonly { key: string; url: string; frameWidth: number; frameHeight: number }[] =
  [CHARACTER_SHEET, MONSTER_SHEET];
