// Draws assets/sprites/characters-8-facings.png: grid-engine's character sheet (4 facings: down, left, right,
// up) grown to the 8 facings of a world that walks diagonally. Run: `npx tsx tools/authoring/art/drawCharacterFacings.ts`.
//
// A diagonal is a 3/4 view spliced from two straight poses of the same design and walk frame: the head of the
// pose facing toward or away from the viewer (down for SE/SW, up for NE/NW) on the body of the side pose
// (right for NE/SE, left for SW/NW). The head says "toward me" or "away from me", the side body's stride says
// "sideways": together they read as walking diagonally, and every pixel is the original artist's, so the new
// rows keep the sheet's style, palette and outline. Every design bobs one art pixel down on its step frames, in
// every pose, so head and body of one walk frame fit; where the head ends differs by design (NECK below).
//
// The art is drawn at 2× (each art pixel is a 2 × 2 square), so the splice works on art pixels and writes them
// back doubled: no half-pixel seams. Deterministic: the same source gives the same bytes.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { CHARACTER_SHEET } from '../../../src/view/assets.ts';
import { FACING_ROWS } from '../../../src/view/characterFrames.ts';

/** The source sheet's rows per design, in its own order. */
const SRC_DOWN = 0;
const SRC_LEFT = 1;
const SRC_RIGHT = 2;
const SRC_UP = 3;
const SRC_ROWS = 4;

/** Art pixel size in screen pixels, and a frame in art pixels. */
const ART = 2;
const FW = CHARACTER_SHEET.frameWidth / ART;
const FH = CHARACTER_SHEET.frameHeight / ART;

/**
 * Per design (sheet order), the first art row below the head in a standing frame: under the chin for the front
 * view, under the hair for the back view. The designs share a body but not a head (hair from flat to tall,
 * faces from row 12 to row 21), so this was measured by eye on the enlarged sheet; the side pose's face ends
 * by the same row, so none of it shows under the spliced head.
 */
const NECK: readonly { down: number; up: number }[] = [
  { down: 16, up: 15 },
  { down: 20, up: 21 },
  { down: 20, up: 20 },
  { down: 21, up: 21 },
  { down: 20, up: 20 },
  { down: 18, up: 18 },
  { down: 20, up: 20 },
  { down: 22, up: 22 },
];
/** Walk columns whose figure bobs one art pixel down (the steps); the middle column stands. */
const BOB = [1, 0, 1];

type Recipe = { straight: number } | { head: typeof SRC_DOWN | typeof SRC_UP; body: number };

/** What each facing row (world direction order: N, NE, E, SE, S, SW, W, NW) is made of. */
const FACING_RECIPES: readonly Recipe[] = [
  { straight: SRC_UP },
  { head: SRC_UP, body: SRC_RIGHT },
  { straight: SRC_RIGHT },
  { head: SRC_DOWN, body: SRC_RIGHT },
  { straight: SRC_DOWN },
  { head: SRC_DOWN, body: SRC_LEFT },
  { straight: SRC_LEFT },
  { head: SRC_UP, body: SRC_LEFT },
];

/** The source sheet's shape: grid-engine's layout at 2×, checked so a different image fails with a sentence. */
function checkSource(src: PNG, file: string): void {
  const w = CHARACTER_SHEET.columns * CHARACTER_SHEET.frameWidth;
  const h = CHARACTER_SHEET.blocksDown * SRC_ROWS * CHARACTER_SHEET.frameHeight;
  if (src.width !== w || src.height !== h)
    throw new Error(
      `${file} is ${src.width} × ${src.height} px; grid-engine's character sheet (12 × 8 frames of 52 × 72) is ${w} × ${h}.`,
    );
  for (let y = 0; y < h; y += ART)
    for (let x = 0; x < w; x += ART) {
      const v = src.data.readUInt32BE((y * w + x) * 4);
      if (
        src.data.readUInt32BE((y * w + x + 1) * 4) !== v ||
        src.data.readUInt32BE(((y + 1) * w + x) * 4) !== v ||
        src.data.readUInt32BE(((y + 1) * w + x + 1) * 4) !== v
      )
        throw new Error(
          `${file} is not pixel art drawn at 2× (the 2 × 2 square at ${x}, ${y} has mixed colours).`,
        );
    }
}

