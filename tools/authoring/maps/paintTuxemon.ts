// Turns a character layout (one string per row) into the three tile layers of a Tuxemon-art map:
// `Ground` (grass, sand paths, water), `World` (everything that stands: trees, houses, fences, lamps) and
// `Above` (roofs and lamp heads, drawn over characters). The town's hand-drawn layout and the field's
// generated one both go through here, so both read the same way.
import {
  FENCE,
  FLOWERS,
  GRASS,
  LAMP,
  ROCKS,
  STAMPS,
  type Stamp,
  sandTile,
  stampTile,
  TREE,
  WATER,
} from './tuxemon.ts';

/**
 * Legend:
 *   .  grass           ,  flowers on grass     =  sand path (at least 2 wide)     ~  water
 *   T  forest (2×2 trees, aligned to even x and y)         r  rock        f  fence (horizontal run)
 *   l  lamp post (its head is drawn on the row above, over characters)
 *   Houses and props are rectangles of one letter, exactly the stamp's size:
 *   W white house  K keep (its door leads underground)  R red house  C clinic  S shop  B blue house
 *   L log house  O office  F fountain  b bush  s stump  Q statue
 */
export const STAMP_LETTERS: Record<string, Stamp> = {
  W: STAMPS.whiteHouse,
  K: STAMPS.keep,
  R: STAMPS.redHouse,
  C: STAMPS.clinic,
  S: STAMPS.shop,
  B: STAMPS.blueHouse,
  L: STAMPS.logHouse,
  O: STAMPS.office,
  F: STAMPS.fountain,
  b: STAMPS.bush,
  s: STAMPS.stump,
  Q: STAMPS.statue,
};

export interface PaintedLayers {
  width: number;
  height: number;
  /** Global tile ids (firstgid 1), 0 where a layer holds nothing. */
  ground: Uint32Array;
  world: Uint32Array;
  above: Uint32Array;
  /** Where each stamp landed (top-left tile), in layout order: a map script finds its doors here. */
  stamps: { letter: string; x: number; y: number }[];
}

/** A cheap, stable hash so flower and rock choices never change between runs. */
function pick<T>(list: readonly T[], x: number, y: number): T {
  let h = (x * 374761393 + y * 668265263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return list[((h ^ (h >>> 16)) >>> 0) % list.length];
}

export function paintTuxemon(rows: readonly string[], mapName: string): PaintedLayers {
  const height = rows.length;
  const width = rows[0].length;
  rows.forEach((r, y) => {
    if (r.length !== width) throw new Error(`${mapName}: layout row ${y} is ${r.length} wide, not ${width}`);
  });
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= width || y >= height ? '' : rows[y][x]);
  const n = width * height;
  const ground = new Uint32Array(n).fill(GRASS + 1);
  const world = new Uint32Array(n);
  const above = new Uint32Array(n);
  const stamps: PaintedLayers['stamps'] = [];
  const used = new Uint8Array(n);
  // A path continues under the map's edge, so a road leaving the map has no border drawn across it.
  const isPath = (x: number, y: number) => {
    const c = at(Math.min(width - 1, Math.max(0, x)), Math.min(height - 1, Math.max(0, y)));
    return c === '=';
  };

  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const c = rows[y][x];
      switch (c) {
        case '.':
          break;
        case ',':
          ground[i] = pick(FLOWERS, x, y) + 1;
          break;
        case '=':
          ground[i] = sandTile(isPath, x, y) + 1;
          break;
        case '~':
          ground[i] = WATER[x % WATER.length] + 1;
          break;
        case 'T':
          world[i] = TREE[(y & 1) * 2 + (x & 1)] + 1;
          break;
        case 'r':
          world[i] = pick(ROCKS, x, y) + 1;
          break;
        case 'f':
          world[i] = (at(x - 1, y) !== 'f' ? FENCE.left : at(x + 1, y) !== 'f' ? FENCE.right : FENCE.mid) + 1;
          break;
        case 'l':
          world[i] = LAMP.foot + 1;
          if (y > 0) above[i - width] = LAMP.head + 1;
          break;
        default: {
          const stamp = STAMP_LETTERS[c];
          if (!stamp) throw new Error(`${mapName}: unknown layout character '${c}' at ${x},${y}`);
          if (used[i]) break;
          placeStamp(stamp, c, x, y);
        }
      }
    }
  }

  function placeStamp(stamp: Stamp, letter: string, x0: number, y0: number) {
    for (let dy = 0; dy < stamp.h; dy++) {
      for (let dx = 0; dx < stamp.w; dx++) {
        const x = x0 + dx;
        const y = y0 + dy;
        if (at(x, y) !== letter) {
          throw new Error(`${mapName}: '${letter}' at ${x0},${y0} must fill ${stamp.w}×${stamp.h} tiles`);
        }
        const i = y * width + x;
        used[i] = 1;
        (dy < stamp.aboveRows ? above : world)[i] = stampTile(stamp, dx, dy) + 1;
      }
    }
    stamps.push({ letter, x: x0, y: y0 });
  }

  return { width, height, ground, world, above, stamps };
}
