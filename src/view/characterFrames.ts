// Which frame of the character sheet shows a character: its design (block), its facing (row) and where it is
// in its walk cycle (column). No Phaser here: the sheet's layout is plain numbers, shared with the script that
// draws the sheet (tools/art/drawCharacterFacings.ts) and checked by unit tests.
import { CHARACTER_SHEET } from './assets.ts';

/**
 * Rows of a character's block, one per facing in the world's direction order (grid/directions.ts: 0 = N,
 * clockwise to 7 = NW), so a facing is its row. The straight rows are grid-engine's art as drawn; the
 * diagonal rows are 3/4 views derived from it (see the drawing script).
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

/** Character designs in the sheet; the player wears the first, enemies the others in turn by id. */
export const DESIGNS = CHARACTER_SHEET.blocksAcross * CHARACTER_SHEET.blocksDown;
const PLAYER_DESIGN = 0;

export function designOf(kind: 'player' | 'enemy', id: number): number {
  return kind === 'player' ? PLAYER_DESIGN : 1 + ((((id - 2) % (DESIGNS - 1)) + DESIGNS - 1) % (DESIGNS - 1));
}

/** The sheet row (within a design's block) for a facing, with 8 facings drawn or only 4. */
export function facingRow(facing: number, facings: 4 | 8): number {
  return facings === 8 ? facing & 7 : FOUR_WAY_ROW[facing & 7];
}

/** Frame index in the sheet of `design`'s pose at `row` and walk column `column`. */
export function sheetFrame(design: number, row: number, column: number): number {
  const across = CHARACTER_SHEET.blocksAcross;
  const bx = design % across;
  const by = (design - bx) / across;
  return (by * FACING_ROWS + row) * CHARACTER_SHEET.columns + bx * 3 + column;
}

/**
 * The frame a character shows: walking, the walk cycle of its facing, driven by the distance it has covered
 * (`odometer`, in tiles: no feet sliding); standing, its facing's idle pose.
 */
export function poseFrame(
  design: number,
  facing: number,
  facings: 4 | 8,
  moving: boolean,
  odometer: number,
): number {
  const column = moving ? WALK_CYCLE[Math.floor(odometer * FRAMES_PER_TILE) & 3] : IDLE_COLUMN;
  return sheetFrame(design, facingRow(facing, facings), column);
}
