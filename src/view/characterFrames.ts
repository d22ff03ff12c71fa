// Which frame of which sheet shows a character: its look (the player's design in the character sheet, an enemy's
// kind in the monster sheet), its facing (row) and where it is in its walk cycle (column). No Phaser here: the
// sheets' layouts are plain numbers, shared with the scripts that draw them (tools/authoring/art/) and checked by unit tests.
import { CHARACTER_SHEET, MONSTER_KINDS, MONSTER_SHEET } from './assets.ts';

/**
 * Rows of a design's block, one per facing in the world's direction order (grid/directions.ts: 0 = N,
 * clockwise to 7 = NW), so a facing is its row. Both sheets draw all 8; a world that walks 4 ways uses 4.
 */
export const FACING_ROWS = 8;

/**
 * Facings drawn when the world moves only 4 ways: a diagonal (which such a world never walks, though a
 * character may still turn to face someone diagonally) shows its sideways pose, which reads as that way far
 * better than up or down does.
 */
const FOUR_WAY_ROW = [0, 2, 2, 2, 4, 6, 6, 6];

/** Columns of the walk cycle (step, stand, step, stand); the idle pose is the standing column. */
const WALK_CYCLE = [0, 1, 2, 1];
export const IDLE_COLUMN = 1;
/** Walk cycle frames per tile walked: two footfalls per tile. */
const FRAMES_PER_TILE = 2;

/** How a sheet lays out its designs: blocks of 3 walk columns × FACING_ROWS rows, `blocksAcross` to a row. */
export interface SheetLayout {
  key: string;
  columns: number;
  blocksAcross: number;
}

/** What a character wears: a sheet and the design (block) in it. */
export interface Look {
  sheet: SheetLayout;
  design: number;
}

/** The player wears the first design of the character sheet (the townsfolk's sheet: no monster wears it). */
export const PLAYER_LOOK: Look = { sheet: CHARACTER_SHEET, design: 0 };

/**
 * The look of a character: the player's, or its kind's block in the monster sheet. A kind the sheet does not
 * draw shows as the last one (the skeleton, the world's standard enemy).
 */
export function lookOf(kind: 'player' | 'enemy', species: string): Look {
  if (kind === 'player') return PLAYER_LOOK;
  const design = (MONSTER_KINDS as readonly string[]).indexOf(species);
  return { sheet: MONSTER_SHEET, design: design >= 0 ? design : MONSTER_KINDS.length - 1 };
}

/** The sheet row (within a design's block) for a facing, with 8 facings drawn or only 4. */
export function facingRow(facing: number, facings: 4 | 8): number {
  return facings === 8 ? facing & 7 : FOUR_WAY_ROW[facing & 7];
}

/** Frame index in `sheet` of `design`'s pose at `row` and walk column `column`. */
export function sheetFrame(sheet: SheetLayout, design: number, row: number, column: number): number {
  const across = sheet.blocksAcross;
  const bx = design % across;
  const by = (design - bx) / across;
  return (by * FACING_ROWS + row) * sheet.columns + bx * 3 + column;
}

/**
 * The frame a character shows: walking, the walk cycle of its facing, driven by the distance it has covered
 * (`odometer`, in tiles: no feet sliding); standing, its facing's idle pose.
 */
export function poseFrame(
  look: Look,
  facing: number,
  facings: 4 | 8,
  moving: boolean,
  odometer: number,
): number {
  const column = moving ? WALK_CYCLE[Math.floor(odometer * FRAMES_PER_TILE) & 3] : IDLE_COLUMN;
  return sheetFrame(look.sheet, look.design, facingRow(facing, facings), column);
}
