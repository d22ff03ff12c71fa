// Draws the dungeon tileset (assets/tilesets/dungeon-32px.png): flagstone floors, brick wall faces with
// torches, wall tops with lit rims, stairs, props. Seeded, so every run draws the same pixels.
import { COLUMNS, D, MARGIN, SPACING, TILE, TILE_COUNT } from './dungeonTiles.ts';
import { hex, packSheet, rng, Tile } from './pixels.ts';

const STONE = hex('#6b6459');
const MORTAR = hex('#3f3a33');
const BRICK = hex('#54505f');
const BRICK_MORTAR = hex('#2d2a35');
const WALL_TOP = hex('#27242d');
const RIM = hex('#5e5971');
const BLACK = hex('#0d0b10');

function flagstones(seed: number): Tile {
  const t = new Tile(TILE);
  const r = rng(seed);
  t.rect(0, 0, TILE, TILE, STONE);
  // Two courses of stones, the joints staggered so the floor does not read as a grid.
  const courses = [
    { y: 0, h: 16, joints: [0, 18] },
    { y: 16, h: 16, joints: [8, 26] },
  ];
  for (const c of courses) {
    const edges = [...c.joints, TILE];
    for (let k = 0; k < c.joints.length; k++) {
      const x0 = c.joints[k];
      const w = edges[k + 1] - x0;
      t.shade(x0, c.y, w, c.h, Math.round((r() - 0.5) * 18));
      t.shade(x0 + 1, c.y + 1, w - 1, 1, 14);
      t.shade(x0 + 1, c.y + 1, 1, c.h - 1, 8);
    }
    t.rect(0, c.y, TILE, 1, MORTAR);
    for (const j of c.joints) t.rect(j, c.y, 1, c.h, MORTAR);
  }
  t.grain(r, 5);
  return t;
}

function crack(t: Tile, seed: number) {
  const r = rng(seed);
  let x = 6 + Math.floor(r() * 8);
  for (let y = 3; y < 29; y++) {
    t.set(x, y, hex('#2f2b26'));
    if (r() < 0.35) x += r() < 0.5 ? -1 : 1;
    if (r() < 0.15) t.set(x + 1, y, hex('#2f2b26'));
  }
}

function moss(t: Tile, seed: number) {
  const r = rng(seed);
  for (let k = 0; k < 5; k++) {
    const cx = 4 + r() * 24;
    const cy = 4 + r() * 24;
    t.disc(cx, cy, 2 + r() * 3, hex('#4d6b37'), 200);
    t.disc(cx - 1, cy - 1, 1.2, hex('#6d8f4a'), 220);
  }
}

function bricks(seed: number): Tile {
  const t = new Tile(TILE);
  const r = rng(seed);
  t.rect(0, 0, TILE, TILE, BRICK);
  for (let row = 0; row < 4; row++) {
    const y = row * 8;
    const offset = row % 2 === 0 ? 0 : 8;
    for (let x = -offset; x < TILE; x += 16) {
      t.shade(x, y, 16, 8, Math.round((r() - 0.5) * 16));
      t.shade(x + 1, y + 1, 14, 1, 12);
      t.rect(x, y, 1, 8, BRICK_MORTAR);
    }
    t.rect(0, y, TILE, 1, BRICK_MORTAR);
  }
  t.grain(r, 4);
  // The lip where the wall top meets the face, and the foot where the face meets the floor.
  t.rect(0, 0, TILE, 3, RIM);
  t.rect(0, 3, TILE, 1, BRICK_MORTAR);
  t.shade(0, 28, TILE, 4, -22);
  return t;
}

function torch(t: Tile) {
  const glow = hex('#ffb347');
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      const d = Math.hypot(x - 16, y - 10);
      if (d < 14) t.set(x, y, glow, Math.round((1 - d / 14) * 70));
    }
  }
  t.rect(14, 14, 4, 10, hex('#5a3a22'));
  t.rect(12, 13, 8, 2, hex('#3a3a40'));
  t.disc(16, 10, 4, hex('#e8632b'));
  t.disc(16, 9, 2.6, hex('#ffb347'));
  t.disc(16, 8.5, 1.3, hex('#fff2b0'));
}

function wallTop(mask: number, seed: number): Tile {
  const t = new Tile(TILE);
  const r = rng(seed);
  t.rect(0, 0, TILE, TILE, WALL_TOP);
  t.grain(r, 4);
  const rim = (x: number, y: number, w: number, h: number) => t.rect(x, y, w, h, RIM);
  if (mask & 1) rim(0, 0, TILE, 3);
  if (mask & 2) rim(TILE - 3, 0, 3, TILE);
  if (mask & 4) rim(0, TILE - 3, TILE, 3);
  if (mask & 8) rim(0, 0, 3, TILE);
  return t;
}

function stairs(): Tile {
  const t = flagstones(71);
  t.rect(4, 0, 24, TILE, BLACK);
  // Steps climb away from the viewer: each higher step is narrower in view and darker.
  for (let s = 0; s < 5; s++) {
    const y = 28 - s * 6;
    const light = 150 - s * 22;
    t.rect(4, y - 4, 24, 4, [light, light - 6, light - 14]);
    t.rect(4, y, 24, 2, [light - 50, light - 56, light - 62]);
  }
  t.rect(2, 0, 2, TILE, hex('#3b3742'));
  t.rect(28, 0, 2, TILE, hex('#3b3742'));
  return t;
}

function rubble(): Tile {
  const t = flagstones(33);
  const rocks: [number, number, number][] = [
    [10, 20, 7],
    [21, 22, 6],
    [16, 12, 6],
    [24, 12, 4],
  ];
  for (const [x, y, rad] of rocks) t.disc(x + 1, y + 2, rad, hex('#2a2622'), 160);
  for (const [x, y, rad] of rocks) {
    t.disc(x, y, rad, hex('#7d7872'));
    t.disc(x - rad / 3, y - rad / 3, rad / 2, hex('#a19b93'));
  }
  return t;
}