/** One frame in art pixels, RGBA packed big-endian in a u32, 0 where transparent. */
type ArtFrame = Uint32Array;

function readFrame(src: PNG, frameX: number, frameY: number): ArtFrame {
  const f = new Uint32Array(FW * FH);
  for (let y = 0; y < FH; y++)
    for (let x = 0; x < FW; x++) {
      const v = src.data.readUInt32BE(((frameY + y * ART) * src.width + frameX + x * ART) * 4);
      f[y * FW + x] = (v & 255) === 0 ? 0 : v;
    }
  return f;
}

function writeFrame(dst: PNG, frameX: number, frameY: number, f: ArtFrame): void {
  for (let y = 0; y < FH * ART; y++)
    for (let x = 0; x < FW * ART; x++)
      dst.data.writeUInt32BE(
        f[((y / ART) | 0) * FW + ((x / ART) | 0)],
        ((frameY + y) * dst.width + frameX + x) * 4,
      );
}

/** The head's rows (above `neck`) of one pose over the body's rows of another. */
function splice(head: ArtFrame, body: ArtFrame, neck: number): ArtFrame {
  const f = body.slice();
  f.set(head.subarray(0, neck * FW));
  return f;
}

/**
 * Under the spliced head, parts of the side pose's body rows smaller than this many art pixels that touch no
 * other of them side by side are dropped: the tip of a braid whose root belonged to the side pose's head, left
 * floating beside the new one. (Side by side, not corner to corner: such a tip often touches the new head's
 * outline at a corner only.)
 */
const FRAGMENT = 8;

/** Drops those fragments from rows `neck` down (on this sheet: a braid's 3-pixel tip, in design 7's standing frames). */
function dropFragments(f: ArtFrame, neck: number): void {
  const seen = new Uint8Array(FW * FH);
  const stack: number[] = [];
  const members: number[] = [];
  for (let start = neck * FW; start < f.length; start++) {
    if (f[start] === 0 || seen[start]) continue;
    members.length = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      members.push(i);
      const x = i % FW;
      const y = (i - x) / FW;
      const near = [
        x > 0 ? i - 1 : -1,
        x < FW - 1 ? i + 1 : -1,
        y > neck ? i - FW : -1,
        y < FH - 1 ? i + FW : -1,
      ];
      for (const n of near)
        if (n >= 0 && f[n] !== 0 && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
    }
    if (members.length < FRAGMENT) for (const i of members) f[i] = 0;
  }
}

/** The 8-facing sheet drawn from grid-engine's 4-facing one. */
export function drawCharacterFacings(src: PNG, file = 'the character sheet'): PNG {
  checkSource(src, file);
  const { frameWidth: fw, frameHeight: fh, columns, blocksAcross, blocksDown } = CHARACTER_SHEET;
  const dst = new PNG({ width: columns * fw, height: blocksDown * FACING_ROWS * fh });
  dst.data.fill(0);
  for (let design = 0; design < blocksAcross * blocksDown; design++) {
    const bx = design % blocksAcross;
    const by = (design - bx) / blocksAcross;
    for (let col = 0; col < 3; col++) {
      const x = (bx * 3 + col) * fw;
      const pose = (srcRow: number) => readFrame(src, x, (by * SRC_ROWS + srcRow) * fh);
      for (let row = 0; row < FACING_ROWS; row++) {
        const recipe = FACING_RECIPES[row];
        let frame: ArtFrame;
        if ('straight' in recipe) frame = pose(recipe.straight);
        else {
          const neck = (recipe.head === SRC_DOWN ? NECK[design].down : NECK[design].up) + BOB[col];
          frame = splice(pose(recipe.head), pose(recipe.body), neck);
          dropFragments(frame, neck);
        }
        writeFrame(dst, x, (by * FACING_ROWS + row) * fh, frame);
      }
    }
  }
  return dst;
}

function main(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const from = join(root, 'assets', 'sprites', 'characters.png');
  const to = join(root, CHARACTER_SHEET.url);
  try {
    const sheet = drawCharacterFacings(PNG.sync.read(readFileSync(from)), from);
    writeFileSync(to, PNG.sync.write(sheet, { deflateLevel: 9, filterType: -1 }));
    console.log(`wrote ${to}: ${sheet.width} × ${sheet.height} px, 8 designs × 8 facings × 3 walk frames`);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
