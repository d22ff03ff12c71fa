// The 8-facing character sheet: the committed image is what its script draws, the straight poses are
// grid-engine's as drawn, and each diagonal is a pose of its own (a 3/4 view: the head of the front or back
// view on the stride of the side view), for every design and walk frame.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import { CHARACTER_SHEET } from '../../src/view/assets.ts';
import { FACING_ROWS } from '../../src/view/characterFrames.ts';
import { drawCharacterFacings } from '../../tools/authoring/art/drawCharacterFacings.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const SOURCE = join(ROOT, 'assets', 'sprites', 'characters.png');
const source = PNG.sync.read(readFileSync(SOURCE));
const sheet = PNG.sync.read(readFileSync(join(ROOT, CHARACTER_SHEET.url)));
const { frameWidth: FW, blocksAcross } = CHARACTER_SHEET;
const FH: number = CHARACTER_SHEET.frameHeight;
const DESIGNS = CHARACTER_SHEET.blocksAcross * CHARACTER_SHEET.blocksDown;

/** grid-engine's rows: down, left, right, up. */
const SRC = { down: 0, left: 1, right: 2, up: 3 };
/** World facings (rows of the new sheet). */
const F = { N: 0, NE: 1, E: 2, SE: 3, S: 4, SW: 5, W: 6, NW: 7 };

/** Rows [y0, y1) of one frame as RGBA bytes. */
function frameRows(
  img: PNG,
  rowsPerDesign: number,
  design: number,
  row: number,
  col: number,
  y0 = 0,
  y1 = FH,
) {
  const bx = design % blocksAcross;
  const by = (design - bx) / blocksAcross;
  const x = (bx * 3 + col) * FW;
  const top = (by * rowsPerDesign + row) * FH;
  const out = Buffer.alloc((y1 - y0) * FW * 4);
  for (let y = y0; y < y1; y++)
    img.data.copy(
      out,
      (y - y0) * FW * 4,
      ((top + y) * img.width + x) * 4,
      ((top + y) * img.width + x + FW) * 4,
    );
  return out;
}
const drawn = (d: number, facing: number, col: number, y0?: number, y1?: number) =>
  frameRows(sheet, FACING_ROWS, d, facing, col, y0, y1);
const original = (d: number, row: number, col: number, y0?: number, y1?: number) =>
  frameRows(source, 4, d, row, col, y0, y1);

/** Same picture: equal colours wherever either is opaque (what is under a transparent pixel does not show). */
function same(a: Buffer, b: Buffer): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i + 3] === 0 && b[i + 3] === 0) continue;
    if (a.readUInt32BE(i) !== b.readUInt32BE(i)) return false;
  }
  return true;
}

function opaque(buf: Buffer): number {
  let n = 0;
  for (let i = 3; i < buf.length; i += 4) if (buf[i] !== 0) n++;
  return n;
}

describe('the 8-facing character sheet', () => {
  test('the committed image is exactly what tools/authoring/art/drawCharacterFacings.ts draws', () => {
    const again = drawCharacterFacings(source, SOURCE);
    expect([sheet.width, sheet.height]).toEqual([624, 1152]);
    expect(
      Buffer.compare(again.data, sheet.data),
      'rerun the script: npx tsx tools/authoring/art/drawCharacterFacings.ts',
    ).toBe(0);
  });

  test('the straight facings are grid-engine’s poses, unchanged', () => {
    const straight: [number, number][] = [
      [F.N, SRC.up],
      [F.E, SRC.right],
      [F.S, SRC.down],
      [F.W, SRC.left],
    ];
    for (let d = 0; d < DESIGNS; d++)
      for (let col = 0; col < 3; col++)
        for (const [facing, row] of straight)
          expect(same(drawn(d, facing, col), original(d, row, col))).toBe(true);
  });

  test('each diagonal frame is its own pose: a front or back head on a side stride', () => {
    const diagonals: [number, number, number][] = [
      [F.NE, SRC.up, SRC.right],
      [F.SE, SRC.down, SRC.right],
      [F.SW, SRC.down, SRC.left],
      [F.NW, SRC.up, SRC.left],
    ];
    for (let d = 0; d < DESIGNS; d++)
      for (let col = 0; col < 3; col++)
        for (const [facing, head, body] of diagonals) {
          const frame = drawn(d, facing, col);
          const what = `design ${d}, facing ${facing}, walk frame ${col}`;
          for (const row of Object.values(SRC)) expect(same(frame, original(d, row, col)), what).toBe(false);
          // The top of the head (hair, cap, face) is the front or back view's: toward or away from the viewer.
          expect(same(drawn(d, facing, col, 0, 28), original(d, head, col, 0, 28)), what).toBe(true);
          // The legs and feet are the side view's stride: sideways.
          expect(same(drawn(d, facing, col, 56, FH), original(d, body, col, 56, FH)), what).toBe(true);
          // A whole figure: no more than a few stray pixels fewer or more than its parts' poses.
          const size = opaque(frame);
          expect(size, what).toBeGreaterThan(
            0.8 * Math.min(opaque(original(d, head, col)), opaque(original(d, body, col))),
          );
        }
  });

  test('a source that is not grid-engine’s sheet is refused with one sentence naming it', () => {
    const wrong = new PNG({ width: 100, height: 100 });
    expect(() => drawCharacterFacings(wrong, 'other.png')).toThrow(
      /^other\.png is 100 × 100 px; grid-engine's character sheet \(12 × 8 frames of 52 × 72\) is 624 × 576\.$/,
    );
  });
});