function bones(): Tile {
  const t = flagstones(44);
  const bone = hex('#d9d2bf');
  t.disc(12, 13, 4.5, bone);
  t.rect(10, 16, 5, 3, bone);
  t.disc(10.5, 13, 1.2, BLACK);
  t.disc(13.5, 13, 1.2, BLACK);
  for (let k = 0; k < 10; k++) t.set(17 + k, 21 + (k >> 2), bone);
  t.disc(17, 21, 1.5, bone);
  t.disc(27, 23, 1.5, bone);
  return t;
}

function water(): Tile {
  const t = new Tile(TILE);
  const r = rng(9);
  t.rect(0, 0, TILE, TILE, hex('#1d3350'));
  t.grain(r, 3);
  for (const [y, x0] of [
    [6, 3],
    [14, 15],
    [22, 6],
    [28, 20],
  ]) {
    t.rect(x0, y, 8, 1, hex('#3d6896'));
    t.rect(x0 + 2, y - 1, 4, 1, hex('#5a8bbf'));
  }
  return t;
}

function carpet(): Tile {
  const t = new Tile(TILE);
  t.rect(0, 0, TILE, TILE, hex('#6e1c22'));
  for (let x = 0; x < TILE; x += 8) {
    t.disc(x + 4, 16, 2, hex('#8d2a31'));
  }
  t.rect(0, 2, TILE, 2, hex('#c9a23a'));
  t.rect(0, 28, TILE, 2, hex('#c9a23a'));
  t.rect(0, 0, TILE, 2, hex('#3f1014'));
  t.rect(0, 30, TILE, 2, hex('#3f1014'));
  return t;
}

function arch(): Tile {
  const t = new Tile(TILE);
  // Only the lintel is opaque: the doorway below stays see-through, a character's head passes under it.
  const lintel = bricks(5);
  for (let y = 0; y < 11; y++) for (let x = 0; x < TILE; x++) t.set(x, y, lintel.get(x, y));
  t.rect(0, 11, TILE, 2, BRICK_MORTAR);
  t.rect(13, 0, 6, 10, hex('#6e6a7a'));
  t.rect(13, 9, 6, 1, BRICK_MORTAR);
  return t;
}

function grate(): Tile {
  const t = flagstones(55);
  t.rect(7, 7, 18, 18, BLACK);
  for (let k = 0; k < 4; k++) t.rect(9 + k * 4, 7, 2, 18, hex('#5b5f66'));
  t.rect(7, 7, 18, 2, hex('#7b8088'));
  t.rect(7, 23, 18, 2, hex('#464a50'));
  return t;
}

function chest(): Tile {
  const t = flagstones(66);
  t.rect(6, 24, 22, 4, hex('#2a2622'), 140);
  t.rect(5, 10, 22, 16, hex('#6b4423'));
  t.rect(5, 10, 22, 6, hex('#845631'));
  t.rect(5, 16, 22, 2, hex('#c9a23a'));
  t.rect(14, 14, 4, 6, hex('#e0c15a'));
  t.rect(5, 10, 2, 16, hex('#c9a23a'));
  t.rect(25, 10, 2, 16, hex('#c9a23a'));
  return t;
}

function pillar(): Tile {
  const t = flagstones(77);
  t.disc(17, 27, 9, hex('#2a2622'), 150);
  t.rect(8, 8, 16, 20, hex('#8a8580'));
  t.rect(8, 8, 4, 20, hex('#a39e98'));
  t.rect(20, 8, 4, 20, hex('#6a6660'));
  t.rect(6, 24, 20, 5, hex('#77726c'));
  t.rect(6, 4, 20, 5, hex('#b3aea8'));
  return t;
}

function candles(): Tile {
  const t = flagstones(88);
  for (const [x, y, h] of [
    [9, 20, 8],
    [16, 24, 6],
    [22, 19, 9],
  ]) {
    t.disc(x + 1, y + h, 3, hex('#cfc6a8'), 200);
    t.rect(x, y, 3, h, hex('#efe6cc'));
    t.disc(x + 1.5, y - 2, 1.6, hex('#ffb347'));
    t.set(x + 1, y - 3, hex('#fff2b0'));
  }
  return t;
}

export function drawDungeonTiles(): Buffer {
  const tiles: Tile[] = new Array(TILE_COUNT);
  tiles[D.floor] = flagstones(1);
  tiles[D.floorCracked] = flagstones(2);
  crack(tiles[D.floorCracked], 3);
  tiles[D.floorMoss] = flagstones(4);
  moss(tiles[D.floorMoss], 5);
  tiles[D.floorShadow] = flagstones(1);
  for (let y = 0; y < 12; y++) tiles[D.floorShadow].shade(0, y, TILE, 1, -Math.round(46 * (1 - y / 12)));
  tiles[D.wallFace] = bricks(6);
  tiles[D.wallTorch] = new Tile(TILE).copyFrom(bricks(6));
  torch(tiles[D.wallTorch]);
  tiles[D.stairsUp] = stairs();
  tiles[D.rubble] = rubble();
  tiles[D.bones] = bones();
  tiles[D.water] = water();
  tiles[D.carpet] = carpet();
  tiles[D.arch] = arch();
  tiles[D.grate] = grate();
  tiles[D.chest] = chest();
  tiles[D.pillar] = pillar();
  tiles[D.candles] = candles();
  for (let m = 0; m < 16; m++) tiles[D.wallTop + m] = wallTop(m, 100 + m);
  return packSheet(tiles, COLUMNS, MARGIN, SPACING);
}
