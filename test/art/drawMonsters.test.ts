// The monster sheet: the committed image is what its script draws; every kind has a walk cycle and an idle pose
// in each of the 8 facings, the western facings mirror the eastern ones, the front, side and back views differ,
// and the kinds do not look alike (nor like the townsfolk).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import { MONSTER_KINDS, MONSTER_SHEET } from '../../src/view/assets.ts';
import { FACING_ROWS, IDLE_COLUMN } from '../../src/view/characterFrames.ts';
import { drawMonsters } from '../../tools/authoring/art/drawMonsters.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const sheet = PNG.sync.read(readFileSync(join(ROOT, MONSTER_SHEET.url)));
const { frameWidth: FW, frameHeight: FH } = MONSTER_SHEET;
const F = { N: 0, NE: 1, E: 2, SE: 3, S: 4, SW: 5, W: 6, NW: 7 };

/** One frame's RGBA bytes, optionally mirrored left to right. */
function frame(kind: number, facing: number, column: number, mirror = false): Buffer {
  const out = Buffer.alloc(FW * FH * 4);
  const left = (kind * 3 + column) * FW;
  for (let y = 0; y < FH; y++)
    for (let x = 0; x < FW; x++) {
      const from = ((facing * FH + y) * sheet.width + left + (mirror ? FW - 1 - x : x)) * 4;
      sheet.data.copy(out, (y * FW + x) * 4, from, from + 4);
    }
  return out;
}

function opaque(buf: Buffer): number {
  let n = 0;
  for (let i = 3; i < buf.length; i += 4) if (buf[i] === 255) n++;
  return n;
}

/** The lowest row drawn on (a bat's is its shadow): where the figure stands. */
function feet(buf: Buffer): number {
  for (let y = FH - 1; y >= 0; y--)
    for (let x = 0; x < FW; x++) if (buf[(y * FW + x) * 4 + 3] !== 0) return y;
  return -1;
}

/** The colour most of a kind's opaque pixels have, over its whole block (its body, not its outline). */
function mainColour(kind: number): [number, number, number] {
  const count = new Map<number, number>();
  for (let facing = 0; facing < FACING_ROWS; facing++)
    for (let column = 0; column < 3; column++) {
      const f = frame(kind, facing, column);
      for (let i = 0; i < f.length; i += 4) {
        // Opaque and not the dark outline.
        if (f[i + 3] !== 255 || Math.max(f[i], f[i + 1], f[i + 2]) < 80) continue;
        const rgb = (f[i] << 16) | (f[i + 1] << 8) | f[i + 2];
        count.set(rgb, (count.get(rgb) ?? 0) + 1);
      }
    }
  const [rgb] = [...count].sort((a, b) => b[1] - a[1])[0];
  return [rgb >> 16, (rgb >> 8) & 255, rgb & 255];
}

describe('the monster sheet', () => {
  test('the committed image is exactly what tools/authoring/art/drawMonsters.ts draws', () => {
    const again = drawMonsters();
    expect([sheet.width, sheet.height]).toEqual([3 * MONSTER_KINDS.length * FW, FACING_ROWS * FH]);
    expect(
      Buffer.compare(again.data, sheet.data),
      'rerun the script: npx tsx tools/authoring/art/drawMonsters.ts',
    ).toBe(0);
  });

  test('every kind has a figure in every facing and walk frame, standing where the townsfolk stand', () => {
    MONSTER_KINDS.forEach((kind, k) => {
      for (let facing = 0; facing < FACING_ROWS; facing++)
        for (let column = 0; column < 3; column++) {
          const f = frame(k, facing, column);
          const what = `${kind}, facing ${facing}, column ${column}`;
          expect(opaque(f), what).toBeGreaterThan(120);
          // Feet (or a bat's shadow) at the characters' feet line, 66 px down the 72 px frame.
          expect(feet(f), what).toBeGreaterThanOrEqual(62);
          expect(feet(f), what).toBeLessThanOrEqual(67);
        }
    });
  });

  test('walking is not standing: both step frames differ from the idle pose, and from each other', () => {
    MONSTER_KINDS.forEach((kind, k) => {
      for (let facing = 0; facing < FACING_ROWS; facing++) {
        const idle = frame(k, facing, IDLE_COLUMN);
        const a = frame(k, facing, 0);
        const b = frame(k, facing, 2);
        const what = `${kind}, facing ${facing}`;
        expect(a.equals(idle), what).toBe(false);
        expect(b.equals(idle), what).toBe(false);
        expect(a.equals(b), what).toBe(false);
      }
    });
  });

  test('the western facings are the eastern ones in a mirror; front, side and back are three views', () => {
    MONSTER_KINDS.forEach((kind, k) => {
      for (let column = 0; column < 3; column++) {
        for (const [west, east] of [
          [F.SW, F.SE],
          [F.W, F.E],
          [F.NW, F.NE],
        ])
          expect(frame(k, west, column).equals(frame(k, east, column, true)), `${kind} ${west}`).toBe(true);
        const views = [F.N, F.NE, F.E, F.SE, F.S].map((f) => frame(k, f, column));
        for (let i = 0; i < views.length; i++)
          for (let j = i + 1; j < views.length; j++)
            expect(views[i].equals(views[j]), `${kind}: facings ${i} and ${j}, column ${column}`).toBe(false);
      }
    });
  });

  test('the kinds do not look alike: a green slime, a purple bat, a bone-white skeleton', () => {
    const [slime, bat, skeleton] = MONSTER_KINDS.map((_, k) => mainColour(k));
    expect(slime[1]).toBeGreaterThan(slime[0] + 40);
    expect(slime[1]).toBeGreaterThan(slime[2] + 40);
    expect(bat[2]).toBeGreaterThan(bat[1] + 25);
    expect(Math.min(...skeleton)).toBeGreaterThan(150);
  });
});
