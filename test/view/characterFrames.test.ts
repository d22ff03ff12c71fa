// Which frame a character shows: a character walking diagonally shows its diagonal row's walk cycle and, when
// it stops, that row's idle pose; a world that walks only 4 ways shows the side pose for a diagonal facing.
import { describe, expect, test } from 'vitest';
import { CHARACTER_SHEET } from '../../src/view/assets.ts';
import { designOf, FACING_ROWS, facingRow, IDLE_COLUMN, poseFrame } from '../../src/view/characterFrames.ts';

const N = 0;
const NE = 1;
const E = 2;
const SE = 3;
const S = 4;
const SW = 5;
const W = 6;
const NW = 7;

/** Where a frame index lies in the sheet: design, facing row and walk column. */
function place(frame: number) {
  const { columns, blocksAcross } = CHARACTER_SHEET;
  const sheetRow = Math.floor(frame / columns);
  const sheetCol = frame % columns;
  const design = Math.floor(sheetRow / FACING_ROWS) * blocksAcross + Math.floor(sheetCol / 3);
  return { design, row: sheetRow % FACING_ROWS, column: sheetCol % 3 };
}

/** The frames shown over a walk of `tiles` tiles, sampled every 0.05 tile, as an animation would. */
function walk(design: number, facing: number, facings: 4 | 8, tiles: number) {
  const shown: ReturnType<typeof place>[] = [];
  for (let d = 0; d <= tiles; d += 0.05) shown.push(place(poseFrame(design, facing, facings, true, d)));
  return shown;
}

describe('character frames', () => {
  test('with 8 facings each facing has its own row: the diagonals are not the side poses', () => {
    expect([N, NE, E, SE, S, SW, W, NW].map((f) => facingRow(f, 8))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set([NE, SE, SW, NW].map((f) => facingRow(f, 8)))).toEqual(new Set([1, 3, 5, 7]));
  });

  test('with 4 facings a diagonal shows the side pose toward its horizontal half', () => {
    expect([N, NE, E, SE, S, SW, W, NW].map((f) => facingRow(f, 4))).toEqual([0, 2, 2, 2, 4, 6, 6, 6]);
  });

  test('the player walking south-east shows its south-east walk cycle, then the south-east idle pose', () => {
    const player = designOf('player', 1);
    const shown = walk(player, SE, 8, 4.2);
    for (const p of shown) expect(p).toMatchObject({ design: player, row: SE });
    // Two footfalls a tile: both step frames and the standing one come by, in order step, stand, step, stand.
    const columns = shown.map((p) => p.column).filter((c, i, a) => i === 0 || a[i - 1] !== c);
    expect(columns.slice(0, 8)).toEqual([0, 1, 2, 1, 0, 1, 2, 1]);
    expect(place(poseFrame(player, SE, 8, false, 1.3))).toEqual({
      design: player,
      row: SE,
      column: IDLE_COLUMN,
    });
  });

  test('every enemy design walks its own diagonal rows', () => {
    for (let id = 2; id < 2 + 14; id++) {
      const design = designOf('enemy', id);
      expect(design).toBeGreaterThanOrEqual(1);
      expect(design).toBeLessThan(CHARACTER_SHEET.blocksAcross * CHARACTER_SHEET.blocksDown);
      for (const facing of [NE, SE, SW, NW])
        for (const p of walk(design, facing, 8, 1)) expect(p).toMatchObject({ design, row: facing });
    }
  });

  test('in a world that walks 4 ways, the same diagonal facing shows the side pose', () => {
    for (const p of walk(0, SE, 4, 1)) expect(p.row).toBe(E);
    for (const p of walk(0, NW, 4, 1)) expect(p.row).toBe(W);
  });

  test('every frame index lies inside the sheet', () => {
    const frames = (CHARACTER_SHEET.columns * CHARACTER_SHEET.blocksDown * FACING_ROWS) | 0;
    for (let design = 0; design < 8; design++)
      for (let facing = 0; facing < 8; facing++)
        for (const d of [0, 0.3, 0.6, 0.9]) {
          const f = poseFrame(design, facing, 8, true, d);
          expect(f).toBeGreaterThanOrEqual(0);
          expect(f).toBeLessThan(frames);
        }
  });
});
