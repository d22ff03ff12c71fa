// Which frame a character shows: a character walking diagonally shows its diagonal row's walk cycle and, when
// it stops, that row's idle pose; a world that walks only 4 ways shows the side pose for a diagonal facing. The
// player wears the character sheet, each enemy its kind's block of the monster sheet.
import { describe, expect, test } from 'vitest';
import { CHARACTER_SHEET, MONSTER_KINDS, MONSTER_SHEET } from '../../src/view/assets.ts';
import {
  FACING_ROWS,
  facingRow,
  IDLE_COLUMN,
  type Look,
  lookOf,
  PLAYER_LOOK,
  poseFrame,
} from '../../src/view/characterFrames.ts';

const N = 0;
const NE = 1;
const E = 2;
const SE = 3;
const S = 4;
const SW = 5;
const W = 6;
const NW = 7;

/** Where a frame index lies in a sheet: design, facing row and walk column. */
function place(frame: number, sheet: { columns: number; blocksAcross: number } = CHARACTER_SHEET) {
  const { columns, blocksAcross } = sheet;
  const sheetRow = Math.floor(frame / columns);
  const sheetCol = frame % columns;
  const design = Math.floor(sheetRow / FACING_ROWS) * blocksAcross + Math.floor(sheetCol / 3);
  return { design, row: sheetRow % FACING_ROWS, column: sheetCol % 3 };
}

/** The frames shown over a walk of `tiles` tiles, sampled every 0.05 tile, as an animation would. */
function walk(look: Look, facing: number, facings: 4 | 8, tiles: number) {
  const shown: ReturnType<typeof place>[] = [];
  for (let d = 0; d <= tiles; d += 0.05)
    shown.push(place(poseFrame(look, facing, facings, true, d), look.sheet));
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
    const player = lookOf('player', '');
    expect(player.sheet.key).toBe(CHARACTER_SHEET.key);
    const shown = walk(player, SE, 8, 4.2);
    for (const p of shown) expect(p).toMatchObject({ design: player.design, row: SE });
    // Two footfalls a tile: both step frames and the standing one come by, in order step, stand, step, stand.
    const columns = shown.map((p) => p.column).filter((c, i, a) => i === 0 || a[i - 1] !== c);
    expect(columns.slice(0, 8)).toEqual([0, 1, 2, 1, 0, 1, 2, 1]);
    expect(place(poseFrame(player, SE, 8, false, 1.3))).toEqual({
      design: player.design,
      row: SE,
      column: IDLE_COLUMN,
    });
  });

  test('each enemy kind wears its own block of the monster sheet, never the player’s sheet', () => {
    const designs = MONSTER_KINDS.map((kind) => lookOf('enemy', kind));
    for (const look of designs) expect(look.sheet.key).toBe(MONSTER_SHEET.key);
    expect(designs.map((l) => l.design)).toEqual([0, 1, 2]);
    expect(PLAYER_LOOK.sheet.key).not.toBe(MONSTER_SHEET.key);
    // An enemy of a kind the sheet does not draw is a skeleton, the world's standard enemy.
    expect(lookOf('enemy', '')).toEqual(lookOf('enemy', 'skeleton'));
  });

  test('every enemy kind walks its own diagonal rows, and stands in its idle pose', () => {
    for (const kind of MONSTER_KINDS) {
      const look = lookOf('enemy', kind);
      for (const facing of [NE, SE, SW, NW]) {
        for (const p of walk(look, facing, 8, 1))
          expect(p).toMatchObject({ design: look.design, row: facing });
        expect(place(poseFrame(look, facing, 8, false, 0.7), MONSTER_SHEET)).toEqual({
          design: look.design,
          row: facing,
          column: IDLE_COLUMN,
        });
      }
    }
  });

  test('in a world that walks 4 ways, the same diagonal facing shows the side pose, in both sheets', () => {
    for (const look of [PLAYER_LOOK, lookOf('enemy', 'bat')]) {
      for (const p of walk(look, SE, 4, 1)) expect(p.row).toBe(E);
      for (const p of walk(look, NW, 4, 1)) expect(p.row).toBe(W);
      for (const p of walk(look, N, 4, 1)) expect(p.row).toBe(N);
      expect(place(poseFrame(look, SW, 4, false, 0), look.sheet).row).toBe(W);
    }
  });

  test('every frame index lies inside its sheet', () => {
    const looks = [PLAYER_LOOK, ...MONSTER_KINDS.map((k) => lookOf('enemy', k))];
    for (let design = 1; design < 8; design++) looks.push({ sheet: CHARACTER_SHEET, design });
    for (const look of looks) {
      const s = look.sheet as typeof CHARACTER_SHEET | typeof MONSTER_SHEET;
      const frames = s.columns * s.blocksDown * FACING_ROWS;
      for (let facing = 0; facing < 8; facing++)
        for (const d of [0, 0.3, 0.6, 0.9]) {
          const f = poseFrame(look, facing, 8, true, d);
          expect(f).toBeGreaterThanOrEqual(0);
          expect(f).toBeLessThan(frames);
        }
    }
  });
});
